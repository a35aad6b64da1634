import { useRef } from 'react'
import { formatFileSize } from '../../shared/format.ts'
import { FileIcon } from '../../shared/ui/icons.tsx'
import { Button, FormLabel } from '../../shared/ui/nlds.ts'
import { FieldSet, describedBy } from '../../shared/ui/Field.tsx'
import type { ExistingFile } from './form-values.ts'
import { UPLOAD_TEXTS as TEXTS } from './texts.ts'

/**
 * The document's files: on edit the current ones, each kept or removed, and new files added.
 * Files can be chosen in several rounds; each round adds to the list.
 */
export function FilesField({
  id,
  existingFiles,
  newFiles,
  accept,
  hint,
  error,
  onExistingChange,
  onNewFilesChange,
}: {
  id: string
  existingFiles: ExistingFile[]
  newFiles: File[]
  accept: string
  hint: string
  error?: string
  onExistingChange: (files: ExistingFile[]) => void
  onNewFilesChange: (files: File[]) => void
}) {
  const input = useRef<HTMLInputElement>(null)
  const inputId = `${id}-input`

  const add = (chosen: FileList | null) => {
    if (!chosen || chosen.length === 0) return
    const known = new Set(newFiles.map(fileKey))
    onNewFilesChange([...newFiles, ...[...chosen].filter((file) => !known.has(fileKey(file)))])
    // The same file can be chosen again after it was taken off the list.
    if (input.current) input.current.value = ''
  }

  const setKeep = (fileId: string, keep: boolean) =>
    onExistingChange(
      existingFiles.map((existing) =>
        existing.file.id === fileId ? { ...existing, keep } : existing,
      ),
    )

  return (
    <FieldSet id={id} legend={TEXTS.files} hint={hint} error={error} required>
      {existingFiles.length > 0 && (
        <>
          <h3 className="utrecht-heading-3 portal-files-heading">{TEXTS.existingFiles}</h3>
          <ul className="portal-files-list">
            {existingFiles.map(({ file, keep }) => (
              <li key={file.id} className="portal-files-item">
                <FileSummary name={file.fileName} size={file.size} removed={!keep} />
                <div role="radiogroup" aria-label={file.fileName} className="portal-files-keep">
                  {[true, false].map((option) => {
                    const radioId = `${id}-${file.id}-${option ? 'keep' : 'remove'}`
                    return (
                      <span key={radioId} className="utrecht-form-field utrecht-form-field--radio">
                        <input
                          type="radio"
                          id={radioId}
                          name={`${id}-${file.id}`}
                          className="utrecht-radio-button utrecht-radio-button--html-input utrecht-form-field__input"
                          checked={keep === option}
                          onChange={() => setKeep(file.id, option)}
                        />
                        <FormLabel
                          htmlFor={radioId}
                          type="radio"
                          className="utrecht-form-field__label"
                        >
                          {option ? TEXTS.keep : TEXTS.remove}
                        </FormLabel>
                      </span>
                    )
                  })}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}

      {newFiles.length > 0 && (
        <>
          {existingFiles.length > 0 && (
            <h3 className="utrecht-heading-3 portal-files-heading">{TEXTS.newFiles}</h3>
          )}
          <ul className="portal-files-list" aria-label={TEXTS.newFiles}>
            {newFiles.map((file) => (
              <li key={fileKey(file)} className="portal-files-item">
                <FileSummary name={file.name} size={file.size} />
                <Button
                  appearance="subtle-button"
                  onClick={() => onNewFilesChange(newFiles.filter((other) => other !== file))}
                >
                  {TEXTS.removeNewFile} <span className="portal-visually-hidden">{file.name}</span>
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}

      <div className="portal-files-picker">
        {/* The native input, labelled and styled as a button: keyboard and screen readers know it. */}
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={accept}
          className="portal-files-input"
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(id, Boolean(hint), error)}
          onChange={(event) => add(event.target.files)}
        />
        <FormLabel htmlFor={inputId} className="portal-files-button">
          {existingFiles.length + newFiles.length > 0 ? TEXTS.addMoreFiles : TEXTS.addFiles}
        </FormLabel>
      </div>
    </FieldSet>
  )
}

function FileSummary({
  name,
  size,
  removed = false,
}: {
  name: string
  size: number
  removed?: boolean
}) {
  return (
    <span className={`portal-files-summary${removed ? ' portal-files-summary--removed' : ''}`}>
      <FileIcon className="portal-icon portal-files-icon" />
      <span className="portal-files-name">{name}</span>
      <span className="portal-files-size">{formatFileSize(size)}</span>
    </span>
  )
}

/** Two choices of the same file (same name, size and date) count once. */
const fileKey = (file: File) => `${file.name}|${file.size}|${file.lastModified}`

import type { DocumentFile } from '@dataportaal/contract'
import { formatFileSize } from '../../shared/format.ts'
import { FileIcon } from '../../shared/ui/icons.tsx'
import { DownloadLink } from '../../shared/documents/DownloadLink.tsx'
import { formatName } from '../../shared/documents/file-types.ts'
import { texts } from './texts.ts'

/** The document's files, each with its type in words, its size and a download link. */
export function FileList({ files }: { files: DocumentFile[] }) {
  return (
    <section className="portal-document-section" aria-labelledby="document-bestanden">
      <h2 id="document-bestanden" className="utrecht-heading-2">
        {texts.filesHeading}
      </h2>
      {files.length === 0 ? (
        <p className="utrecht-paragraph">{texts.noFiles}</p>
      ) : (
        <ul className="portal-document-files">
          {files.map((file) => (
            <li key={file.id} className="portal-document-file">
              <FileIcon className="portal-icon portal-document-file__icon" />
              <span className="portal-document-file__name">{file.fileName}</span>
              <span className="portal-document-file__details">
                {texts.fileDetails(formatName(file), formatFileSize(file.size))}
              </span>
              <DownloadLink
                target={file}
                // The visible text comes first, so speech input ('klik Downloaden') still works.
                label={`${texts.download} ${file.fileName}`}
              />
              {file.extractionStatus === 'failed' && (
                <span className="portal-document-file__note">
                  {texts.notSearchable(file.extractionError)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

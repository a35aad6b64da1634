import { DOCUMENT_LIMITS, UPLOAD_LIMITS, type UploadOptions } from '@dataportaal/contract'
import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { useConfig } from '../../shared/api/config.ts'
import { CountedTextarea } from '../../shared/ui/CountedTextarea.tsx'
import { ErrorSummary } from '../../shared/ui/ErrorSummary.tsx'
import { Field, describedBy } from '../../shared/ui/Field.tsx'
import { Button, ButtonGroup, Textbox } from '../../shared/ui/nlds.ts'
import { CoverageFields } from './CoverageFields.tsx'
import { FilesField } from './FilesField.tsx'
import {
  FIELD_ORDER,
  OTHER_LICENSE,
  acceptOf,
  fileTypeNames,
  hasErrors,
  validate,
  type DocumentFormValues,
  type FieldErrors,
  type FieldName,
  type UploadLimits,
} from './form-values.ts'
import { LicenseField } from './LicenseField.tsx'
import { QualityMeter } from './QualityMeter.tsx'
import { ThemesField } from './ThemesField.tsx'
import { UPLOAD_TEXTS as TEXTS } from './texts.ts'
import { UploadProgress } from './UploadProgress.tsx'
import { useDocumentSubmit } from './use-document-submit.ts'
import { WooCategoryField } from './WooCategoryField.tsx'
import './upload.css'

export interface DocumentFormProps {
  initialValues: DocumentFormValues
  options: UploadOptions
  themeNames: string[]
  /** The document being edited; a new upload without it. */
  contentUID?: string
  cancelHref: string
}

/**
 * The one form for a new upload and for an edit. Checked in the browser first, with the
 * contract's limits, then by the server; both answers appear next to the fields. While the
 * files are sent the whole form is disabled and a progress bar shows how far it is.
 */
export function DocumentForm({
  initialValues,
  options,
  themeNames,
  contentUID,
  cancelHref,
}: DocumentFormProps) {
  const id = useId()
  const ids = {
    title: `${id}-titel`,
    description: `${id}-beschrijving`,
    contentTypeName: `${id}-soort`,
    sourceFriendlyName: `${id}-bron`,
    sources: `${id}-bronnen`,
    themes: `${id}-themas`,
    wooCategory: `${id}-woo-categorie`,
    temporal: `${id}-periode`,
    spatial: `${id}-gebied`,
    license: `${id}-licentie`,
    files: `${id}-bestanden`,
  }
  const { maxUploadMb } = useConfig()
  const limits: UploadLimits = {
    maxUploadMb,
    maxFilesPerRequest: options.maxFilesPerRequest,
    fileTypes: options.fileTypes,
  }
  const [values, setValues] = useState(initialValues)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [general, setGeneral] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  const { submit, progress, uploading } = useDocumentSubmit(contentUID)

  /** A change clears that field's error, or shows the one it still has once the user has tried. */
  const change = (next: Partial<DocumentFormValues>, field: FieldName) => {
    const updated = { ...values, ...next }
    setValues(updated)
    if (errors[field]) setErrors({ ...errors, [field]: validate(updated, limits)[field] })
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (uploading) return
    const found = validate(values, limits)
    setGeneral(null)
    setErrors(found)
    setAttempt((count) => count + 1)
    if (hasErrors(found)) return
    const rejection = await submit(values)
    if (rejection) {
      setErrors(rejection.fields)
      setGeneral(rejection.general)
      setAttempt((count) => count + 1)
    }
  }

  const focusTarget = (field: FieldName) =>
    field === 'license' && values.license === OTHER_LICENSE
      ? `${ids.license}-other-text`
      : field === 'files'
        ? `${ids.files}-input`
        : field === 'temporal'
          ? `${ids.temporal}-start`
          : ids[field]

  const contentTypes = options.contentTypes.includes(values.contentTypeName)
    ? options.contentTypes
    : [values.contentTypeName, ...options.contentTypes].filter(Boolean)

  return (
    <form
      className="portal-form portal-document-form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
    >
      {(hasErrors(errors) || general) && (
        <ErrorSummary
          items={FIELD_ORDER.flatMap((field) => {
            const message = errors[field]
            return message ? [{ target: focusTarget(field), message }] : []
          })}
          general={general}
          focusKey={attempt}
        />
      )}
      <fieldset className="portal-document-form__fields" disabled={uploading}>
        <Field
          id={ids.title}
          label={TEXTS.title}
          error={errors.title}
          required
          hint={TEXTS.titleHint(DOCUMENT_LIMITS.titleMin, DOCUMENT_LIMITS.titleMax)}
        >
          <Textbox
            id={ids.title}
            value={values.title}
            invalid={Boolean(errors.title)}
            aria-invalid={Boolean(errors.title)}
            aria-describedby={describedBy(ids.title, true, errors.title)}
            aria-required
            autoComplete="off"
            onChange={(event) => change({ title: event.target.value }, 'title')}
          />
        </Field>

        <CountedTextarea
          id={ids.description}
          label={TEXTS.description}
          hint={TEXTS.descriptionHint}
          error={errors.description}
          value={values.description}
          limit={DOCUMENT_LIMITS.descriptionMax}
          charactersLeft={TEXTS.charactersLeft}
          onChange={(description) => change({ description }, 'description')}
        />

        <Field
          id={ids.contentTypeName}
          label={TEXTS.contentType}
          error={errors.contentTypeName}
          required
        >
          <select
            id={ids.contentTypeName}
            className={`utrecht-select utrecht-select--html-select${errors.contentTypeName ? ' utrecht-select--invalid' : ''}`}
            value={values.contentTypeName}
            aria-invalid={Boolean(errors.contentTypeName)}
            aria-describedby={describedBy(ids.contentTypeName, false, errors.contentTypeName)}
            onChange={(event) => change({ contentTypeName: event.target.value }, 'contentTypeName')}
          >
            {contentTypes.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </Field>

        <Field
          id={ids.sourceFriendlyName}
          label={TEXTS.source}
          hint={TEXTS.sourceHint}
          error={errors.sourceFriendlyName}
          required
        >
          <Textbox
            id={ids.sourceFriendlyName}
            value={values.sourceFriendlyName}
            list={ids.sources}
            maxLength={UPLOAD_LIMITS.sourceMax}
            invalid={Boolean(errors.sourceFriendlyName)}
            aria-invalid={Boolean(errors.sourceFriendlyName)}
            aria-describedby={describedBy(ids.sourceFriendlyName, true, errors.sourceFriendlyName)}
            aria-required
            autoComplete="off"
            onChange={(event) =>
              change({ sourceFriendlyName: event.target.value }, 'sourceFriendlyName')
            }
          />
          <datalist id={ids.sources}>
            {options.sources.map((source) => (
              <option key={source} value={source} />
            ))}
          </datalist>
        </Field>

        <ThemesField
          id={ids.themes}
          vocabulary={themeNames}
          value={values.themes}
          error={errors.themes}
          onChange={(themes) => change({ themes }, 'themes')}
        />

        <WooCategoryField
          id={ids.wooCategory}
          value={values.wooCategory}
          error={errors.wooCategory}
          onChange={(wooCategory) => change({ wooCategory }, 'wooCategory')}
        />

        <CoverageFields
          id={ids}
          documentId={contentUID}
          values={values}
          existingFiles={values.existingFiles}
          defaultSpatial={options.defaultSpatial}
          errors={errors}
          onChange={change}
        />

        <LicenseField
          id={ids.license}
          license={values.license}
          otherLicense={values.otherLicense}
          error={errors.license}
          onChange={(next) => change(next, 'license')}
        />

        <FilesField
          id={ids.files}
          existingFiles={values.existingFiles}
          newFiles={values.newFiles}
          accept={acceptOf(limits)}
          hint={TEXTS.filesHint(fileTypeNames(limits), maxUploadMb)}
          error={errors.files}
          onExistingChange={(existingFiles) => change({ existingFiles }, 'files')}
          onNewFilesChange={(newFiles) => change({ newFiles }, 'files')}
        />

        <QualityMeter values={values} options={options} />

        {progress !== null && <UploadProgress fraction={progress} />}

        <ButtonGroup className="portal-form__buttons">
          <Button type="submit" appearance="primary-action-button" busy={uploading}>
            {contentUID ? TEXTS.submitEdit : TEXTS.submitUpload}
          </Button>
          {!uploading && (
            <Link
              className="utrecht-button-link utrecht-button-link--html-a utrecht-button-link--secondary-action"
              to={cancelHref}
            >
              {TEXTS.cancel}
            </Link>
          )}
        </ButtonGroup>
      </fieldset>
    </form>
  )
}

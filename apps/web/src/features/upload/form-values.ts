import {
  UPLOAD_FIELDS,
  UploadForm,
  findLicence,
  type DocumentDetail,
  type DocumentFile,
  type Problem,
  type UploadFormInput,
  type UploadOptions,
  type WooCategory,
} from '@dataportaal/contract'
import {
  fieldErrorsFromProblem,
  hasFieldErrors,
  unplacedMessages,
  validateWith,
  type FieldErrors as FieldErrorsOf,
} from '../../shared/forms/field-errors.ts'
import { UPLOAD_TEXTS as TEXTS } from './texts.ts'

/**
 * The licence radio button for one typed in; the others are the contract's LICENCES, each
 * with its URI as value.
 */
export const OTHER_LICENSE = 'anders'

export interface ExistingFile {
  file: DocumentFile
  keep: boolean
}

/** What the form holds: the document's fields as typed, and the files old and new. */
export interface DocumentFormValues {
  title: string
  description: string
  contentTypeName: string
  sourceFriendlyName: string
  themes: string[]
  /** The URI of one of the LICENCES, or OTHER_LICENSE with the text in `otherLicense`. */
  license: string
  otherLicense: string
  /** '' for a document that is no Woo document. */
  wooCategory: WooCategory | ''
  /** The period it is about, ISO dates; '' for an open end. */
  temporalStart: string
  temporalEnd: string
  /** The URI of the area it is about; '' for the city's (the server's default). */
  spatial: string
  existingFiles: ExistingFile[]
  newFiles: File[]
}

export type FieldName =
  | 'title'
  | 'description'
  | 'contentTypeName'
  | 'sourceFriendlyName'
  | 'themes'
  | 'wooCategory'
  | 'temporal'
  | 'spatial'
  | 'license'
  | 'files'

/** The order of the fields on screen, for the error summary. */
export const FIELD_ORDER: FieldName[] = [
  'title',
  'description',
  'contentTypeName',
  'sourceFriendlyName',
  'themes',
  'wooCategory',
  'temporal',
  'spatial',
  'license',
  'files',
]

export type FieldErrors = FieldErrorsOf<FieldName>

export interface UploadLimits {
  maxUploadMb: number
  maxFilesPerRequest: number
  fileTypes: UploadOptions['fileTypes']
}

/**
 * The licence fields for a stored or default licence: a licence of the list is chosen by its
 * URI, also when it is stored by its SPDX id from before the URIs; any other text is 'other'.
 */
function licenseValues(license: string): Pick<DocumentFormValues, 'license' | 'otherLicense'> {
  const known = findLicence(license)
  return known
    ? { license: known.uri, otherLicense: '' }
    : { license: OTHER_LICENSE, otherLicense: license }
}

/** The content type a new upload starts with (design decisions: the list's default). */
const DEFAULT_CONTENT_TYPE = 'Dataset'

export function emptyValues(
  options: Pick<UploadOptions, 'defaultLicense' | 'contentTypes'>,
): DocumentFormValues {
  return {
    title: '',
    description: '',
    contentTypeName: options.contentTypes.includes(DEFAULT_CONTENT_TYPE)
      ? DEFAULT_CONTENT_TYPE
      : (options.contentTypes[0] ?? ''),
    sourceFriendlyName: '',
    themes: [],
    ...licenseValues(options.defaultLicense),
    wooCategory: '',
    temporalStart: '',
    temporalEnd: '',
    spatial: '',
    existingFiles: [],
    newFiles: [],
  }
}

/** The form filled in with a document, every existing file kept. */
export function valuesOf(detail: DocumentDetail): DocumentFormValues {
  return {
    title: detail.title,
    description: detail.description,
    contentTypeName: detail.contentTypeName,
    sourceFriendlyName: detail.sourceFriendlyName,
    themes: detail.themes ?? [],
    ...licenseValues(detail.license),
    wooCategory: detail.wooCategory ?? '',
    temporalStart: detail.coverage?.temporalStart ?? '',
    temporalEnd: detail.coverage?.temporalEnd ?? '',
    spatial: detail.coverage?.spatial ?? '',
    existingFiles: detail.files.map((file) => ({ file, keep: true })),
    newFiles: [],
  }
}

export const licenseOf = (values: DocumentFormValues) =>
  values.license === OTHER_LICENSE ? values.otherLicense.trim() : values.license

/** Sizes are checked in binary megabytes, so a file the server accepts is never refused here. */
const BYTES_PER_MB = 1024 * 1024

const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.')
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : ''
}

export const fileTypeNames = (limits: UploadLimits) =>
  limits.fileTypes.map((type) => type.label).join(', ')

/** For the file input: extensions and media types, so the browser's picker offers only these. */
export const acceptOf = (limits: UploadLimits) =>
  limits.fileTypes
    .flatMap((type) => [...type.extensions.map((extension) => `.${extension}`), type.mediaType])
    .join(',')

function fileError(values: DocumentFormValues, limits: UploadLimits): string | undefined {
  const { existingFiles, newFiles } = values
  const kept = existingFiles.filter((existing) => existing.keep).length
  if (kept + newFiles.length === 0) return TEXTS.errors.filesMissing
  if (newFiles.length > limits.maxFilesPerRequest) {
    return TEXTS.errors.filesTooMany(limits.maxFilesPerRequest)
  }
  const allowed = new Set(limits.fileTypes.flatMap((type) => type.extensions))
  const maxBytes = limits.maxUploadMb * BYTES_PER_MB
  for (const file of newFiles) {
    // A name without an extension is left to the server, which judges the content.
    const extension = extensionOf(file.name)
    if (allowed.size > 0 && extension !== '' && !allowed.has(extension)) {
      return TEXTS.errors.fileTypeRefused(file.name, fileTypeNames(limits))
    }
    if (file.size === 0) return TEXTS.errors.fileEmpty(file.name)
    if (file.size > maxBytes) return TEXTS.errors.fileTooLargeNamed(file.name, limits.maxUploadMb)
  }
  const total = newFiles.reduce((sum, file) => sum + file.size, 0)
  if (total > maxBytes) return TEXTS.errors.filesTooLarge(limits.maxUploadMb)
  return undefined
}

/** The form field a path points at ('body.title', 'themes.2', 'keepFileIds.0'). */
const FIELD_OF_NAME: Record<string, FieldName> = {
  [UPLOAD_FIELDS.title]: 'title',
  [UPLOAD_FIELDS.description]: 'description',
  [UPLOAD_FIELDS.contentTypeName]: 'contentTypeName',
  [UPLOAD_FIELDS.sourceFriendlyName]: 'sourceFriendlyName',
  [UPLOAD_FIELDS.themes]: 'themes',
  [UPLOAD_FIELDS.license]: 'license',
  [UPLOAD_FIELDS.wooCategory]: 'wooCategory',
  [UPLOAD_FIELDS.temporalStart]: 'temporal',
  [UPLOAD_FIELDS.temporalEnd]: 'temporal',
  [UPLOAD_FIELDS.spatial]: 'spatial',
  [UPLOAD_FIELDS.files]: 'files',
  [UPLOAD_FIELDS.keepFileIds]: 'files',
}

/** Left empty (or only spaces) counts as not sent, as the server reads the form. */
const sent = (value: string) => (value.trim() === '' ? undefined : value)

/** The document's fields as the server will read them from `toFormData` (some maybe missing). */
function formInput(values: DocumentFormValues): Partial<UploadFormInput> {
  return {
    title: sent(values.title),
    description: sent(values.description),
    contentTypeName: sent(values.contentTypeName),
    sourceFriendlyName: sent(values.sourceFriendlyName),
    themes: values.themes,
    license: sent(licenseOf(values)),
    wooCategory: values.wooCategory || undefined,
    temporalStart: sent(values.temporalStart),
    temporalEnd: sent(values.temporalEnd),
    spatial: sent(values.spatial),
    keepFileIds: values.existingFiles
      .filter((existing) => existing.keep)
      .map((existing) => existing.file.id),
  }
}

/**
 * The browser's check: the contract's UploadForm with its messages, as the server checks it
 * again, plus what only the form knows: a licence chosen as 'Andere licentie' needs a name
 * (the contract would fall back to the default), and the files with their limits.
 */
export function validate(values: DocumentFormValues, limits: UploadLimits): FieldErrors {
  const errors = validateWith(UploadForm, formInput(values), FIELD_OF_NAME)
  if (!errors.license && licenseOf(values) === '') errors.license = TEXTS.errors.licenseMissing
  const files = fileError(values, limits) ?? errors.files
  if (files) errors.files = files
  return errors
}

/**
 * Whether the form shows its summary: a field once refused keeps its key (undefined once
 * corrected), so the summary stays until the next submit instead of vanishing under the
 * user's hands.
 */
export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0

/**
 * The multipart body of POST /documents/upload, with the field names of the contract. The
 * files go last, so the server knows the document's fields before the files stream in.
 */
export function toFormData(values: DocumentFormValues, contentUID?: string): FormData {
  const form = new FormData()
  if (contentUID) form.append(UPLOAD_FIELDS.contentUID, contentUID)
  form.append(UPLOAD_FIELDS.title, values.title.trim())
  form.append(UPLOAD_FIELDS.description, values.description.trim())
  form.append(UPLOAD_FIELDS.contentTypeName, values.contentTypeName)
  form.append(UPLOAD_FIELDS.sourceFriendlyName, values.sourceFriendlyName.trim())
  for (const theme of values.themes) form.append(UPLOAD_FIELDS.themes, theme)
  form.append(UPLOAD_FIELDS.license, licenseOf(values))
  // Not sent for none: an edit without it leaves the document without a category.
  if (values.wooCategory) form.append(UPLOAD_FIELDS.wooCategory, values.wooCategory)
  // Left out when empty: an edit without them leaves the document without a period or area.
  const coverage = {
    [UPLOAD_FIELDS.temporalStart]: values.temporalStart,
    [UPLOAD_FIELDS.temporalEnd]: values.temporalEnd,
    [UPLOAD_FIELDS.spatial]: values.spatial,
  }
  for (const [name, value] of Object.entries(coverage)) {
    if (value.trim() !== '') form.append(name, value.trim())
  }
  for (const existing of values.existingFiles) {
    if (existing.keep) form.append(UPLOAD_FIELDS.keepFileIds, existing.file.id)
  }
  for (const file of values.newFiles) form.append(UPLOAD_FIELDS.files, file, file.name)
  return form
}

/**
 * A 422's field errors next to the fields; what names no field of the form (or a 422 without
 * a list) comes back as `general`.
 */
export function serverFieldErrors(problem: Problem | null): {
  fields: FieldErrors
  general: string | null
} {
  const fields = fieldErrorsFromProblem(problem, FIELD_OF_NAME)
  const unplaced = unplacedMessages(problem, FIELD_OF_NAME)
  const general =
    unplaced.length > 0
      ? unplaced.join(' ')
      : hasFieldErrors(fields)
        ? null
        : (problem?.detail ?? problem?.title ?? TEXTS.errors.invalid)
  return { fields, general }
}

import {
  DOCUMENT_LIMITS,
  UPLOAD_FIELDS,
  UPLOAD_LIMITS,
  type DocumentDetail,
  type DocumentFile,
  type Problem,
  type UploadOptions,
} from '@dataportaal/contract'
import { UPLOAD_TEXTS as TEXTS } from './texts.ts'

/** The licence choices with a name; anything else is typed in as 'Andere licentie'. */
export const LICENSE_CHOICES = ['CC0-1.0', 'CC-BY-4.0', 'CC-BY-SA-4.0'] as const
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
  /** One of LICENSE_CHOICES, or OTHER_LICENSE with the text in `otherLicense`. */
  license: string
  otherLicense: string
  existingFiles: ExistingFile[]
  newFiles: File[]
}

export type FieldName =
  | 'title'
  | 'description'
  | 'contentTypeName'
  | 'sourceFriendlyName'
  | 'themes'
  | 'license'
  | 'files'

/** The order of the fields on screen, for the error summary. */
export const FIELD_ORDER: FieldName[] = [
  'title',
  'description',
  'contentTypeName',
  'sourceFriendlyName',
  'themes',
  'license',
  'files',
]

export type FieldErrors = Partial<Record<FieldName, string>>

export interface UploadLimits {
  maxUploadMb: number
  maxFilesPerRequest: number
  fileTypes: UploadOptions['fileTypes']
}

const isKnownLicense = (license: string) => (LICENSE_CHOICES as readonly string[]).includes(license)

/** The content type a new upload starts with (design decisions: the list's default). */
const DEFAULT_CONTENT_TYPE = 'Dataset'

export function emptyValues(
  options: Pick<UploadOptions, 'defaultLicense' | 'contentTypes'>,
): DocumentFormValues {
  const license = options.defaultLicense
  return {
    title: '',
    description: '',
    contentTypeName: options.contentTypes.includes(DEFAULT_CONTENT_TYPE)
      ? DEFAULT_CONTENT_TYPE
      : (options.contentTypes[0] ?? ''),
    sourceFriendlyName: '',
    themes: [],
    license: isKnownLicense(license) ? license : OTHER_LICENSE,
    otherLicense: isKnownLicense(license) ? '' : license,
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
    license: isKnownLicense(detail.license) ? detail.license : OTHER_LICENSE,
    otherLicense: isKnownLicense(detail.license) ? '' : detail.license,
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

/** The browser's check, with the rules of the contract; the server checks again. */
export function validate(values: DocumentFormValues, limits: UploadLimits): FieldErrors {
  const errors: FieldErrors = {}
  const title = values.title.trim()
  if (title === '') errors.title = TEXTS.errors.titleMissing
  else if (title.length < DOCUMENT_LIMITS.titleMin) {
    errors.title = TEXTS.errors.titleTooShort(DOCUMENT_LIMITS.titleMin)
  } else if (title.length > DOCUMENT_LIMITS.titleMax) {
    errors.title = TEXTS.errors.titleTooLong(DOCUMENT_LIMITS.titleMax)
  }
  if (values.description.trim().length > DOCUMENT_LIMITS.descriptionMax) {
    errors.description = TEXTS.errors.descriptionTooLong(DOCUMENT_LIMITS.descriptionMax)
  }
  if (values.contentTypeName.trim() === '') errors.contentTypeName = TEXTS.errors.contentTypeMissing
  const source = values.sourceFriendlyName.trim()
  if (source === '') errors.sourceFriendlyName = TEXTS.errors.sourceMissing
  else if (source.length > UPLOAD_LIMITS.sourceMax) {
    errors.sourceFriendlyName = TEXTS.errors.sourceTooLong(UPLOAD_LIMITS.sourceMax)
  }
  if (values.themes.length > UPLOAD_LIMITS.themes) {
    errors.themes = TEXTS.errors.themesTooMany(UPLOAD_LIMITS.themes)
  }
  const license = licenseOf(values)
  if (license === '') errors.license = TEXTS.errors.licenseMissing
  else if (license.length > UPLOAD_LIMITS.licenseMax) {
    errors.license = TEXTS.errors.licenseTooLong(UPLOAD_LIMITS.licenseMax)
  }
  const files = fileError(values, limits)
  if (files) errors.files = files
  return errors
}

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
  for (const existing of values.existingFiles) {
    if (existing.keep) form.append(UPLOAD_FIELDS.keepFileIds, existing.file.id)
  }
  for (const file of values.newFiles) form.append(UPLOAD_FIELDS.files, file, file.name)
  return form
}

/** The form field a server error's path points at ('body.title', 'themes.2', 'files.0'). */
const FIELD_OF_NAME: Record<string, FieldName> = {
  [UPLOAD_FIELDS.title]: 'title',
  [UPLOAD_FIELDS.description]: 'description',
  [UPLOAD_FIELDS.contentTypeName]: 'contentTypeName',
  [UPLOAD_FIELDS.sourceFriendlyName]: 'sourceFriendlyName',
  [UPLOAD_FIELDS.themes]: 'themes',
  [UPLOAD_FIELDS.license]: 'license',
  [UPLOAD_FIELDS.files]: 'files',
  [UPLOAD_FIELDS.keepFileIds]: 'files',
}

/**
 * A 422's field errors next to the fields; what names no field of the form (or a 422 without
 * a list) comes back as `general`.
 */
export function serverFieldErrors(problem: Problem | null): {
  fields: FieldErrors
  general: string | null
} {
  const fields: FieldErrors = {}
  const unplaced: string[] = []
  for (const { path, message } of problem?.errors ?? []) {
    const field = path
      .split('.')
      .map((segment) => FIELD_OF_NAME[segment])
      .find((name) => name !== undefined)
    if (field && !fields[field]) fields[field] = message
    else if (!field) unplaced.push(message)
  }
  const general =
    unplaced.length > 0
      ? unplaced.join(' ')
      : hasErrors(fields)
        ? null
        : (problem?.detail ?? problem?.title ?? TEXTS.errors.invalid)
  return { fields, general }
}

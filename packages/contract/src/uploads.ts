import { z } from 'zod'
import { DOCUMENT_LIMITS } from './documents.ts'
import { LICENCES, storedLicence } from './licences.ts'
import { VOCABULARY_LIMITS } from './tags.ts'
import { multiLineText, singleLineText } from './text.ts'
import { WooCategory } from './woo.ts'
import { COVERAGE_LIMITS } from './coverage.ts'

/**
 * Limits of `POST /documents/upload` besides the size limit, which is the server's
 * `MAX_UPLOAD_MB` (sent to the web app as `maxUploadMb` in the client configuration and in
 * the upload options): every file, and all files of one request together, at most that many MB.
 */
export const UPLOAD_LIMITS = {
  filesPerRequest: 20,
  filesPerDocument: 50,
  themes: 20,
  sourceMax: 120,
  licenseMax: 200,
  /** Longer original file names are shortened (keeping the extension). */
  fileNameMax: 200,
} as const

/** The licence of an upload that names none (decisions.md: `CC0-1.0`), as its URI. */
export const DEFAULT_LICENSE = LICENCES[0]!.uri

/**
 * The names of the multipart form fields. `themes` and `keepFileIds` are repeated, once per
 * value; every file is a part named `files`. All other fields are sent at most once.
 */
export const UPLOAD_FIELDS = {
  contentUID: 'contentUID',
  title: 'title',
  description: 'description',
  contentTypeName: 'contentTypeName',
  sourceFriendlyName: 'sourceFriendlyName',
  themes: 'themes',
  license: 'license',
  wooCategory: 'wooCategory',
  temporalStart: 'temporalStart',
  temporalEnd: 'temporalEnd',
  spatial: 'spatial',
  keepFileIds: 'keepFileIds',
  files: 'files',
} as const

const required = (what: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined ? `Vul ${what} in.` : `Vul ${what} in als tekst.`,
})

/**
 * The form fields of an upload or edit (the files travel as parts named `files`). Empty
 * fields count as not sent. With `contentUID` the form edits that document: its metadata is
 * replaced, the files listed in `keepFileIds` stay, the other files go, and new files are added.
 */
export const UploadForm = z
  .strictObject({
    contentUID: z.uuid({ error: 'Dit is geen geldig document-id.' }).optional(),
    title: singleLineText(required('een titel'))
      .trim()
      .min(DOCUMENT_LIMITS.titleMin, {
        error: `Een titel is minstens ${DOCUMENT_LIMITS.titleMin} tekens lang.`,
      })
      .max(DOCUMENT_LIMITS.titleMax, {
        error: `Een titel is hoogstens ${DOCUMENT_LIMITS.titleMax} tekens lang.`,
      }),
    description: multiLineText()
      .trim()
      .max(DOCUMENT_LIMITS.descriptionMax, {
        error: `Een beschrijving is hoogstens ${DOCUMENT_LIMITS.descriptionMax.toLocaleString('nl-NL')} tekens lang.`,
      })
      .default(''),
    // Chosen from a list, so a missing one is asked for as a choice, like an empty one below.
    contentTypeName: singleLineText({
      error: (issue) =>
        issue.input === undefined
          ? 'Kies een soort document.'
          : 'Vul een soort document in als tekst.',
    })
      .trim()
      .min(1, { error: 'Kies een soort document.' })
      .max(VOCABULARY_LIMITS.nameMax, { error: 'Kies een soort document uit de lijst.' }),
    sourceFriendlyName: singleLineText(required('de bron'))
      .trim()
      .min(1, { error: 'Vul de bron in.' })
      .max(UPLOAD_LIMITS.sourceMax, {
        error: `De bron is hoogstens ${UPLOAD_LIMITS.sourceMax} tekens lang.`,
      }),
    themes: z
      .array(
        singleLineText()
          .trim()
          .min(1, { error: 'Een thema heeft een naam.' })
          .max(VOCABULARY_LIMITS.nameMax, { error: 'Kies een thema uit de lijst.' }),
      )
      .max(UPLOAD_LIMITS.themes, { error: `Kies hoogstens ${UPLOAD_LIMITS.themes} thema’s.` })
      .default([]),
    license: singleLineText()
      .trim()
      .min(1)
      .max(UPLOAD_LIMITS.licenseMax, {
        error: `Een licentie is hoogstens ${UPLOAD_LIMITS.licenseMax} tekens lang.`,
      })
      .default(DEFAULT_LICENSE)
      // A licence of the list, named by its URI or SPDX identifier, is stored as its URI.
      .transform(storedLicence),
    /** Optional: one of the 17 Woo information categories; empty or absent for none. */
    wooCategory: WooCategory.optional(),
    /** Optional: the period the document is about (dct:temporal), ISO dates. */
    temporalStart: z.iso.date({ error: 'Vul een datum in als JJJJ-MM-DD.' }).optional(),
    temporalEnd: z.iso.date({ error: 'Vul een datum in als JJJJ-MM-DD.' }).optional(),
    /** Optional: the area it is about (dct:spatial) as a URI; empty for the city's own. */
    spatial: singleLineText()
      .trim()
      .max(COVERAGE_LIMITS.spatialMax, {
        error: `Een gebied is hoogstens ${COVERAGE_LIMITS.spatialMax} tekens lang.`,
      })
      .pipe(
        z.url({
          protocol: /^https?$/,
          error:
            'Vul het gebied in als URI, bijvoorbeeld https://identifier.overheid.nl/tooi/id/gemeente/gm0363.',
        }),
      )
      .optional(),
    keepFileIds: z
      .array(z.uuid({ error: 'Dit is geen geldig bestand-id.' }))
      .max(UPLOAD_LIMITS.filesPerDocument, {
        error: `Een document heeft hoogstens ${UPLOAD_LIMITS.filesPerDocument} bestanden.`,
      })
      .default([]),
  })
  .refine(
    (form) => !form.temporalStart || !form.temporalEnd || form.temporalStart <= form.temporalEnd,
    { error: 'Het einde van de periode ligt voor het begin.', path: ['temporalEnd'] },
  )
export type UploadForm = z.infer<typeof UploadForm>
export type UploadFormInput = z.input<typeof UploadForm>

/** The answer to an upload (201) or an edit (200). */
export const UploadResult = z.object({ contentUID: z.uuid() }).meta({ id: 'UploadResult' })
export type UploadResult = z.infer<typeof UploadResult>

export const UploadFileType = z.object({
  mediaType: z.string(),
  /** Lower-case extensions without the dot, for the file input's `accept`. */
  extensions: z.array(z.string()),
  label: z.string(),
})

/** GET /documents/upload/options: what the upload form offers and checks beforehand. */
export const UploadOptions = z
  .object({
    contentTypes: z.array(z.string()).describe('The managed list of content types'),
    sources: z.array(z.string()).describe('Sources already in use, as suggestions'),
    fileTypes: z.array(UploadFileType),
    maxUploadMb: z.number().int().describe('Per file, and for all files of one request'),
    maxFilesPerRequest: z.number().int(),
    defaultLicense: z.string(),
    defaultSpatial: z
      .string()
      .optional()
      .describe('The area of a document that names none (SPATIAL_URI): the city'),
  })
  .meta({ id: 'UploadOptions' })
export type UploadOptions = z.infer<typeof UploadOptions>

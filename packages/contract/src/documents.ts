import { z } from 'zod'
import { listOf } from './common.ts'
import { ContentUserUse, DocumentStatus, pagingParams } from './search.ts'
import { DocumentHarvest, DocumentLink } from './harvesting.ts'
import { LinkCheck } from './links.ts'
import { WooCategory } from './woo.ts'
import { FileTable } from './tables.ts'
import { DocumentPrivacy } from './privacy.ts'
import { DocumentCoverage } from './coverage.ts'
import { DocumentQuality } from './quality.ts'

export const DOCUMENT_LIMITS = {
  titleMin: 3,
  titleMax: 200,
  descriptionMax: 10_000,
  statusDescriptionMax: 2_000,
} as const

export const STATUS_CATEGORIES = [
  'Onvolledig',
  'Onjuist',
  'Privacygevoelig',
  'Dubbel',
  'Auteursrecht',
  'Anders',
] as const
export const StatusCategory = z.enum(STATUS_CATEGORIES)
export type StatusCategory = z.infer<typeof StatusCategory>

export const DocumentIdParams = z.strictObject({ id: z.uuid() })
export const DocumentFileParams = z.strictObject({ id: z.uuid(), fileId: z.uuid() })

export const DocumentFile = z
  .object({
    id: z.uuid(),
    fileName: z.string(),
    mediaType: z.string(),
    size: z.number().int(),
    sha256: z.string(),
    url: z.string().describe('Download path, relative to the API prefix'),
    extractionStatus: z
      .enum(['pending', 'done', 'failed', 'skipped'])
      .optional()
      .describe('Whether the text was read for search; for the owner and admins only'),
    extractionError: z
      .string()
      .nullable()
      .optional()
      .describe('Why the text could not be read (Dutch); for the owner and admins only'),
    tables: z
      .array(FileTable)
      .optional()
      .describe('The tables the file holds (one per sheet of a workbook); absent for other files'),
  })
  .meta({ id: 'DocumentFile' })
export type DocumentFile = z.infer<typeof DocumentFile>

export const DocumentOwner = z.object({ id: z.string().optional(), name: z.string() })

/** What the viewer may do with a document, decided by the server's one policy. */
export const DocumentAbilities = z
  .object({
    edit: z.boolean().describe('Change the metadata and files (owner or admin)'),
    delete: z.boolean().describe('Delete the document (owner or admin)'),
    readStatusReason: z
      .boolean()
      .describe("Read a disapproval's category and reason (owner or admin)"),
    validate: z.boolean().describe('Approve or disapprove (admins)'),
  })
  .meta({ id: 'DocumentAbilities' })
export type DocumentAbilities = z.infer<typeof DocumentAbilities>

export const DocumentDetail = z
  .object({
    contentUID: z.uuid(),
    title: z.string(),
    description: z.string(),
    contentTypeName: z.string(),
    sourceFriendlyName: z.string(),
    themes: z.array(z.string()).nullable(),
    labels: z.array(z.string()).nullable().optional(),
    status: DocumentStatus,
    statusCategory: StatusCategory.nullable().optional(),
    statusDescription: z.string().nullable().optional(),
    averageRating: z.number().nullable(),
    ratingCount: z.number().int(),
    contentUserUse: ContentUserUse.optional(),
    owner: DocumentOwner.nullable(),
    license: z
      .string()
      .describe('The URI of the licence on the EU licence list where it is on it, else its text'),
    wooCategory: WooCategory.nullable().describe(
      'The Woo information category (three-digit number of the DiWoo list), or null',
    ),
    sourceUrl: z.string().nullable(),
    date: z.string(),
    created: z.string(),
    modified: z.string(),
    published: z.string().nullable(),
    files: z.array(DocumentFile),
    links: z
      .array(DocumentLink)
      .describe("A harvested document's files: links to them at their source"),
    harvest: DocumentHarvest.nullable().describe(
      'Set for a harvested document: where it came from',
    ),
    linkChecks: z
      .array(LinkCheck)
      .optional()
      .describe('What the link checker found of the links and source page; owner and admins only'),
    abilities: DocumentAbilities,
    privacy: DocumentPrivacy.optional().describe(
      'The personal-data check: for the owner and admins only, never on /pubapi',
    ),
    coverage: DocumentCoverage.optional().describe('The period and the area it is about'),
    quality: DocumentQuality.optional().describe(
      "The metadata-quality score (data.europa.eu's MQA); for the owner and admins only",
    ),
  })
  .meta({ id: 'DocumentDetail' })
export type DocumentDetail = z.infer<typeof DocumentDetail>

/** A document in a list (own documents, validation): the fields a result card shows. */
export const DocumentSummary = z
  .object({
    contentUID: z.uuid(),
    title: z.string(),
    contentTypeName: z.string(),
    sourceFriendlyName: z.string(),
    themes: z.array(z.string()).nullable(),
    labels: z.array(z.string()).nullable().optional(),
    status: DocumentStatus,
    statusCategory: StatusCategory.nullable()
      .optional()
      .describe('Set on disapproval; sent to the owner and admins only'),
    statusDescription: z.string().nullable().optional(),
    averageRating: z.number().nullable(),
    ratingCount: z.number().int(),
    contentUserUse: ContentUserUse.optional(),
    owner: DocumentOwner.nullable(),
    date: z.string().describe('The date the content refers to (ISO date)'),
    created: z.string(),
    modified: z.string(),
    published: z.string().nullable(),
    fileFormats: z.array(z.string()),
  })
  .meta({ id: 'DocumentSummary' })
export type DocumentSummary = z.infer<typeof DocumentSummary>

/** Lists of documents: newest (last modified) first, `{ Results, Total }`. */
export const DocumentList = listOf(DocumentSummary).meta({ id: 'DocumentList' })
export type DocumentList = z.infer<typeof DocumentList>

/**
 * GET /documents/user: the caller's own documents in every status, or in one. The open
 * validation count of an employee is `Total` of `status=openstaand`.
 */
export const OwnDocumentsQuery = z.strictObject({
  status: DocumentStatus.optional(),
  ...pagingParams,
})
export type OwnDocumentsQuery = z.infer<typeof OwnDocumentsQuery>

/**
 * GET /documents/validate (admins): every document in one status, `openstaand` unless
 * asked otherwise. An admin's open validation count is its `Total`.
 */
export const ValidationQuery = z.strictObject({
  status: DocumentStatus.default('openstaand'),
  ...pagingParams,
})
export type ValidationQuery = z.infer<typeof ValidationQuery>

/**
 * Four eyes (decisions.md, Validation): why the asking admin may not approve or disapprove a
 * document themselves. `uploaded`: they uploaded it; `lastEdited`: they saved its last edit.
 */
export const SELF_VALIDATION_BLOCKS = ['uploaded', 'lastEdited'] as const
export const SelfValidationBlock = z.enum(SELF_VALIDATION_BLOCKS)
export type SelfValidationBlock = z.infer<typeof SelfValidationBlock>

/** A document in a validation list: the summary plus what a validator judges it by. */
export const DocumentForValidation = DocumentSummary.extend({
  description: z.string(),
  files: z.array(DocumentFile),
  quality: DocumentQuality.optional().describe("The metadata-quality score (data.europa.eu's MQA)"),
  selfValidationBlocked: SelfValidationBlock.nullable().describe(
    'Set when the asking admin uploaded or last edited the document and so may not decide it (unless the server allows self-validation); null when they may',
  ),
  privacy: DocumentPrivacy.optional().describe('The personal-data check'),
}).meta({ id: 'DocumentForValidation' })
export type DocumentForValidation = z.infer<typeof DocumentForValidation>

export const ValidationList = listOf(DocumentForValidation).meta({ id: 'ValidationList' })
export type ValidationList = z.infer<typeof ValidationList>

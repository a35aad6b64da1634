import { z } from 'zod'
import { ContentUserUse, DocumentStatus } from './search.ts'

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
  })
  .meta({ id: 'DocumentFile' })
export type DocumentFile = z.infer<typeof DocumentFile>

export const DocumentOwner = z.object({ id: z.string().optional(), name: z.string() })

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
    license: z.string(),
    sourceUrl: z.string().nullable(),
    date: z.string(),
    created: z.string(),
    modified: z.string(),
    published: z.string().nullable(),
    files: z.array(DocumentFile),
  })
  .meta({ id: 'DocumentDetail' })
export type DocumentDetail = z.infer<typeof DocumentDetail>

import { z } from 'zod'
import { DOCUMENT_LIMITS, STATUS_CATEGORIES, StatusCategory } from './documents.ts'
import { DocumentStatus } from './search.ts'
import { multiLineText } from './text.ts'

/** After approving or disapproving, the app returns to /validatie after this pause (spec section 9). */
export const VALIDATION_RETURN_DELAY_MS = 700

const CATEGORY_MESSAGE = `Kies een categorie: ${STATUS_CATEGORIES.join(', ')}.`
const DESCRIPTION_MESSAGE = 'Vul een toelichting in: waarom wordt het document afgekeurd?'

/**
 * GET /documents/validate/{id}/disapprove: why a document is disapproved. Both are shown to
 * the uploader on /data; the reason is trimmed and required.
 */
export const Disapproval = z.strictObject({
  statusCategory: z.enum(STATUS_CATEGORIES, { error: CATEGORY_MESSAGE }),
  statusDescription: multiLineText({ error: DESCRIPTION_MESSAGE })
    .trim()
    .min(1, { error: DESCRIPTION_MESSAGE })
    .max(DOCUMENT_LIMITS.statusDescriptionMax, {
      error: `Een toelichting is hoogstens ${DOCUMENT_LIMITS.statusDescriptionMax} tekens lang.`,
    }),
})
export type Disapproval = z.infer<typeof Disapproval>

/**
 * The answer of approve and disapprove: the document's validation state after the call.
 * `changed: false` when it already was in the requested state (the call is idempotent);
 * `validatedBy` and `validatedAt` then say who put it there and when.
 */
export const ValidationResult = z
  .object({
    id: z.uuid(),
    status: DocumentStatus,
    published: z.string().nullable(),
    statusCategory: StatusCategory.nullable(),
    statusDescription: z.string().nullable(),
    validatedBy: z.string().nullable().describe('Display name of the admin who decided'),
    validatedAt: z.string().nullable(),
    changed: z.boolean(),
  })
  .meta({ id: 'ValidationResult' })
export type ValidationResult = z.infer<typeof ValidationResult>

/**
 * The answer of POST /documents/{id}/files/{fileId}/reread: the file whose text could not be
 * read is queued to be read again, with fresh attempts, and waits (`pending`) meanwhile.
 */
export const RereadResult = z
  .object({
    documentId: z.uuid(),
    fileId: z.uuid(),
    fileName: z.string(),
    extractionStatus: z.literal('pending'),
  })
  .meta({ id: 'RereadResult' })
export type RereadResult = z.infer<typeof RereadResult>

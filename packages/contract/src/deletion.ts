import { z } from 'zod'
import { listOf } from './common.ts'
import { DocumentOwner } from './documents.ts'
import { DocumentStatus, pagingParams } from './search.ts'

/**
 * GET /documents/deleted (admins): the soft-deleted documents that can still be restored,
 * most recently deleted first. Paged like every list.
 */
export const DeletedDocumentsQuery = z.strictObject({ ...pagingParams })
export type DeletedDocumentsQuery = z.infer<typeof DeletedDocumentsQuery>

/** A deleted document as the restore list shows it: what it was, who deleted it, and until when. */
export const DeletedDocument = z
  .object({
    contentUID: z.uuid(),
    title: z.string(),
    contentTypeName: z.string(),
    status: DocumentStatus.describe('The status it had when deleted; a restore brings it back'),
    owner: DocumentOwner.nullable(),
    deletedBy: DocumentOwner.nullable().describe('Who deleted it (the owner or an admin)'),
    withdrawn: z
      .boolean()
      .describe('Withdrawn by a harvest run: its source no longer lists it (deletedBy is null)'),
    deletedAt: z.string(),
    purgeAt: z
      .string()
      .describe('From this moment the maintenance removes it for good, with its files'),
    daysUntilPurge: z.number().int().nonnegative(),
  })
  .meta({ id: 'DeletedDocument' })
export type DeletedDocument = z.infer<typeof DeletedDocument>

export const DeletedDocumentList = listOf(DeletedDocument).meta({ id: 'DeletedDocumentList' })
export type DeletedDocumentList = z.infer<typeof DeletedDocumentList>

/** POST /documents/{id}/restore: the document is back, in the status it had. */
export const RestoreResult = z
  .object({
    contentUID: z.uuid(),
    title: z.string(),
    status: DocumentStatus,
  })
  .meta({ id: 'RestoreResult' })
export type RestoreResult = z.infer<typeof RestoreResult>

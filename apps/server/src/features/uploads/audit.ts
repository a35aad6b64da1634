import type { Queryable } from '../../db/client.ts'

export type UploadAuditAction = 'document_uploaded' | 'document_edited' | 'document_deleted'

/** Who did what to which document, and when; in the transaction of the change itself. */
export async function recordAudit(
  tx: Queryable,
  entry: {
    actorId: string
    action: UploadAuditAction
    documentId: string
    documentTitle: string
    details: Record<string, unknown>
  },
) {
  await tx.query(
    `insert into audit_log (actor_id, action, document_id, document_title, details)
     values ($1, $2, $3, $4, $5::jsonb)`,
    [
      entry.actorId,
      entry.action,
      entry.documentId,
      entry.documentTitle,
      JSON.stringify(entry.details),
    ],
  )
}

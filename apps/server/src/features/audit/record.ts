import type { Queryable } from '../../db/client.ts'

type Vocabulary = 'theme' | 'label'

/** Every action the audit log records. */
export type AuditAction =
  | 'document_uploaded'
  | 'document_edited'
  | 'document_deleted'
  | 'document_restored'
  | 'document_purged'
  | 'document_approved'
  | 'document_disapproved'
  | `${Vocabulary}_${'added' | 'removed' | 'created' | 'deleted'}`
  | 'thesaurus_changed'
  | 'theme_eu_theme_changed'
  | 'harvest_source_created'
  | 'harvest_source_changed'
  | 'harvest_run_requested'
  | 'privacy_scanned'
  | 'privacy_finding_noted'
  | 'privacy_reviewed'
  | 'privacy_approval_blocked'

export interface AuditEntry {
  /** Null for what the portal does by itself (the maintenance's purge), not on anyone's behalf. */
  actorId: string | null
  action: AuditAction
  /** The document it is about, if any; id and title stay in the log after a purge. */
  document?: { id: string; title: string } | undefined
  details: Record<string, unknown>
}

/** Who did what (to which document) and why, in the transaction of the change itself; answers when. */
export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<Date> {
  const [at] = await recordAudits(tx, [entry])
  if (!at) throw new Error('audit_log insert returned no row')
  return at
}

/** As recordAudit, for many entries in one statement (a batch job's). */
export async function recordAudits(tx: Queryable, entries: readonly AuditEntry[]): Promise<Date[]> {
  if (entries.length === 0) return []
  const rows = await tx.query<{ at: Date }>(
    `insert into audit_log (actor_id, action, document_id, document_title, details)
     select * from unnest($1::text[], $2::text[], $3::uuid[], $4::text[], $5::jsonb[])
     returning at`,
    [
      entries.map((entry) => entry.actorId),
      entries.map((entry) => entry.action),
      entries.map((entry) => entry.document?.id ?? null),
      entries.map((entry) => entry.document?.title ?? null),
      entries.map((entry) => JSON.stringify(entry.details)),
    ],
  )
  return rows.map((row) => row.at)
}

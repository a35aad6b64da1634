import type {
  DeletedDocument,
  DeletedDocumentList,
  DeletedDocumentsQuery,
  DocumentStatus,
  RestoreResult,
} from '@dataportaal/contract'
import type { Admin } from '../../auth/viewer.ts'
import type { Config } from '../../config.ts'
import type { Db, Queryable } from '../../db/client.ts'
import { NotFoundError } from '../../shared/errors.ts'
import { recordAudit } from '../audit/record.ts'

/** How long a deleted document can be restored (DELETED_RETENTION_DAYS); then it is purged. */
export type Retention = Pick<Config, 'deletedRetentionDays'>

// Seeing what was deleted and undoing it is for admins (decisions.md, Deleting and restoring):
// the routes' access 'admin' lets only them in.

const NOT_RESTORABLE =
  'Dit document is niet verwijderd, of de bewaartermijn is voorbij en het is definitief verwijderd.'

/**
 * The SQL condition on `d` of a document that is deleted and can still be restored; `$days`
 * is the placeholder of the retention. Past it the document waits only for the purge.
 */
const restorable = (days: string) =>
  `d.deleted_at is not null and d.deleted_at >= now() - ${days} * interval '1 day'`

interface DeletedRow extends Record<string, unknown> {
  id: string
  title: string
  content_type: string
  status: DocumentStatus
  owner_id: string | null
  owner_name: string | null
  deleted_by: string | null
  deleted_by_name: string | null
  withdrawn: boolean
  deleted_at: Date
  purge_at: Date
  days_until_purge: number
}

const person = (id: string | null, name: string | null) =>
  id === null ? null : { id, name: name ?? '' }

function present(row: DeletedRow): DeletedDocument {
  return {
    contentUID: row.id,
    title: row.title,
    contentTypeName: row.content_type,
    status: row.status,
    owner: person(row.owner_id, row.owner_name),
    deletedBy: person(row.deleted_by, row.deleted_by_name),
    withdrawn: row.withdrawn,
    deletedAt: row.deleted_at.toISOString(),
    purgeAt: row.purge_at.toISOString(),
    daysUntilPurge: row.days_until_purge,
  }
}

/** The documents an admin can still restore, most recently deleted first. */
export async function listDeletedDocuments(
  db: Queryable,
  query: DeletedDocumentsQuery,
  retention: Retention,
): Promise<DeletedDocumentList> {
  const days = retention.deletedRetentionDays
  const [count] = await db.query<{ total: number }>(
    `select count(*)::int as total from documents d where ${restorable('$1')}`,
    [days],
  )
  const total = count?.total ?? 0
  if (total === 0) return { Results: [], Total: 0 }
  const rows = await db.query<DeletedRow>(
    `select d.id::text as id, d.title, ct.name as content_type, d.status,
            d.owner_id, o.display_name as owner_name, d.deleted_by, b.display_name as deleted_by_name,
            d.withdrawn_at is not null as withdrawn, d.deleted_at, d.deleted_at + $1 * interval '1 day' as purge_at,
            greatest(0, ceil(extract(epoch from (d.deleted_at + $1 * interval '1 day' - now())) / 86400))::int
              as days_until_purge
       from documents d
       join content_types ct on ct.id = d.content_type_id
       left join employees o on o.id = d.owner_id
       left join employees b on b.id = d.deleted_by
      where ${restorable('$1')}
      order by d.deleted_at desc, d.id
      limit $2 offset $3`,
    [days, query.pageSize, (query.offset - 1) * query.pageSize],
  )
  return { Results: rows.map(present), Total: total }
}

/**
 * Undoes a soft delete within the retention period: the document is back everywhere at once,
 * in the status it had (a delete never changes the status), with its audit row. 404 when it
 * is not deleted, or past the retention and waiting for (or gone by) the purge.
 */
export async function restoreDocument(
  db: Db,
  admin: Admin,
  id: string,
  retention: Retention,
): Promise<RestoreResult> {
  return db.transaction(async (tx) => {
    // Locked, so a purge running now either removed it already or waits and finds it restored.
    const [document] = await tx.query<{
      id: string
      title: string
      status: DocumentStatus
      deleted_at: Date
      deleted_by: string | null
    }>(
      `select d.id::text as id, d.title, d.status, d.deleted_at, d.deleted_by
         from documents d where d.id = $1 and ${restorable('$2')} for update`,
      [id, retention.deletedRetentionDays],
    )
    if (!document) throw new NotFoundError(NOT_RESTORABLE)
    // A harvested document its source withdrew comes back too (the next run may withdraw it again).
    await tx.query(
      `update documents set deleted_at = null, deleted_by = null, withdrawn_at = null
        where id = $1`,
      [id],
    )
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'document_restored',
      document: { id, title: document.title },
      details: {
        status: document.status,
        deletedAt: document.deleted_at.toISOString(),
        deletedBy: document.deleted_by,
      },
    })
    return { contentUID: document.id, title: document.title, status: document.status }
  })
}

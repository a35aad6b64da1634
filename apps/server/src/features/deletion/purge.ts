import type { Db } from '../../db/client.ts'
import type { FileStore } from '../../storage/file-store.ts'
import { removeUnreferencedFiles } from '../../storage/sweep.ts'
import { recordAudit } from '../audit/record.ts'
import type { Retention } from './service.ts'

/**
 * Documents per transaction: a first purge after a long pause may find many, and one
 * transaction over all of them would hold their locks (and their files) that long.
 */
const BATCH = 100

export interface PurgedDocument {
  id: string
  title: string
  deletedAt: Date
}

export interface PurgeResult {
  documents: PurgedDocument[]
  /** Stored files removed because no remaining document refers to them. */
  removedFiles: number
}

interface ExpiredRow extends Record<string, unknown> {
  id: string
  title: string
  status: string
  owner_id: string | null
  deleted_by: string | null
  deleted_at: Date
}

/**
 * Removes for good the documents deleted longer ago than the retention (decisions.md,
 * Deleting and restoring), and then those of their files no remaining document refers to:
 * files are stored by content, so another document may share one. The rows go first, in one
 * transaction with an audit row each: the cascades of the foreign keys take their files,
 * themes, labels, favourites, ratings and opens along; the audit log keeps id and title.
 * A file the process could not remove after the commit is left for the start-up sweep.
 * Several nodes may run this at once: each takes only rows no other purge has locked.
 */
export async function purgeDeletedDocuments(
  db: Db,
  store: FileStore,
  retention: Retention,
): Promise<PurgeResult> {
  const result: PurgeResult = { documents: [], removedFiles: 0 }
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const expired = await tx.query<ExpiredRow>(
        `select id::text as id, title, status, owner_id, deleted_by, deleted_at from documents
          where deleted_at < now() - $1 * interval '1 day'
          order by deleted_at, id
          limit ${BATCH}
          for update skip locked`,
        [retention.deletedRetentionDays],
      )
      if (expired.length === 0) return { expired, sha256s: [] }
      const ids = expired.map((row) => row.id)
      // Its earlier versions (migration 0027) go with it: their rows by cascade, their files here.
      const files = await tx.query<{ document_id: string; file_name: string; sha256: string }>(
        `select document_id::text as document_id, file_name, sha256
           from (select document_id, file_name, sha256, 0 as version, position from document_files
                 union all
                 select document_id, file_name, sha256, version, 0 from document_versions) f
          where document_id = any($1::uuid[]) order by document_id, version, position`,
        [ids],
      )
      await tx.query('delete from documents where id = any($1::uuid[])', [ids])
      for (const row of expired) {
        await recordAudit(tx, {
          actorId: null,
          action: 'document_purged',
          document: { id: row.id, title: row.title },
          details: {
            status: row.status,
            ownerId: row.owner_id,
            deletedAt: row.deleted_at.toISOString(),
            deletedBy: row.deleted_by,
            retentionDays: retention.deletedRetentionDays,
            files: files
              .filter((file) => file.document_id === row.id)
              .map((file) => ({ fileName: file.file_name, sha256: file.sha256 })),
          },
        })
      }
      return { expired, sha256s: files.map((file) => file.sha256) }
    })
    result.documents.push(
      ...batch.expired.map((row) => ({ id: row.id, title: row.title, deletedAt: row.deleted_at })),
    )
    // After the commit: until then a file still had its row, and a rollback would need it.
    result.removedFiles += await removeUnreferencedFiles(db, store, batch.sha256s)
    if (batch.expired.length < BATCH) return result
  }
}

import type { HistoryField } from '@dataportaal/contract'
import type { Queryable } from '../../db/client.ts'

/** What a document says, as far as its history names changes to it. */
type Snapshot = Record<Exclude<HistoryField, 'dataDictionary'>, string>

/**
 * The document's metadata as comparable text per field (a select under the document's
 * lock): taken before and after an edit, the fields that differ are the edit's change.
 */
export async function snapshotDocument(tx: Queryable, documentId: string): Promise<Snapshot> {
  const [row] = await tx.query<Snapshot>(
    `select d.title, coalesce(d.description, '') as description,
            d.content_type_id::text as "contentType", coalesce(d.source_id::text, '') as source,
            coalesce(d.license, '') as license, coalesce(d.woo_category, '') as "wooCategory",
            coalesce(d.temporal_start::text, '') || '/' || coalesce(d.temporal_end::text, '') as temporal,
            coalesce(d.spatial_uri, '') as spatial,
            coalesce((select string_agg(t.theme_id::text, ',' order by t.theme_id)
                        from document_themes t where t.document_id = d.id), '') as themes
       from documents d where d.id = $1`,
    [documentId],
  )
  if (!row) throw new Error(`document ${documentId} not found`)
  return row
}

export const changedFields = (before: Snapshot, after: Snapshot): HistoryField[] =>
  (Object.keys(after) as Array<keyof Snapshot>).filter((field) => before[field] !== after[field])

/** A file an edit let go, as writeFiles deleted its row. */
export interface LetGoFile {
  fileName: string
  mediaType: string
  size: number
  sha256: string
  createdAt: Date
}

/**
 * Keeps the files an edit replaced or removed as versions of the document: their stored
 * content stays (the sweep and purges count version rows as references), numbered on from
 * the document's last version. Call under the document's lock.
 */
export async function keepVersions(
  tx: Queryable,
  documentId: string,
  by: string,
  files: readonly LetGoFile[],
): Promise<void> {
  if (files.length === 0) return
  await tx.query(
    `insert into document_versions (document_id, version, file_name, media_type, size_bytes,
                                    sha256, created_at, replaced_by)
     select $1, coalesce((select max(version) from document_versions where document_id = $1), 0) + f.n,
            f.name, f.media_type, f.size, f.sha256, f.created_at, $2
       from unnest($3::text[], $4::text[], $5::bigint[], $6::text[], $7::timestamptz[])
            with ordinality as f(name, media_type, size, sha256, created_at, n)`,
    [
      documentId,
      by,
      files.map((f) => f.fileName),
      files.map((f) => f.mediaType),
      files.map((f) => f.size),
      files.map((f) => f.sha256),
      files.map((f) => f.createdAt),
    ],
  )
}

export interface Change {
  documentId: string
  by: string
  fields: readonly HistoryField[]
  added: ReadonlyArray<{ fileName: string; size: number }>
  removed: ReadonlyArray<{ fileName: string; size: number }>
}

/** Records what an edit changed; an edit that changed nothing leaves no entry. */
export async function recordChange(tx: Queryable, change: Change): Promise<void> {
  if (change.fields.length + change.added.length + change.removed.length === 0) return
  const files = (list: Change['added']) =>
    JSON.stringify(list.map(({ fileName, size }) => ({ fileName, size })))
  await tx.query(
    `insert into document_changes (document_id, changed_by, fields, files_added, files_removed)
     values ($1, $2, $3::text[], $4::jsonb, $5::jsonb)`,
    [change.documentId, change.by, change.fields, files(change.added), files(change.removed)],
  )
}

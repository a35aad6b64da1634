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

/** A file an edit lets go, as writeFiles read its row (still there). */
export interface LetGoFile {
  id: string
  fileName: string
  mediaType: string
  size: number
  sha256: string
  createdAt: Date
}

/**
 * Keeps the files an edit replaces or removes as versions of the document: their stored
 * content stays (the sweep and purges count version rows as references), numbered on from
 * the document's last version, and their loaded tables move to the version (read only: the
 * Data API under …/versions/{versionId}). Call under the document's lock, before the files'
 * rows are deleted: the rest of their tables goes with them.
 */
export async function keepVersions(
  tx: Queryable,
  documentId: string,
  by: string,
  files: readonly LetGoFile[],
): Promise<void> {
  if (files.length === 0) return
  await tx.query(
    `with f as (
       select * from unnest($3::uuid[], $4::text[], $5::text[], $6::bigint[], $7::text[],
                            $8::timestamptz[])
              with ordinality as f(file_id, name, media_type, size, sha256, created_at, n)
     ), last as (
       select coalesce(max(version), 0) as version from document_versions where document_id = $1
     ), kept as (
       insert into document_versions (document_id, version, file_name, media_type, size_bytes,
                                      sha256, created_at, replaced_by)
       select $1, last.version + f.n, f.name, f.media_type, f.size, f.sha256, f.created_at, $2
         from f cross join last
       returning id, version
     )
     update data_tables t set version_id = kept.id, file_id = null,
                              lease_by = null, lease_until = null
       from kept cross join last join f on f.n = kept.version - last.version
      where t.file_id = f.file_id and t.load_status = 'geladen' and t.physical_table is not null`,
    [
      documentId,
      by,
      files.map((f) => f.id),
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

import type { DocumentDetail, DocumentFile } from '@dataportaal/contract'
import { isEmployee, type Viewer } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import { notFound } from '../../http/problem.ts'
import { clientHash, type ActivityClient } from '../activity-logs/client.ts'
import { OPEN_COUNT_WINDOW_MINUTES } from '../activity-logs/retention.ts'
import { canEditDocument } from './permissions.ts'
import { presentRecord, presentSummary, type DocumentRecordRow } from './presenter.ts'
import { visibleTo } from './visibility.ts'

/** A document's files as `filesJson` selects them. */
export type FileRows = Array<{
  id: string
  fileName: string
  mediaType: string
  size: number
  sha256: string
  extractionStatus: NonNullable<DocumentFile['extractionStatus']>
  extractionError: string | null
}>

interface DetailRow extends DocumentRecordRow, Record<string, unknown> {
  description: string
  license: string
  source_url: string | null
  files: FileRows
}

/** The files of document `d`, in their order, as one JSON array (a select expression). */
export const FILES_JSON = `coalesce((select json_agg(json_build_object('id', f.id, 'fileName', f.file_name,
                        'mediaType', f.media_type, 'size', f.size_bytes, 'sha256', f.sha256,
                        'extractionStatus', f.extraction_status, 'extractionError', f.extraction_error)
                        order by f.position, f.created_at)
                        from document_files f where f.document_id = d.id), '[]')`

/**
 * The files as the API gives them, each with its download path; whether their text could
 * be read, and why not, only for those who can act on it (`withExtraction`: owner, admin).
 */
export const presentFiles = (
  documentId: string,
  files: FileRows,
  withExtraction = false,
): DocumentFile[] =>
  files.map(({ extractionStatus, extractionError, ...file }) => ({
    ...file,
    size: Number(file.size),
    url: fileDownloadPath(documentId, file.id),
    ...(withExtraction ? { extractionStatus, extractionError } : {}),
  }))

/** Path of a file download, relative to the API prefix the caller used. */
export const fileDownloadPath = (documentId: string, fileId: string) =>
  `/documents/${documentId}/files/${fileId}`

export async function getDocument(db: Queryable, viewer: Viewer, id: string) {
  const params = new Params()
  const idParam = params.add(id)
  const visible = visibleTo(viewer, params)
  const me = isEmployee(viewer) ? params.add(viewer.id) : 'null'
  const [row] = await db.query<DetailRow>(
    `select d.id::text as id, d.title, d.description, ct.name as content_type, s.name as source,
            d.theme_names, d.label_names, d.status, d.status_category, d.status_description,
            d.rating_avg::float8 as rating_avg, d.rating_count, d.owner_id, e.display_name as owner_name,
            d.license, d.source_url, to_char(d.document_date, 'YYYY-MM-DD') as date,
            d.created_at, d.modified_at, d.published_at,
            exists (select 1 from favorites f where f.document_id = d.id and f.employee_id = ${me}) as favorited,
            (select r.rating::int from ratings r where r.document_id = d.id and r.employee_id = ${me}) as my_rating,
            ${FILES_JSON} as files
       from documents d
       join content_types ct on ct.id = d.content_type_id
       join sources s on s.id = d.source_id
       left join employees e on e.id = d.owner_id
      where d.id = ${idParam}::uuid and ${visible}`,
    params.values,
  )
  if (!row) throw notFound()
  return presentDetail(row, viewer)
}

function presentDetail(row: DetailRow, viewer: Viewer): DocumentDetail {
  const files = presentFiles(row.id, row.files, canEditDocument(viewer, { ownerId: row.owner_id }))
  return {
    ...presentSummary(row, viewer),
    ...presentRecord(row, viewer),
    description: row.description,
    license: row.license,
    sourceUrl: row.source_url,
    files,
  }
}

export async function getDocumentFile(db: Queryable, viewer: Viewer, id: string, fileId: string) {
  const params = new Params()
  const [row] = await db.query<{
    file_name: string
    media_type: string
    size_bytes: string | number
    sha256: string
  }>(
    `select f.file_name, f.media_type, f.size_bytes, f.sha256
       from document_files f join documents d on d.id = f.document_id
      where f.id = ${params.add(fileId)}::uuid and d.id = ${params.add(id)}::uuid
        and ${visibleTo(viewer, params)}`,
    params.values,
  )
  if (!row) throw notFound('Dit bestand bestaat niet of u mag het niet zien.')
  return {
    fileName: row.file_name,
    mediaType: row.media_type,
    size: Number(row.size_bytes),
    sha256: row.sha256,
  }
}

/**
 * Records that someone opened a document (for the dashboard), counted at most once per
 * client per document per OPEN_COUNT_WINDOW_MINUTES. One statement decides: the upsert of
 * the client's mark only writes when the last counted opening is older than the window, and
 * only then is the opening logged. Concurrent calls, on any node, wait for each other's mark
 * and so count once.
 */
export async function recordOpen(
  db: Queryable,
  viewer: Viewer,
  id: string,
  client: ActivityClient,
) {
  const params = new Params()
  const hash = params.add(await clientHash(db, client))
  const employee = params.add(isEmployee(viewer) ? viewer.id : null)
  // A data-modifying CTE runs whether or not the final select reads it.
  const [row] = await db.query<{ found: boolean }>(
    `with doc as (
       select d.id from documents d where d.id = ${params.add(id)}::uuid and ${visibleTo(viewer, params)}
     ), mark as (
       insert into document_open_marks as m (document_id, client_hash, counted_at)
       select id, ${hash}, now() from doc
       on conflict (document_id, client_hash) do update set counted_at = excluded.counted_at
        where m.counted_at <= excluded.counted_at - interval '${OPEN_COUNT_WINDOW_MINUTES} minutes'
       returning document_id
     ), counted as (
       insert into document_opens (document_id, employee_id)
       select document_id, ${employee} from mark
     )
     select exists (select 1 from doc) as found`,
    params.values,
  )
  if (!row?.found) throw notFound()
}

export async function countByContentType(db: Queryable, viewer: Viewer) {
  const params = new Params()
  return db.query<{ key: string; count: number }>(
    `select ct.name as key, count(*)::int as count
       from documents d join content_types ct on ct.id = d.content_type_id
      where ${visibleTo(viewer, params)}
      group by ct.name order by count desc, ct.name`,
    params.values,
  )
}

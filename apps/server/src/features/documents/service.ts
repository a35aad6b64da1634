import { isEmployee, type Viewer } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import { NotFoundError } from '../../shared/errors.ts'
import { clientHash, type ActivityClient } from '../activity-logs/client.ts'
import { OPEN_COUNT_WINDOW_MINUTES } from '../activity-logs/retention.ts'
import { DOCUMENT_JOINS, documentColumns } from './columns.ts'
import { FILES_JSON, GEOJSON_BOXES } from './files.ts'
import { HARVEST_SOURCE_NAME, LINK_CHECKS_JSON, LINKS_JSON } from './links.ts'
import { presentDetail, type DocumentDetailRow } from './presenter.ts'
import { visibleTo } from './visibility.ts'

/** The document page: 404 when it does not exist or the viewer may not see it. */
export async function getDocument(db: Queryable, viewer: Viewer, id: string) {
  const params = new Params()
  const [row] = await db.query<DocumentDetailRow>(
    `select ${documentColumns(params, viewer)}, d.description, d.license, d.woo_category,
            d.source_url, ${FILES_JSON} as files, ${LINKS_JSON} as links,
            ${HARVEST_SOURCE_NAME} as harvest_source, d.harvested_at,
            ${isEmployee(viewer) ? LINK_CHECKS_JSON : `'[]'::json`} as link_checks,
            to_char(d.temporal_start, 'YYYY-MM-DD') as temporal_start,
            to_char(d.temporal_end, 'YYYY-MM-DD') as temporal_end, d.spatial_uri,
            ${GEOJSON_BOXES} as boxes
       from documents d ${DOCUMENT_JOINS}
      where d.id = ${params.add(id)}::uuid and ${visibleTo(viewer, params)}`,
    params.values,
  )
  if (!row) throw new NotFoundError()
  return presentDetail(row, viewer)
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
  if (!row) throw new NotFoundError('Dit bestand bestaat niet of u mag het niet zien.')
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
  if (!row?.found) throw new NotFoundError()
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

import {
  apiPaths,
  HISTORY_FIELD_LABELS,
  type DocumentHistory,
  type FileTable,
  type HistoryField,
} from '@dataportaal/contract'
import { isAdmin, isEmployee, type Viewer } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import { NotFoundError } from '../../shared/errors.ts'
import { visibleTo } from '../documents/index.ts'

/**
 * Which history a viewer sees, as SQL on `d` and a time column: admins and the owner all
 * of it; everyone else only what was there when the document was last approved (an edit
 * clears published_at and approval sets it anew, so `at <= published_at` is exactly what
 * an approval has seen). The DCAT catalogue lists the public versions by it too.
 */
export function historyVisibleTo(viewer: Viewer, params: Params, at: string): string {
  const approved = `${at} <= d.published_at`
  if (isAdmin(viewer)) return 'true'
  if (isEmployee(viewer)) return `(${approved} or d.owner_id = ${params.add(viewer.id)})`
  return approved
}

interface VersionRow extends Record<string, unknown> {
  id: string
  version: number
  file_name: string
  media_type: string
  size_bytes: string
  sha256: string
  replaced_at: Date
  tables: FileTable[] | null
}

/** The tables a version kept (keepVersions moved them there), as a JSON array or null. */
const VERSION_TABLES = `(select json_agg(json_build_object('sheet', t.sheet, 'loadStatus', t.load_status,
                                                'rowCount', t.row_count) order by t.sheet_index)
                           from data_tables t where t.version_id = v.id) as tables`

interface ChangeRow extends Record<string, unknown> {
  id: string
  changed_at: Date
  changed_by: string | null
  fields: HistoryField[]
  files_added: Array<{ fileName: string; size: number }>
  files_removed: Array<{ fileName: string; size: number }>
}

/** The earlier files and the changes of a document the viewer may see (else 404). */
export async function getHistory(
  db: Queryable,
  viewer: Viewer,
  documentId: string,
): Promise<DocumentHistory> {
  const params = new Params()
  const [document] = await db.query<{ id: string }>(
    `select d.id::text from documents d
      where d.id = ${params.add(documentId)}::uuid and ${visibleTo(viewer, params)}`,
    params.values,
  )
  if (!document) throw new NotFoundError()
  // Each statement with its own parameters: a value a statement does not use fails it.
  const forVersions = new Params()
  const forChanges = new Params()
  const [versions, changes] = await Promise.all([
    db.query<VersionRow>(
      `select v.id::text, v.version, v.file_name, v.media_type, v.size_bytes::text, v.sha256,
              v.replaced_at, ${VERSION_TABLES}
         from document_versions v join documents d on d.id = v.document_id
        where d.id = ${forVersions.add(documentId)}::uuid
          and ${historyVisibleTo(viewer, forVersions, 'v.replaced_at')}
        order by v.version desc`,
      forVersions.values,
    ),
    db.query<ChangeRow>(
      `select c.id::text, c.changed_at, coalesce(e.display_name, c.changed_by) as changed_by,
              c.fields, c.files_added, c.files_removed
         from document_changes c join documents d on d.id = c.document_id
              left join employees e on e.id = c.changed_by
        where d.id = ${forChanges.add(documentId)}::uuid
          and ${historyVisibleTo(viewer, forChanges, 'c.changed_at')}
        order by c.changed_at desc, c.id`,
      forChanges.values,
    ),
  ])
  return {
    versions: versions.map((row) => ({
      id: row.id,
      version: row.version,
      fileName: row.file_name,
      mediaType: row.media_type,
      size: Number(row.size_bytes),
      sha256: row.sha256,
      replacedAt: row.replaced_at.toISOString(),
      url: apiPaths.versionFile(documentId, row.id),
      ...(row.tables
        ? { tables: row.tables.map((table) => ({ ...table, rowCount: Number(table.rowCount) })) }
        : {}),
    })),
    changes: changes.map((row) => presentChange(row, isAdmin(viewer))),
  }
}

function presentChange(row: ChangeRow, withWho: boolean): DocumentHistory['changes'][number] {
  const addedNames = new Set(row.files_added.map((file) => file.fileName))
  const removedNames = new Set(row.files_removed.map((file) => file.fileName))
  return {
    id: row.id,
    changedAt: row.changed_at.toISOString(),
    fields: row.fields.map((field) => ({ field, label: HISTORY_FIELD_LABELS[field] })),
    filesAdded: row.files_added.filter((file) => !removedNames.has(file.fileName)),
    filesReplaced: row.files_added.filter((file) => removedNames.has(file.fileName)),
    filesRemoved: row.files_removed.filter((file) => !addedNames.has(file.fileName)),
    ...(withWho ? { changedBy: row.changed_by } : {}),
  }
}

/** An earlier version's file, with the same visibility as the history that lists it. */
export async function getVersionFile(
  db: Queryable,
  viewer: Viewer,
  documentId: string,
  versionId: string,
) {
  const params = new Params()
  const [row] = await db.query<VersionRow>(
    `select v.file_name, v.media_type, v.size_bytes::text, v.sha256
       from document_versions v join documents d on d.id = v.document_id
      where v.id = ${params.add(versionId)}::uuid and d.id = ${params.add(documentId)}::uuid
        and ${visibleTo(viewer, params)} and ${historyVisibleTo(viewer, params, 'v.replaced_at')}`,
    params.values,
  )
  if (!row) throw new NotFoundError('Deze versie bestaat niet of u mag haar niet zien.')
  return {
    fileName: row.file_name,
    mediaType: row.media_type,
    size: Number(row.size_bytes),
    sha256: row.sha256,
  }
}

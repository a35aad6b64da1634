import type { DocumentFile, FileTable } from '@dataportaal/contract'

/** A document's files as `FILES_JSON` selects them. */
export type FileRows = Array<{
  id: string
  fileName: string
  mediaType: string
  size: number
  sha256: string
  extractionStatus: NonNullable<DocumentFile['extractionStatus']>
  extractionError: string | null
  /** The file's tables (data_tables, migration 0022), null for a file that holds none. */
  tables: FileTable[] | null
}>

/** The files of document `d`, in their order, as one JSON array (a select expression). */
export const FILES_JSON = `coalesce((select json_agg(json_build_object('id', f.id, 'fileName', f.file_name,
                        'mediaType', f.media_type, 'size', f.size_bytes, 'sha256', f.sha256,
                        'extractionStatus', f.extraction_status, 'extractionError', f.extraction_error,
                        'tables', (select json_agg(json_build_object('sheet', t.sheet,
                                     'loadStatus', t.load_status, 'rowCount', t.row_count)
                                     order by t.sheet_index)
                                     from data_tables t where t.file_id = f.id))
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
  files.map(({ extractionStatus, extractionError, tables, ...file }) => ({
    ...file,
    size: Number(file.size),
    url: fileDownloadPath(documentId, file.id),
    ...(withExtraction ? { extractionStatus, extractionError } : {}),
    // Where a client can ask for the file's tables (…/table, …/rows).
    ...(tables
      ? { tables: tables.map((table) => ({ ...table, rowCount: Number(table.rowCount) })) }
      : {}),
  }))

/** Path of a file download, relative to the API prefix the caller used. */
export const fileDownloadPath = (documentId: string, fileId: string) =>
  `/documents/${documentId}/files/${fileId}`

/**
 * The boxes of document `d`'s GeoJSON columns, from its loaded tables' statistics (the table
 * loader computes them in its worker), as a JSON array or null (a select expression).
 */
export const GEOJSON_BOXES = `(select json_agg(field -> 'stats' -> 'bbox')
                 from document_files f join data_tables t on t.file_id = f.id
                      cross join lateral jsonb_array_elements(t.schema -> 'fields') as field
                where f.document_id = d.id and t.load_status = 'geladen'
                  and field -> 'stats' ? 'bbox')`

import type {
  CellValue,
  DictionaryEdit,
  RowsPage,
  RowsQuery,
  TableInfo,
  TableLoadStatus,
  TableReport,
  TableSchema,
  VersionTableInfo,
} from '@dataportaal/contract'
import { Readable } from 'node:stream'
import type { Employee, Viewer } from '../../auth/viewer.ts'
import type { Db, Queryable } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import { ConflictError, fieldError, InvalidInputError, NotFoundError } from '../../shared/errors.ts'
import { recordAudit } from '../audit/record.ts'
import { getVersionFile, recordChange } from '../history/index.ts'
import {
  lockEditableDocument,
  markEdited,
  refreshSearchIndex,
  visibleTo,
} from '../documents/index.ts'
import { csvLine } from './csv.ts'
import { enqueueTableLoads, typesOf } from './load-job.ts'
import { qualified } from './physical.ts'
import { columnsOf, filterParams, selectRows, type Column, type RowsSelection } from './query.ts'

export const FILE_GONE = 'Dit bestand bestaat niet of u mag het niet zien.'
export const NO_TABLE_HERE = 'Dit bestand bevat geen tabel.'
export const NO_VERSION_TABLE = 'Deze versie heeft geen geladen tabel.'
export const NOT_LOADED = 'Deze tabel is (nog) niet geladen.'

/** One table's metadata row (data_tables); a type, so that it is a Row. */
type TableRow = {
  id: string
  sheet_index: number
  sheet: string | null
  load_status: TableLoadStatus
  reason: string | null
  row_count: string | number
  schema: TableSchema | null
  report: TableReport | null
  dictionary: Record<string, DictionaryEntry>
  physical_table: string | null
}

interface DictionaryEntry {
  title?: string
  description?: string
  unit?: string
  type?: string
}

/** A table the viewer may read, with the other sheets of its file. */
export interface FoundTable {
  fileName: string
  mediaType: string
  row: TableRow
  sheets: string[]
}

const TABLE_COLUMNS = `t.id::text as id, t.sheet_index, t.sheet, t.load_status, t.reason,
  t.row_count, t.schema, t.report, t.dictionary, t.physical_table`

/**
 * The table of a file the viewer may see (the documents' rule, visibleTo): 404 when the
 * document or file is not there for them or the file holds no table; `sheet` names a sheet
 * of a workbook (the first when absent), an unknown one is `onUnknownSheet`.
 */
export async function findTable(
  db: Queryable,
  viewer: Viewer,
  ids: { id: string; fileId: string },
  sheet: string | undefined,
  onUnknownSheet: 'not-found' | 'invalid' = 'not-found',
): Promise<FoundTable> {
  const params = new Params()
  const rows = await db.query<TableRow & { file_name: string; media_type: string }>(
    `select f.file_name, f.media_type, ${TABLE_COLUMNS}
       from document_files f join documents d on d.id = f.document_id
       left join data_tables t on t.file_id = f.id
      where f.id = ${params.add(ids.fileId)}::uuid and d.id = ${params.add(ids.id)}::uuid
        and ${visibleTo(viewer, params)}
      order by t.sheet_index`,
    params.values,
  )
  const [first] = rows
  if (!first) throw new NotFoundError(FILE_GONE)
  if (first.id === null) throw new NotFoundError(NO_TABLE_HERE)
  const file = { fileName: first.file_name, mediaType: first.media_type }
  return pickSheet(file, rows, sheet, onUnknownSheet)
}

/**
 * The table of an earlier version, with the same visibility as the version's download
 * (features/history): 404 when the viewer may not see the version or it kept no table.
 */
export async function findVersionTable(
  db: Queryable,
  viewer: Viewer,
  ids: { id: string; versionId: string },
  sheet: string | undefined,
  onUnknownSheet: 'not-found' | 'invalid' = 'not-found',
): Promise<FoundTable> {
  const version = await getVersionFile(db, viewer, ids.id, ids.versionId)
  const rows = await db.query<TableRow>(
    `select ${TABLE_COLUMNS} from data_tables t
      where t.version_id = $1::uuid order by t.sheet_index`,
    [ids.versionId],
  )
  if (rows.length === 0) throw new NotFoundError(NO_VERSION_TABLE)
  return pickSheet(version, rows, sheet, onUnknownSheet)
}

/** The sheet asked for (the first when absent) among a file's tables. */
function pickSheet(
  file: { fileName: string; mediaType: string },
  rows: readonly TableRow[],
  sheet: string | undefined,
  onUnknownSheet: 'not-found' | 'invalid',
): FoundTable {
  const row = sheet === undefined ? rows[0] : rows.find((r) => r.sheet === sheet)
  if (!row) {
    const message = `Dit bestand heeft geen blad '${sheet}'.`
    if (onUnknownSheet === 'invalid') {
      throw new InvalidInputError(message, [fieldError('sheet', message)])
    }
    throw new NotFoundError(message)
  }
  return {
    fileName: file.fileName,
    mediaType: file.mediaType,
    row,
    sheets: rows.flatMap((r) => (r.sheet === null ? [] : [r.sheet])),
  }
}

/** The Table Schema with the owner's dictionary merged into its fields. */
export function schemaOf(row: TableRow): TableSchema | null {
  if (!row.schema) return null
  return {
    ...row.schema,
    fields: row.schema.fields.map((field) => {
      // Own entries only: a column called `constructor` has no entry of Object's.
      const entry = Object.hasOwn(row.dictionary, field.name)
        ? row.dictionary[field.name]
        : undefined
      return {
        ...field,
        ...(entry?.title ? { title: entry.title } : {}),
        ...(entry?.description ? { description: entry.description } : {}),
        ...(entry?.unit ? { unit: entry.unit } : {}),
      }
    }),
  }
}

/** A table as the API gives it, without whose it is (a file's or a version's). */
function describeTable(found: FoundTable): Omit<TableInfo, 'fileId'> {
  const { row } = found
  return {
    sheet: row.sheet,
    sheets: found.sheets,
    loadStatus: row.load_status,
    ...(row.reason ? { reason: row.reason } : {}),
    rowCount: Number(row.row_count),
    schema: schemaOf(row),
    report: row.report,
  }
}

export const presentTable = (found: FoundTable, fileId: string): TableInfo => ({
  fileId,
  ...describeTable(found),
})

export const presentVersionTable = (found: FoundTable, versionId: string): VersionTableInfo => ({
  versionId,
  ...describeTable(found),
})

/** A loaded table's columns and physical name; 409 while it is not (yet) loaded. */
function loaded(found: FoundTable): { physical: string; columns: Column[] } {
  const { row } = found
  if (row.load_status !== 'geladen' || !row.physical_table || !row.schema) {
    throw new ConflictError(row.reason ?? NOT_LOADED)
  }
  return { physical: qualified(row.physical_table), columns: columnsOf(row.schema.fields) }
}

const valuesOf = (selection: RowsSelection) =>
  `json_build_array(${selection.selected.map((c) => c.column).join(', ') || 'null'}) as v`

/** A page of rows, filtered, sorted, with the exact total. */
export async function rowsPage(
  db: Queryable,
  found: FoundTable,
  query: RowsQuery,
  url: string,
): Promise<RowsPage> {
  const { physical, columns } = loaded(found)
  const selection = selectRows(columns, query, filterParams(url))
  const { params, where } = selection
  const page = new Params()
  page.values.push(...params.values)
  // The count and the page at once: on PostgreSQL two connections, so the answer takes the
  // longer of the two rather than both. A loaded table never changes: unfiltered, its row
  // count (COPY's own) is the total.
  const [[counted], rows] = await Promise.all([
    where === 'true'
      ? [{ n: found.row.row_count }]
      : db.query<{ n: string | number }>(
          `select count(*) as n from ${physical} where ${where}`,
          params.values,
        ),
    db.query<{ v: unknown[] }>(
      `select ${valuesOf(selection)} from ${physical} where ${where}
      order by ${selection.orderBy} limit ${page.add(query.limit)} offset ${page.add(query.offset)}`,
      page.values,
    ),
  ])
  return {
    fields: selection.selected.map((c) => c.name),
    rows: rows.map((r) => rowObject(selection.selected, r.v)),
    total: Number(counted?.n ?? 0),
    offset: query.offset,
    limit: query.limit,
  }
}

/** A row by field name; fromEntries, so a column called `__proto__` is a column too. */
const rowObject = (selected: readonly Column[], values: unknown[]) =>
  Object.fromEntries(
    selected.map((column, i) => [column.name, (values[i] ?? null) as CellValue]),
  ) as Record<string, CellValue>

/** Rows per query of a CSV export: memory stays flat however large the table. */
const CSV_BATCH = 2_000

/**
 * The whole filtered result as CSV, streamed. Without a sort it pages by `_row` (keyset);
 * with one it first takes the matching `_row`s in order (one array, 8 bytes a row, at
 * most the row limit) and then fetches their values by batch, so no query holds the database for long.
 */
export async function rowsCsv(
  db: Queryable,
  found: FoundTable,
  query: RowsQuery,
  url: string,
): Promise<Readable> {
  const { physical, columns } = loaded(found)
  const selection = selectRows(columns, query, filterParams(url))
  const { where, selected } = selection
  const base = selection.params.values
  const values = valuesOf(selection)
  async function* batches(): AsyncGenerator<string> {
    yield csvLine(selected.map((c) => c.name))
    if (selection.byRowOnly) {
      let after = -1
      for (;;) {
        const rows = await db.query<{ r: string; v: unknown[] }>(
          `select _row::text as r, ${values} from ${physical}
            where ${where} and _row > $${base.length + 1}::bigint order by _row limit ${CSV_BATCH}`,
          [...base, after],
        )
        if (rows.length === 0) return
        yield rows.map((row) => csvLine(row.v, selected)).join('')
        after = Number(rows[rows.length - 1]?.r)
        if (rows.length < CSV_BATCH) return
      }
    }
    // One array of numbers (a row number fits a double exactly), not a row object per row.
    const [ordered] = await db.query<{ rows: number[] | null }>(
      `select array_agg(_row::float8 order by ${selection.orderBy}) as rows
         from ${physical} where ${where}`,
      base,
    )
    const order = ordered?.rows ?? []
    for (let start = 0; start < order.length; start += CSV_BATCH) {
      const ids = order.slice(start, start + CSV_BATCH)
      const rows = await db.query<{ v: unknown[] }>(
        `select ${values} from unnest($1::bigint[]) with ordinality as u(r, n)
           join ${physical} on _row = u.r order by u.n`,
        [ids],
      )
      yield rows.map((row) => csvLine(row.v, selected)).join('')
    }
  }
  return Readable.from(batches())
}

/** The file name of an export: the file's own name, then `-selectie.csv`. */
export function exportName(found: FoundTable): string {
  const stem = found.fileName.replace(/\.[^.]*$/, '') || 'tabel'
  const sheet = found.row.sheet ? `-${found.row.sheet}` : ''
  return `${stem}${sheet}-selectie.csv`
}

/**
 * The owner's (or an admin's) words per column. An edit of the document like any other:
 * it goes back to `openstaand` (markEdited) and is audited. A corrected type loads the
 * table again with it (protocol.ts `typeOverrides`); until then the old table stays.
 */
export async function editDictionary(
  db: Db,
  viewer: Employee,
  ids: { id: string; fileId: string },
  edit: DictionaryEdit,
): Promise<TableInfo> {
  await db.transaction(async (tx) => {
    const document = await lockEditableDocument(tx, viewer, ids.id, 'edit')
    const found = await findTable(tx, viewer, ids, edit.sheet ?? undefined)
    const { row } = found
    if (!row.schema) throw new ConflictError(row.reason ?? NOT_LOADED)
    const [locked] = await tx.query<{ dictionary: Record<string, DictionaryEntry> }>(
      'select dictionary from data_tables where id = $1 for update',
      [row.id],
    )
    const before = locked?.dictionary ?? {}
    const fields = new Map(row.schema.fields.map((field) => [field.name, field]))
    const errors = edit.fields.flatMap((field, i) =>
      fields.has(field.name)
        ? []
        : [fieldError(`fields.${i}.name`, `De kolom '${field.name}' bestaat niet in de tabel.`)],
    )
    if (errors.length > 0)
      throw new InvalidInputError('De invoer voldoet niet aan de regels.', errors)
    const edited = new Map<string, DictionaryEntry>()
    for (const field of edit.fields) {
      const entry: DictionaryEntry = {}
      if (field.title) entry.title = field.title
      if (field.description) entry.description = field.description
      if (field.unit) entry.unit = field.unit
      // A type the loader inferred anyway is no correction; one set before stays until changed.
      const current = Object.hasOwn(before, field.name) ? before[field.name]?.type : undefined
      if (field.type && (field.type !== fields.get(field.name)?.type || current)) {
        entry.type = field.type
      }
      edited.set(field.name, entry)
    }
    // Named fields get exactly what was sent (nothing: their entry goes); others stay.
    const after: Record<string, DictionaryEntry> = Object.fromEntries(
      [...Object.entries(before).filter(([name]) => !edited.has(name)), ...edited.entries()].filter(
        ([, entry]) => Object.keys(entry).length > 0,
      ),
    )
    await tx.query('update data_tables set dictionary = $2::jsonb where id = $1', [
      row.id,
      JSON.stringify(after),
    ])
    await markEdited(tx, document.id, viewer.id)
    await recordChange(tx, {
      documentId: document.id,
      by: viewer.id,
      fields: ['dataDictionary'],
      added: [],
      removed: [],
    })
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'document_edited',
      document: { id: document.id, title: document.title },
      details: {
        previousStatus: document.status,
        dictionary: {
          fileId: ids.fileId,
          sheet: row.sheet,
          fields: edit.fields.map((f) => f.name),
        },
      },
    })
    await refreshSearchIndex(tx, [document.id])
    if (!sameTypes(typesOf(before), typesOf(after))) {
      await enqueueTableLoads(tx, [{ id: ids.fileId, mediaType: found.mediaType }])
    }
  })
  return presentTable(await findTable(db, viewer, ids, edit.sheet ?? undefined), ids.fileId)
}

function sameTypes(a: Record<string, string>, b: Record<string, string>) {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  return [...keys].every((key) => a[key] === b[key])
}

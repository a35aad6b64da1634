import {
  FILTER_OPERATORS,
  TABLE_LIMITS,
  type FieldType,
  type FilterOperator,
} from '@dataportaal/contract'
import type { QueryParams } from '../../shared/api/client.ts'

/** Rows per page of the table on the document page: a screenful, quick to read aloud. */
export const TABLE_PAGE_SIZE = 25

/**
 * The table's state lives in the document page's query, so a filtered view can be shared,
 * reloaded and left with Back: `tabel` names the file it is about (a document may have
 * several tables), then `blad`, `sorteer` (`kolom` or `-kolom`), `zoek`, `pagina` and one
 * `f.<kolom>=<op>:<waarde>` per filter, in the Data API's own notation.
 */
export const TABLE_PARAMS = {
  table: 'tabel',
  sheet: 'blad',
  sort: 'sorteer',
  q: 'zoek',
  page: 'pagina',
  filterPrefix: 'f.',
} as const

export interface TableFilter {
  column: string
  op: FilterOperator
  value: string
}

export interface TableSort {
  column: string
  descending: boolean
}

export interface TableViewState {
  sheet: string | null
  sort: TableSort | null
  q: string
  filters: TableFilter[]
  /** 1-based. */
  page: number
}

export const emptyTableState = (sheet: string | null): TableViewState => ({
  sheet,
  sort: null,
  q: '',
  filters: [],
  page: 1,
})

/** The highest page a hand-edited address may ask for; the API answers an empty page past the end. */
const MAX_PAGE = Math.floor(1_000_000_000 / TABLE_PAGE_SIZE)

const isOperator = (op: string): op is FilterOperator =>
  (FILTER_OPERATORS as readonly string[]).includes(op)

/** `gte:10` → the operator and its value; anything else (a hand-edited address) is ignored. */
export function parseFilter(column: string, text: string): TableFilter | null {
  const colon = text.indexOf(':')
  const op = colon === -1 ? text : text.slice(0, colon)
  const value = colon === -1 ? '' : text.slice(colon + 1)
  if (!column || !isOperator(op) || value.length > TABLE_LIMITS.filterValueMax) return null
  return { column, op, value }
}

/**
 * The state of the table of `fileId` as the address gives it; the defaults when the address
 * is about another table or none. Whatever the address holds, this yields a usable state:
 * the API refuses what does not fit the table (an unknown column) and the view says why.
 */
export function readTableState(
  params: URLSearchParams,
  fileId: string,
  defaultSheet: string | null,
): TableViewState {
  if (params.get(TABLE_PARAMS.table) !== fileId) return emptyTableState(defaultSheet)
  const sortText = params.get(TABLE_PARAMS.sort) ?? ''
  const descending = sortText.startsWith('-')
  const sortColumn = descending ? sortText.slice(1) : sortText
  const page = Number.parseInt(params.get(TABLE_PARAMS.page) ?? '', 10)
  const filters: TableFilter[] = []
  for (const [key, value] of params) {
    if (!key.startsWith(TABLE_PARAMS.filterPrefix)) continue
    const filter = parseFilter(key.slice(TABLE_PARAMS.filterPrefix.length), value)
    if (filter && filters.length < TABLE_LIMITS.filtersMax) filters.push(filter)
  }
  return {
    sheet: params.get(TABLE_PARAMS.sheet) ?? defaultSheet,
    sort: sortColumn ? { column: sortColumn, descending } : null,
    q: (params.get(TABLE_PARAMS.q) ?? '').slice(0, TABLE_LIMITS.qMax),
    filters,
    page: Number.isSafeInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  }
}

/** The address with the table's state of `fileId` in it; other parameters stay as they are. */
export function writeTableState(
  params: URLSearchParams,
  fileId: string,
  state: TableViewState,
): URLSearchParams {
  const next = new URLSearchParams()
  for (const [key, value] of params) {
    const ours =
      Object.values(TABLE_PARAMS).includes(key as never) ||
      key.startsWith(TABLE_PARAMS.filterPrefix)
    if (!ours) next.append(key, value)
  }
  next.set(TABLE_PARAMS.table, fileId)
  if (state.sheet !== null) next.set(TABLE_PARAMS.sheet, state.sheet)
  if (state.sort) {
    next.set(TABLE_PARAMS.sort, `${state.sort.descending ? '-' : ''}${state.sort.column}`)
  }
  if (state.q) next.set(TABLE_PARAMS.q, state.q)
  for (const { column, op, value } of state.filters) {
    next.append(`${TABLE_PARAMS.filterPrefix}${column}`, `${op}:${value}`)
  }
  if (state.page > 1) next.set(TABLE_PARAMS.page, String(state.page))
  return next
}

/** Clicking a header: ascending, then descending, then unsorted. */
export function nextSort(current: TableSort | null, column: string): TableSort | null {
  if (current?.column !== column) return { column, descending: false }
  return current.descending ? null : { column, descending: true }
}

/**
 * The Data API's query for the state, without paging: `filter[kolom]` repeated per filter,
 * `sort`, `q` and `sheet`. The rows of a page and the CSV download both start from it.
 */
export function rowsFilterQuery(state: TableViewState): QueryParams {
  const query: Record<string, string | string[]> = {}
  if (state.sheet !== null) query.sheet = state.sheet
  if (state.q) query.q = state.q
  if (state.sort) query.sort = `${state.sort.descending ? '-' : ''}${state.sort.column}`
  for (const { column, op, value } of state.filters) {
    const key = `filter[${column}]`
    const values = query[key]
    query[key] = [...(Array.isArray(values) ? values : []), `${op}:${value}`]
  }
  return query
}

export const rowsPageQuery = (state: TableViewState): QueryParams => ({
  ...rowsFilterQuery(state),
  limit: TABLE_PAGE_SIZE,
  offset: (state.page - 1) * TABLE_PAGE_SIZE,
})

/**
 * One column's filter as the form shows it: text 'bevat', a from–to pair for numbers and
 * dates, ja/nee for booleans, and for every column 'leeg' or 'niet leeg'.
 */
export interface ColumnFilterDraft {
  contains: string
  from: string
  to: string
  /** '' for all, 'true' or 'false'. */
  bool: '' | 'true' | 'false'
  /** '' for all. */
  empty: '' | 'empty' | 'notempty'
}

export const EMPTY_DRAFT: ColumnFilterDraft = {
  contains: '',
  from: '',
  to: '',
  bool: '',
  empty: '',
}

export type FilterKind = 'text' | 'range' | 'boolean' | 'none'

export function filterKind(type: FieldType): FilterKind {
  switch (type) {
    case 'string':
      return 'text'
    case 'integer':
    case 'number':
    case 'date':
    case 'datetime':
      return 'range'
    case 'boolean':
      return 'boolean'
    case 'geojson':
      return 'none'
  }
}

/** The form's values for the filters in the address, per column. */
export function draftsFromFilters(filters: readonly TableFilter[]): Map<string, ColumnFilterDraft> {
  const drafts = new Map<string, ColumnFilterDraft>()
  for (const { column, op, value } of filters) {
    const draft = { ...(drafts.get(column) ?? EMPTY_DRAFT) }
    if (op === 'contains') draft.contains = value
    else if (op === 'gte') draft.from = value
    else if (op === 'lte') draft.to = value
    else if (op === 'eq' && (value === 'true' || value === 'false')) draft.bool = value
    else if (op === 'empty' || op === 'notempty') draft.empty = op
    drafts.set(column, draft)
  }
  return drafts
}

/**
 * A number as a Dutch reader types it ('1.234,5', '1.000') as the API reads it ('1234.5',
 * '1000'): a comma is the decimal sign and points in groups of three separate thousands. Other
 * values ('1.5', dates) go as typed, and the API says when they do not fit.
 */
export function apiNumber(text: string): string {
  const trimmed = text.trim()
  const dutch = /^[-+]?\d*(,\d*)?$/.test(trimmed) || /^[-+]?\d{1,3}(\.\d{3})+(,\d*)?$/.test(trimmed)
  return dutch ? trimmed.replaceAll('.', '').replace(',', '.') : trimmed
}

/** The filters the form asks for, column by column, in the Data API's notation. */
export function filtersFromDrafts(
  drafts: ReadonlyMap<string, ColumnFilterDraft>,
  types: ReadonlyMap<string, FieldType>,
): TableFilter[] {
  const filters: TableFilter[] = []
  for (const [column, draft] of drafts) {
    const type = types.get(column)
    if (!type) continue
    const kind = filterKind(type)
    const numeric = type === 'integer' || type === 'number'
    const range = (text: string) => (numeric ? apiNumber(text) : text.trim())
    if (kind === 'text' && draft.contains.trim()) {
      filters.push({ column, op: 'contains', value: draft.contains.trim() })
    }
    if (kind === 'range' && draft.from.trim()) {
      filters.push({ column, op: 'gte', value: range(draft.from) })
    }
    if (kind === 'range' && draft.to.trim()) {
      filters.push({ column, op: 'lte', value: range(draft.to) })
    }
    if (kind === 'boolean' && draft.bool) filters.push({ column, op: 'eq', value: draft.bool })
    if (draft.empty) filters.push({ column, op: draft.empty, value: '' })
  }
  return filters
}

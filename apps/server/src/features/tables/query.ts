import {
  FILTER_OPERATORS,
  SINGLE_LINE_TEXT,
  TEXT_MESSAGES,
  TABLE_LIMITS,
  type FieldType,
  type FilterOperator,
  type RowsQuery,
} from '@dataportaal/contract'
import { Params } from '../../db/params.ts'
import { fieldError, InvalidInputError, type FieldError } from '../../shared/errors.ts'
import { columnOf, SQL_TYPES } from './physical.ts'

/** A field of a loaded table as the rows API addresses it: its name, type and column. */
export interface Column {
  name: string
  type: FieldType
  column: string
}

export const columnsOf = (fields: ReadonlyArray<{ name: string; type: FieldType }>): Column[] =>
  fields.map((field, i) => ({ name: field.name, type: field.type, column: columnOf(i) }))

/** The SQL parts of one rows request: condition, order, selected columns. */
export interface RowsSelection {
  params: Params
  where: string
  orderBy: string
  /** Whether the order is `_row` alone (keyset paging over `_row` is possible). */
  byRowOnly: boolean
  selected: Column[]
}

const ORDERED = new Set<FieldType>(['integer', 'number', 'date', 'datetime'])

const TYPE_NAMES: Record<FieldType, string> = {
  integer: 'een geheel getal',
  number: 'een getal',
  boolean: 'ja of nee (true/false)',
  date: 'een datum (JJJJ-MM-DD)',
  datetime: 'een datum en tijd (JJJJ-MM-DDTUU:MM:SS)',
  string: 'tekst',
  geojson: 'een geometrie',
}

function validDate(year: number, month: number, day: number) {
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  )
}

/** A filter's value as its column's type, or undefined when it is not one. */
export function parseValue(type: FieldType, raw: string): string | number | boolean | undefined {
  const value = raw.trim()
  switch (type) {
    case 'integer':
      // Within bigint: 18 digits always are.
      return /^-?\d{1,18}$/.test(value) ? value : undefined
    case 'number': {
      if (!/^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d{1,3})?$/.test(value)) return undefined
      const number = Number(value)
      return Number.isFinite(number) ? number : undefined
    }
    case 'boolean': {
      const lower = value.toLowerCase()
      if (['true', 'ja', 't', '1'].includes(lower)) return true
      if (['false', 'nee', 'f', '0'].includes(lower)) return false
      return undefined
    }
    case 'date': {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
      return match && validDate(Number(match[1]), Number(match[2]), Number(match[3]))
        ? value
        : undefined
    }
    case 'datetime': {
      const match =
        /^(\d{4})-(\d{2})-(\d{2})(?:[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,6})?)?)?$/.exec(
          value,
        )
      return match && validDate(Number(match[1]), Number(match[2]), Number(match[3]))
        ? value.replace(' ', 'T')
        : undefined
    }
    case 'string':
      return raw
    case 'geojson':
      return undefined
  }
}

/** `%` and `_` are LIKE's wildcards; a user's text must match them as themselves. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The parameters of RowsQuery; every other one must be a `filter[<column>]`. */
const ROWS_PARAMETERS = new Set(['sheet', 'q', 'sort', 'fields', 'limit', 'offset', 'format'])

/**
 * The `filter[<column>]` parameters of a query string, in order, and any other parameter
 * the rows API does not know (refused, as unknown parameters are everywhere).
 */
export function filterParams(url: string): Array<[string, string]> {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : ''
  return [...new URLSearchParams(query).entries()].filter(([key]) => !ROWS_PARAMETERS.has(key))
}

function byName(columns: readonly Column[]) {
  const map = new Map<string, Column>()
  for (const column of columns) if (!map.has(column.name)) map.set(column.name, column)
  return map
}

/**
 * Turns a rows request into SQL over the table's own columns. Every name is looked up among
 * the table's fields and every value parsed to its column's type first; what does not fit
 * is one 422 naming the parameter, never SQL.
 */
export function selectRows(
  columns: readonly Column[],
  query: Pick<RowsQuery, 'q' | 'sort' | 'fields'>,
  filters: ReadonlyArray<[string, string]>,
): RowsSelection {
  const params = new Params()
  const errors: FieldError[] = []
  const named = byName(columns)
  const conditions: string[] = []

  if (filters.length > TABLE_LIMITS.filtersMax) {
    errors.push(fieldError('filter', `Hoogstens ${TABLE_LIMITS.filtersMax} filters per vraag.`))
  }
  const anyOf = new Map<Column, unknown[]>()
  for (const [key, raw] of filters.slice(0, TABLE_LIMITS.filtersMax)) {
    const match = /^filter\[(.*)\]$/s.exec(key)
    if (!match) {
      errors.push(
        fieldError(key, 'Onbekende parameter; filters zijn filter[kolom]=bewerking:waarde.'),
      )
      continue
    }
    const column = named.get(match[1] ?? '')
    if (!column) {
      errors.push(fieldError(key, 'Deze kolom bestaat niet in de tabel.'))
      continue
    }
    const colon = raw.indexOf(':')
    const op = (colon < 0 ? raw : raw.slice(0, colon)) as FilterOperator
    const text = colon < 0 ? '' : raw.slice(colon + 1)
    if (!FILTER_OPERATORS.includes(op)) {
      errors.push(
        fieldError(
          key,
          `Onbekende bewerking; gebruik ${FILTER_OPERATORS.join(', ')} (bijv. eq:waarde).`,
        ),
      )
      continue
    }
    if (op === 'empty' || op === 'notempty') {
      conditions.push(`${column.column} is ${op === 'empty' ? '' : 'not '}null`)
      continue
    }
    if (text.length > TABLE_LIMITS.filterValueMax) {
      errors.push(
        fieldError(key, `Een waarde heeft hoogstens ${TABLE_LIMITS.filterValueMax} tekens.`),
      )
      continue
    }
    // The text rule of every other input: no NUL or other control character reaches SQL.
    if (!SINGLE_LINE_TEXT.test(text)) {
      errors.push(fieldError(key, TEXT_MESSAGES.singleLine))
      continue
    }
    if ((op === 'gte' || op === 'lte') && !ORDERED.has(column.type)) {
      errors.push(fieldError(key, `${op} kan alleen bij getallen en datums.`))
      continue
    }
    if (op === 'contains') {
      if (column.type !== 'string') {
        errors.push(fieldError(key, 'contains kan alleen bij tekst.'))
        continue
      }
      const pattern = params.add(likeEscaped(text))
      // The column's text is part of _search, so its trigram index narrows first.
      const like = `like '%' || public.portal_normalize(${pattern}) || '%'`
      conditions.push(`_search ${like} and public.portal_normalize(${column.column}) ${like}`)
      continue
    }
    const value = parseValue(column.type, text)
    if (value === undefined) {
      errors.push(fieldError(key, `Deze waarde is geen ${TYPE_NAMES[column.type]}.`))
      continue
    }
    if (op === 'eq') {
      anyOf.set(column, [...(anyOf.get(column) ?? []), value])
      continue
    }
    const cast = SQL_TYPES[column.type]
    const placeholder = `${params.add(value)}::${cast}`
    const sqlOp = op === 'ne' ? 'is distinct from' : op === 'gte' ? '>=' : '<='
    conditions.push(`${column.column} ${sqlOp} ${placeholder}`)
  }
  for (const [column, values] of anyOf) {
    const cast = SQL_TYPES[column.type]
    conditions.push(
      values.length === 1
        ? `${column.column} = ${params.add(values[0])}::${cast}`
        : `${column.column} = any(${params.add(values)}::${cast}[])`,
    )
  }

  const words = (query.q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 10)
  if (words.length > 0) {
    if (!columns.some((column) => column.type === 'string')) conditions.push('false')
    for (const word of words) {
      conditions.push(
        `_search like '%' || public.portal_normalize(${params.add(likeEscaped(word))}) || '%'`,
      )
    }
  }

  const order: string[] = []
  for (const token of splitList(query.sort)) {
    const descending = token.startsWith('-') && !named.has(token)
    const column = named.get(descending ? token.slice(1) : token)
    if (!column) {
      errors.push(fieldError('sort', `De kolom '${token}' bestaat niet in de tabel.`))
    } else if (column.type === 'geojson') {
      errors.push(fieldError('sort', `Op de kolom '${column.name}' kan niet worden gesorteerd.`))
    } else {
      order.push(`${column.column} ${descending ? 'desc' : 'asc'}`)
    }
  }

  let selected = [...columns]
  const wanted = splitList(query.fields)
  if (wanted.length > 0) {
    selected = []
    for (const name of wanted) {
      const column = named.get(name)
      if (!column) errors.push(fieldError('fields', `De kolom '${name}' bestaat niet in de tabel.`))
      else if (!selected.includes(column)) selected.push(column)
    }
  }

  if (errors.length > 0) throw new InvalidInputError('De vraag aan de tabel klopt niet.', errors)
  return {
    params,
    where: conditions.length > 0 ? conditions.join(' and ') : 'true',
    orderBy: [...order, '_row asc'].join(', '),
    byRowOnly: order.length === 0,
    selected,
  }
}

const splitList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

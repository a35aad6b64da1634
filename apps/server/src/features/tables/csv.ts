import { FORMULA_START } from '@dataportaal/contract'
import type { Column } from './query.ts'

/**
 * One CSV cell (RFC 4180). Text that a spreadsheet would run as a formula gets a leading `'`
 * (OWASP CSV injection); typed numbers, dates and booleans are the table's own values and are
 * written as they are, so `-5` stays a number (docs/decisions.md).
 */
export function csvCell(value: unknown, column?: Column): string {
  if (value === null || value === undefined) return ''
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value)
  const isText = column === undefined || column.type === 'string' || column.type === 'geojson'
  if (isText && FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** A line of cells, CRLF-terminated; `columns` gives each value's type (the header has none). */
export function csvLine(values: readonly unknown[], columns?: readonly Column[]): string {
  return `${values.map((value, i) => csvCell(value, columns?.[i])).join(',')}\r\n`
}

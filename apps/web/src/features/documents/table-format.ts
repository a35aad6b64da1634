import type { CellValue, TableField } from '@dataportaal/contract'
import { formatNumber } from '../../shared/format.ts'
import { texts } from './texts.ts'

/** Decimal comma, no thousands points: a year or a postcode number stays as it is written. */
const decimalFormat = new Intl.NumberFormat('nl-NL', {
  maximumFractionDigits: 10,
  useGrouping: false,
})

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A cell as a Dutch reader expects it: 1234,5, ja/nee, 31-12-2025; the API's typed value otherwise. */
export function formatCell(value: CellValue | undefined): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return decimalFormat.format(value)
  if (typeof value === 'boolean') return value ? texts.table.yes : texts.table.no
  if (typeof value === 'string') {
    const date = ISO_DATE.exec(value)
    return date ? `${date[3]}-${date[2]}-${date[1]}` : value
  }
  const kind = typeof value.type === 'string' ? value.type : '?'
  return texts.table.geometry(kind)
}

/** '1.234 rijen'. */
export const rowCountText = (count: number) => texts.table.rowCount(count, formatNumber(count))

/** The column's heading: its title from the dictionary when it has one, and its unit. */
export function fieldLabel(field: Pick<TableField, 'name' | 'title' | 'unit'>): string {
  const name = field.title?.trim() || field.name
  return field.unit?.trim() ? `${name} (${field.unit.trim()})` : name
}

export const isNumericField = (field: Pick<TableField, 'type'>) =>
  field.type === 'integer' || field.type === 'number'

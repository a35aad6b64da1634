import type { RowsPage, TableField } from '@dataportaal/contract'
import type { TableSort } from './table-state.ts'
import { fieldLabel, formatCell, isNumericField } from './table-format.ts'
import { ScrollRegion } from '../../shared/tables/ScrollRegion.tsx'

/** Longer values wrap within a wider column; shorter ones stay on one line. */
const LONG_TEXT = 40

/**
 * One page of a table's rows. Each header holds a button that sorts by its column (ascending,
 * descending, unsorted); `aria-sort` tells screen readers the order. The table scrolls inside
 * a region that can be reached and scrolled with the keyboard.
 */
export function DataTable({
  label,
  caption,
  fields,
  page,
  sort,
  onSort,
}: {
  label: string
  caption: string
  fields: TableField[]
  page: RowsPage
  sort: TableSort | null
  onSort: (column: string) => void
}) {
  const shown = page.fields
    .map((name) => fields.find((field) => field.name === name))
    .filter((field) => field !== undefined)
  return (
    <ScrollRegion label={label}>
      <table className="utrecht-table portal-table">
        <caption className="utrecht-table__caption portal-table__caption">{caption}</caption>
        <thead className="utrecht-table__header">
          <tr className="utrecht-table__row">
            {shown.map((field) => {
              const sorted = sort?.column === field.name ? sort : null
              const direction = sorted ? (sorted.descending ? 'descending' : 'ascending') : 'none'
              return (
                <th
                  key={field.name}
                  scope="col"
                  aria-sort={direction}
                  className={`utrecht-table__header-cell${isNumericField(field) ? ' utrecht-table__header-cell--numeric-column' : ''}`}
                >
                  <button
                    type="button"
                    className="portal-table__sort"
                    onClick={() => onSort(field.name)}
                  >
                    {fieldLabel(field)}
                    <span className="portal-table__sort-icon" aria-hidden="true">
                      {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '⇅'}
                    </span>
                  </button>
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody className="utrecht-table__body">
          {page.rows.map((row, index) => (
            <tr key={page.offset + index} className="utrecht-table__row">
              {shown.map((field) => {
                const text = formatCell(row[field.name])
                const className = isNumericField(field)
                  ? 'utrecht-table__cell utrecht-table__cell--numeric-column utrecht-table__cell--numeric-data'
                  : `utrecht-table__cell${text.length > LONG_TEXT ? ' portal-table__cell--long' : ''}`
                return (
                  <td key={field.name} className={className}>
                    {text}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}

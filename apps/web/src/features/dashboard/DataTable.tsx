import { Link } from 'react-router'
import { formatNumber } from '../../shared/format.ts'
import { DASHBOARD_TEXTS as TEXTS } from './texts.ts'

/** One row of a chart: what it counts, as shown, and how many. */
export interface Datum {
  key: string
  label: string
  count: number
  /** A page about it (a document), linked from the table. */
  href?: string
}

/** The figures of a chart as a table: the alternative for screen readers and keyboard users. */
export function DataTable({
  caption,
  column,
  rows,
}: {
  caption: string
  column: string
  rows: readonly Datum[]
}) {
  return (
    <div className="portal-dashboard__table">
      <table className="utrecht-table utrecht-table--html-table">
        <caption className="utrecht-table__caption portal-visually-hidden">{caption}</caption>
        <thead className="utrecht-table__header">
          <tr className="utrecht-table__row">
            <th className="utrecht-table__header-cell" scope="col">
              {column}
            </th>
            <th
              className="utrecht-table__header-cell utrecht-table__header-cell--numeric-column"
              scope="col"
            >
              {TEXTS.count}
            </th>
          </tr>
        </thead>
        <tbody className="utrecht-table__body">
          {rows.map((row) => (
            <tr className="utrecht-table__row" key={row.key}>
              <th className="utrecht-table__header-cell" scope="row">
                {row.href ? (
                  <Link className="utrecht-link" to={row.href}>
                    {row.label}
                  </Link>
                ) : (
                  row.label
                )}
              </th>
              <td className="utrecht-table__cell utrecht-table__cell--numeric-data">
                {formatNumber(row.count)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

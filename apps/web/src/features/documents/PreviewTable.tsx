import { useId, type ReactNode } from 'react'

/** Longer values wrap within a wider column; shorter ones stay on one line. */
const LONG_TEXT = 40
const NUMBER = /^[-+]?(\d{1,3}([.,\s]\d{3})*|\d+)([.,]\d+)?\s?%?$/

/**
 * A table that may be wider than the page: it scrolls inside a region that can be reached and
 * scrolled with the keyboard. Numbers are right-aligned so they can be compared down a column.
 */
export function PreviewTable({
  label,
  caption,
  header,
  rows,
}: {
  label: string
  caption: ReactNode
  header: string[]
  rows: string[][]
}) {
  const captionId = useId()
  const columns = Math.max(header.length, ...rows.map((row) => row.length))
  const cells = (row: string[]) => Array.from({ length: columns }, (_, index) => row[index] ?? '')
  const numeric = cells(header).map(
    (_, column) =>
      rows.some((row) => row[column]) &&
      rows.every((row) => !row[column] || NUMBER.test(row[column].trim())),
  )
  const cellClass = (column: number, value: string) =>
    numeric[column]
      ? 'utrecht-table__cell utrecht-table__cell--numeric-column utrecht-table__cell--numeric-data'
      : `utrecht-table__cell${value.length > LONG_TEXT ? ' portal-document-table__cell--long' : ''}`

  return (
    <div className="portal-document-table-preview">
      {/* Outside the scrolling part, so it stays readable however wide the table is. */}
      <p id={captionId} className="portal-document-table__caption">
        {caption}
      </p>
      {/* A scrolling container must be focusable, or keyboard users cannot see its hidden part. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="portal-document-table-scroll" tabIndex={0} role="region" aria-label={label}>
        <table className="utrecht-table portal-document-table" aria-labelledby={captionId}>
          <thead className="utrecht-table__header">
            <tr className="utrecht-table__row">
              {cells(header).map((name, column) => (
                <th
                  key={column}
                  scope="col"
                  className={`utrecht-table__header-cell${numeric[column] ? ' utrecht-table__header-cell--numeric-column' : ''}`}
                >
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="utrecht-table__body">
            {rows.map((row, index) => (
              <tr key={index} className="utrecht-table__row">
                {cells(row).map((value, column) => (
                  <td key={column} className={cellClass(column, value)}>
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}

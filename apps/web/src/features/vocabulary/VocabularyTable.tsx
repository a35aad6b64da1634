import type { ManagedVocabularyItem } from '@dataportaal/contract'
import type { ReactNode } from 'react'
import { formatNumber } from '../../shared/format.ts'
import type { Announce } from '../../shared/ui/Feedback.tsx'
import type { VocabularyTexts } from './texts.ts'
import '../../shared/ui/stacked-table.css'

export interface ExtraColumn {
  header: string
  /** A cell that changes something says how it went through `announce`. */
  cell: (item: ManagedVocabularyItem, announce: Announce) => ReactNode
}

/**
 * Names with their document counts, extra columns, and per row its buttons. On a narrow
 * screen each row becomes a block with the column names before the values (vocabulary.css).
 */
export function VocabularyTable({
  items,
  texts,
  columns,
  labelledBy,
  announce,
  actions,
}: {
  items: ManagedVocabularyItem[]
  texts: VocabularyTexts
  columns: ExtraColumn[]
  labelledBy: string
  announce: Announce
  actions: (item: ManagedVocabularyItem) => ReactNode
}) {
  return (
    <table
      className="utrecht-table portal-stacked-table portal-vocabulary__table"
      aria-labelledby={labelledBy}
    >
      <thead className="utrecht-table__header">
        <tr className="utrecht-table__row">
          <th scope="col" className="utrecht-table__header-cell">
            {texts.columns.name}
          </th>
          <th
            scope="col"
            className="utrecht-table__header-cell utrecht-table__header-cell--numeric-column"
          >
            {texts.columns.documents}
          </th>
          {columns.map((column) => (
            <th key={column.header} scope="col" className="utrecht-table__header-cell">
              {column.header}
            </th>
          ))}
          <th scope="col" className="utrecht-table__header-cell">
            {texts.columns.actions}
          </th>
        </tr>
      </thead>
      <tbody className="utrecht-table__body">
        {items.map((item) => (
          <tr key={item.id} className="utrecht-table__row">
            <th scope="row" className="utrecht-table__cell portal-vocabulary__name">
              {item.name}
            </th>
            <td
              data-label={texts.columns.documents}
              className="utrecht-table__cell utrecht-table__cell--numeric-column utrecht-table__cell--numeric-data"
            >
              {formatNumber(item.documents)}
            </td>
            {columns.map((column) => (
              <td key={column.header} data-label={column.header} className="utrecht-table__cell">
                {column.cell(item, announce)}
              </td>
            ))}
            <td className="utrecht-table__cell portal-vocabulary__actions-cell">
              <div className="portal-vocabulary__actions">{actions(item)}</div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

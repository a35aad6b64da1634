import type { CellValue, TableField } from '@dataportaal/contract'
import { useId } from 'react'
import { formatNumber } from '../../shared/format.ts'
import { TABLE_TEXTS } from '../../shared/tables/texts.ts'
import { formatCell } from './table-format.ts'
import { texts } from './texts.ts'
import { ScrollRegion } from '../../shared/tables/ScrollRegion.tsx'

const TEXTS = texts.table.dictionary

const present = (value: CellValue | undefined) => value !== undefined && value !== null

/**
 * The data dictionary: per column its name, the owner's title, unit and description, its type
 * in Dutch, and what the loader saw (empty cells, distinct values, lowest and highest, examples).
 */
export function TableDictionary({ fields, name }: { fields: TableField[]; name: string }) {
  const headingId = useId()
  return (
    <section className="portal-table-dictionary" aria-labelledby={headingId}>
      <h3 id={headingId} className="utrecht-heading-3">
        {TEXTS.heading}{' '}
        <span className="portal-visually-hidden">{TABLE_TEXTS.report.ofName(name)}</span>
      </h3>
      <p className="utrecht-paragraph">{TEXTS.intro}</p>
      <ScrollRegion label={TEXTS.region(name)}>
        <table className="utrecht-table portal-table portal-table-dictionary__table">
          <caption className="utrecht-table__caption portal-visually-hidden">
            {TEXTS.heading}
          </caption>
          <thead className="utrecht-table__header">
            <tr className="utrecht-table__row">
              {[
                TEXTS.column,
                TEXTS.title,
                TEXTS.type,
                TEXTS.unit,
                TEXTS.description,
                TEXTS.empty,
                TEXTS.distinct,
                TEXTS.minMax,
                TEXTS.examples,
              ].map((heading) => (
                <th key={heading} scope="col" className="utrecht-table__header-cell">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="utrecht-table__body">
            {fields.map((field) => (
              <tr key={field.name} className="utrecht-table__row">
                <th scope="row" className="utrecht-table__header-cell">
                  {field.name}
                </th>
                <td className="utrecht-table__cell">{field.title ?? ''}</td>
                <td className="utrecht-table__cell">{TABLE_TEXTS.fieldTypes[field.type]}</td>
                <td className="utrecht-table__cell">{field.unit ?? ''}</td>
                <td className="utrecht-table__cell portal-table__cell--long">
                  {field.description ?? ''}
                </td>
                <td className="utrecht-table__cell utrecht-table__cell--numeric-data">
                  {formatNumber(field.stats.emptyCount)}
                </td>
                <td className="utrecht-table__cell utrecht-table__cell--numeric-data">
                  {field.stats.distinctCapped
                    ? TEXTS.atLeast(formatNumber(field.stats.distinctCount))
                    : formatNumber(field.stats.distinctCount)}
                </td>
                <td className="utrecht-table__cell">
                  {present(field.stats.min) || present(field.stats.max)
                    ? `${formatCell(field.stats.min)} – ${formatCell(field.stats.max)}`
                    : ''}
                </td>
                <td className="utrecht-table__cell">
                  {field.stats.examples.map((example) => formatCell(example)).join('; ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  )
}

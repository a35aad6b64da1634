import type { HarvestCounts, HarvestRun } from '@dataportaal/contract'
import { Link } from 'react-router'
import { formatNumber } from '../../shared/format.ts'
import { THEMES_ADMIN_PATH } from '../../shared/routes.ts'
import { HARVEST_TEXTS as TEXTS } from './texts.ts'
import '../../shared/ui/stacked-table.css'

const COUNTS: (keyof HarvestCounts)[] = ['created', 'updated', 'withdrawn', 'unchanged', 'refused']

/** What a finished run did: its counts, the records it refused and the themes it did not know. */
export function RunResult({ run }: { run: HarvestRun }) {
  return (
    <>
      <h3 className="utrecht-heading-3">{TEXTS.countsHeading}</h3>
      <dl className="portal-harvest-counts">
        {COUNTS.map((key) => (
          <div key={key} className="portal-harvest-counts__item">
            <dt>{TEXTS.counts[key]}</dt>
            <dd>{formatNumber(run.counts[key])}</dd>
          </div>
        ))}
      </dl>
      {run.refusals.length > 0 && <Refusals run={run} />}
      {run.unmappedThemes.length > 0 && <UnmappedThemes run={run} />}
    </>
  )
}

function Refusals({ run }: { run: HarvestRun }) {
  const columns = TEXTS.refusalColumns
  const capped = run.counts.refused > run.refusals.length
  return (
    <>
      <h3 id={`harvest-refusals-${run.id}`} className="utrecht-heading-3">
        {TEXTS.refusalsHeading}
      </h3>
      {capped && (
        <p className="utrecht-paragraph">
          {TEXTS.refusalsCapped(run.refusals.length, run.counts.refused)}
        </p>
      )}
      <table
        className="utrecht-table portal-stacked-table portal-stacked-table--wide portal-harvest__report-table"
        aria-labelledby={`harvest-refusals-${run.id}`}
      >
        <thead className="utrecht-table__header">
          <tr className="utrecht-table__row">
            <th scope="col" className="utrecht-table__header-cell">
              {columns.identifier}
            </th>
            <th scope="col" className="utrecht-table__header-cell">
              {columns.title}
            </th>
            <th scope="col" className="utrecht-table__header-cell">
              {columns.reason}
            </th>
          </tr>
        </thead>
        <tbody className="utrecht-table__body">
          {run.refusals.map((refusal, index) => (
            // An identifier may repeat at a source; the position keeps the rows apart.
            <tr key={`${index}-${refusal.identifier}`} className="utrecht-table__row">
              <td data-label={columns.identifier} className="utrecht-table__cell">
                {refusal.identifier}
              </td>
              <td data-label={columns.title} className="utrecht-table__cell">
                {refusal.title ?? <span className="portal-harvest__muted">{TEXTS.noTitle}</span>}
              </td>
              <td data-label={columns.reason} className="utrecht-table__cell">
                {refusal.reason}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}

function UnmappedThemes({ run }: { run: HarvestRun }) {
  const columns = TEXTS.unmappedColumns
  const headingId = `harvest-unmapped-${run.id}`
  return (
    <>
      <h3 id={headingId} className="utrecht-heading-3">
        {TEXTS.unmappedHeading}
      </h3>
      <p className="utrecht-paragraph portal-harvest__hint">
        {TEXTS.unmappedHint}{' '}
        <Link className="utrecht-link" to={THEMES_ADMIN_PATH}>
          {TEXTS.themesLink}
        </Link>
      </p>
      <table
        className="utrecht-table portal-stacked-table portal-stacked-table--wide portal-harvest__report-table portal-harvest__themes-table"
        aria-labelledby={headingId}
      >
        <thead className="utrecht-table__header">
          <tr className="utrecht-table__row">
            <th scope="col" className="utrecht-table__header-cell">
              {columns.name}
            </th>
            <th
              scope="col"
              className="utrecht-table__header-cell utrecht-table__header-cell--numeric-column"
            >
              {columns.count}
            </th>
          </tr>
        </thead>
        <tbody className="utrecht-table__body">
          {run.unmappedThemes.map((theme) => (
            <tr key={theme.name} className="utrecht-table__row">
              <td data-label={columns.name} className="utrecht-table__cell">
                {theme.name}
              </td>
              <td
                data-label={columns.count}
                className="utrecht-table__cell utrecht-table__cell--numeric-column utrecht-table__cell--numeric-data"
              >
                {formatNumber(theme.count)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}

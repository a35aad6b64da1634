import {
  HARVEST_KIND_LABELS,
  HARVEST_SCHEDULE_LABELS,
  isActiveRun,
  type HarvestSource,
} from '@dataportaal/contract'
import { formatNumber } from '../../shared/format.ts'
import { Button } from '../../shared/ui/nlds.ts'
import { HARVEST_TEXTS as TEXTS, formatDateTime } from './texts.ts'
import '../../shared/ui/stacked-table.css'

/** Why 'Nu ophalen' cannot be used now, or null when it can. */
export function runBlockedReason(source: HarvestSource): string | null {
  if (source.lastRun && isActiveRun(source.lastRun)) return TEXTS.runBlockedActive
  if (!source.enabled) return TEXTS.runBlockedOff
  return null
}

function LastRun({ source }: { source: HarvestSource }) {
  const run = source.lastRun
  if (!run) return <span className="portal-harvest__muted">{TEXTS.never}</span>
  const when = run.finishedAt ?? run.startedAt ?? run.queuedAt
  return (
    <>
      <span className={`portal-harvest-status portal-harvest-status--${run.status}`}>
        {TEXTS.status[run.status]}
      </span>
      <br />
      <time dateTime={when}>{formatDateTime(when)}</time>
    </>
  )
}

/**
 * The sources with what they bring in and their last run, and per source its buttons. On a
 * narrow screen each row becomes a block with the column names before the values (CSS).
 */
export function SourceTable({
  sources,
  labelledBy,
  starting,
  onRun,
  onEdit,
  onReport,
}: {
  sources: HarvestSource[]
  labelledBy: string
  /** The source whose run is being started. */
  starting: string | null
  onRun: (source: HarvestSource) => void
  onEdit: (source: HarvestSource) => void
  onReport: (source: HarvestSource) => void
}) {
  const columns = TEXTS.columns
  const cell = 'utrecht-table__cell'
  const numeric = `${cell} utrecht-table__cell--numeric-column utrecht-table__cell--numeric-data`
  return (
    <table
      className="utrecht-table portal-stacked-table portal-stacked-table--wide portal-harvest__table"
      aria-labelledby={labelledBy}
    >
      <thead className="utrecht-table__header">
        <tr className="utrecht-table__row">
          {[
            columns.name,
            columns.kind,
            columns.sourceName,
            columns.schedule,
            columns.trusted,
            columns.enabled,
          ].map((header) => (
            <th key={header} scope="col" className="utrecht-table__header-cell">
              {header}
            </th>
          ))}
          <th
            scope="col"
            className="utrecht-table__header-cell utrecht-table__header-cell--numeric-column"
          >
            {columns.documents}
          </th>
          <th scope="col" className="utrecht-table__header-cell">
            {columns.lastRun}
          </th>
          <th scope="col" className="utrecht-table__header-cell">
            {columns.actions}
          </th>
        </tr>
      </thead>
      <tbody className="utrecht-table__body">
        {sources.map((source) => {
          const blocked = runBlockedReason(source)
          const reasonId = `harvest-run-blocked-${source.id}`
          const isStarting = starting === source.id
          return (
            <tr key={source.id} className="utrecht-table__row">
              <th scope="row" className={`${cell} portal-harvest__name`}>
                {source.name}
                <span className="portal-harvest__url">{source.url}</span>
              </th>
              <td data-label={columns.kind} className={cell}>
                {HARVEST_KIND_LABELS[source.kind]}
              </td>
              <td data-label={columns.sourceName} className={cell}>
                {source.sourceName}
              </td>
              <td data-label={columns.schedule} className={cell}>
                {HARVEST_SCHEDULE_LABELS[source.schedule]}
              </td>
              <td data-label={columns.trusted} className={cell}>
                {source.trusted ? TEXTS.yes : TEXTS.no}
              </td>
              <td data-label={columns.enabled} className={cell}>
                {source.enabled ? TEXTS.on : TEXTS.off}
              </td>
              <td data-label={columns.documents} className={numeric}>
                {formatNumber(source.documents)}
              </td>
              <td data-label={columns.lastRun} className={cell}>
                <LastRun source={source} />
              </td>
              <td className={`${cell} portal-harvest__actions-cell`}>
                <div className="portal-harvest__actions">
                  <Button
                    appearance="primary-action-button"
                    busy={isStarting}
                    // Focusable while it cannot be used, so its reason can be read.
                    aria-disabled={Boolean(blocked) || isStarting}
                    aria-describedby={blocked ? reasonId : undefined}
                    onClick={() => {
                      if (!blocked && !isStarting) onRun(source)
                    }}
                  >
                    {isStarting ? TEXTS.starting : TEXTS.runNow}{' '}
                    <span className="portal-visually-hidden">{TEXTS.of(source.name)}</span>
                  </Button>
                  <Button appearance="secondary-action-button" onClick={() => onEdit(source)}>
                    {TEXTS.edit}{' '}
                    <span className="portal-visually-hidden">{TEXTS.of(source.name)}</span>
                  </Button>
                  <Button appearance="secondary-action-button" onClick={() => onReport(source)}>
                    {TEXTS.report}{' '}
                    <span className="portal-visually-hidden">{TEXTS.of(source.name)}</span>
                  </Button>
                </div>
                {blocked && (
                  <p id={reasonId} className="portal-harvest__blocked">
                    {blocked}
                  </p>
                )}
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

import { isActiveRun, type HarvestRun, type HarvestSource } from '@dataportaal/contract'
import { useId } from 'react'
import { Button } from '../../shared/ui/nlds.ts'
import { ProgressBar } from '../../shared/ui/ProgressBar.tsx'
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx'
import { useLiveRun, useSourceRuns } from './api.ts'
import { RunResult } from './RunResult.tsx'
import { HARVEST_TEXTS as TEXTS, formatDateTime } from './texts.ts'

/**
 * The report of one source's runs: pick a run (the newest unless chosen), see how far it is
 * while it runs and what it did once it is done.
 */
export function RunReport({
  source,
  runId,
  onPickRun,
}: {
  source: HarvestSource
  /** The chosen run; the newest when null or no longer listed. */
  runId: string | null
  onPickRun: (id: string) => void
}) {
  const runs = useSourceRuns(source.id)
  const pickerId = useId()
  const list = runs.data?.Results ?? []
  const listed = list.find((run) => run.id === runId) ?? list[0]

  if (runs.isPending) return <LoadingState label={TEXTS.runsLoading} />
  if (runs.isError) {
    return (
      <ErrorState title={TEXTS.runsFailed}>
        <Button appearance="secondary-action-button" onClick={() => void runs.refetch()}>
          {TEXTS.retry}
        </Button>
      </ErrorState>
    )
  }
  if (!listed) return <p className="utrecht-paragraph">{TEXTS.noRuns}</p>
  return (
    <>
      {list.length > 1 && (
        <div className="portal-form-field portal-harvest-report__picker">
          <label className="utrecht-form-label" htmlFor={pickerId}>
            {TEXTS.runPicker}
          </label>
          <div id={`${pickerId}-hint`} className="utrecht-form-field-description">
            {TEXTS.runPickerHint}
          </div>
          <select
            id={pickerId}
            className="utrecht-select utrecht-select--html-select"
            value={listed.id}
            aria-describedby={`${pickerId}-hint`}
            onChange={(event) => onPickRun(event.target.value)}
          >
            {list.map((run) => (
              <option key={run.id} value={run.id}>
                {TEXTS.runOption(
                  formatDateTime(run.queuedAt),
                  TEXTS.status[run.status],
                  run.dryRun,
                )}
              </option>
            ))}
          </select>
        </div>
      )}
      {/* Keyed by run: another run starts with its own polling and its own announcements. */}
      <RunDetails key={listed.id} listed={listed} />
    </>
  )
}

function RunDetails({ listed }: { listed: HarvestRun }) {
  const run = useLiveRun(listed)
  const facts = TEXTS.runFacts
  return (
    <div className="portal-harvest-run">
      <dl className="portal-harvest-run__facts">
        <div>
          <dt>{facts.status}</dt>
          <dd>
            <span className={`portal-harvest-status portal-harvest-status--${run.status}`}>
              {TEXTS.status[run.status]}
            </span>
            {run.dryRun && <span className="portal-harvest-dry-run">{TEXTS.dryRun}</span>}
          </dd>
        </div>
        <div>
          <dt>{facts.trigger}</dt>
          <dd>{TEXTS.trigger[run.trigger]}</dd>
        </div>
        <Moment label={facts.queuedAt} iso={run.queuedAt} />
        {run.startedAt && <Moment label={facts.startedAt} iso={run.startedAt} />}
        {run.finishedAt && <Moment label={facts.finishedAt} iso={run.finishedAt} />}
      </dl>
      {run.dryRun && <p className="utrecht-paragraph portal-harvest__hint">{TEXTS.dryRunHint}</p>}
      {isActiveRun(run) && <RunProgress run={run} />}
      {run.status === 'failed' && (
        <div className="utrecht-alert utrecht-alert--error" role="alert">
          <div className="utrecht-alert__content">
            <p className="utrecht-paragraph">
              <strong>{TEXTS.failedTitle}</strong>
            </p>
            {run.error && <p className="utrecht-paragraph">{run.error}</p>}
          </div>
        </div>
      )}
      {run.status === 'succeeded' && <RunResult run={run} />}
    </div>
  )
}

function Moment({ label, iso }: { label: string; iso: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <time dateTime={iso}>{formatDateTime(iso)}</time>
      </dd>
    </div>
  )
}

/**
 * How far a run is: pages and records read, of how many when the source said. Without that
 * number the bar has no end and only moves to say that something happens.
 */
function RunProgress({ run }: { run: HarvestRun }) {
  const { pages, records, expected } = run.progress
  const text = run.status === 'queued' ? TEXTS.waiting : TEXTS.progress(pages, records, expected)
  const known = run.status === 'running' && expected !== null && expected > 0
  return (
    <div className="portal-harvest-progress">
      <ProgressBar
        label={
          <>
            {TEXTS.progressLabel}: <span>{text}</span>
          </>
        }
        max={known ? expected : undefined}
        value={known ? Math.min(records, expected) : undefined}
      />
      {/* Read out on each change of page, not on every second's poll. */}
      <p className="portal-visually-hidden" role="status" aria-live="polite">
        {run.status === 'queued' ? TEXTS.waiting : TEXTS.pagesRead(pages)}
      </p>
    </div>
  )
}

import {
  HARVEST_LIMITS,
  type HarvestCounts,
  type HarvestKind,
  type HarvestRefusal,
  type HarvestRunStatus,
  type HarvestTrigger,
} from '@dataportaal/contract'
import type { Db, Queryable } from '../../db/client.ts'
import { enqueueJobs } from '../../jobs/queue.ts'
import { applyRun, HarvestRunError, type AppliedCounts } from './apply.ts'
import { collectSource } from './collect/index.ts'
import { mapRecords } from './map.ts'
import { HARVEST_JOB, HarvestCollectError, type CollectProgress } from './record.ts'
import { cut, oneLine } from './text.ts'
import { loadThemeVocabulary } from './vocabulary.ts'

/** How often a run's progress is written to its row (the admin screen polls it). */
const PROGRESS_INTERVAL_MS = 1_000
const ERROR_MAX = 2_000
/** A run of the command line has no job; one that has not finished after this was cut off. */
const CLI_RUN_HOURS = 6

/**
 * Queues a run of a source, and for a run the server does, its job (HARVEST_JOB); a run of
 * the command line runs in that process. Null when the source has a run queued or running
 * already. Call it in a transaction, so no run waits without its job.
 */
export async function queueRun(
  db: Queryable,
  options: {
    sourceId: string
    trigger: HarvestTrigger
    requestedBy: string | null
    dryRun: boolean
  },
): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `insert into harvest_runs (source_id, trigger, requested_by, dry_run)
     values ($1, $2, $3, $4)
     on conflict (source_id) where status in ('queued', 'running') do nothing
     returning id::text`,
    [options.sourceId, options.trigger, options.requestedBy, options.dryRun],
  )
  if (!row) return null
  // A failed run is reported, not retried; another attempt is for a run whose process died.
  if (options.trigger !== 'cli') {
    await enqueueJobs(db, HARVEST_JOB, [{ runId: row.id }], { maxAttempts: 3 })
  }
  return row.id
}

/** How a run ended, for the job's log and the command line's summary. */
export interface RunOutcome {
  status: Extract<HarvestRunStatus, 'succeeded' | 'failed'>
  dryRun: boolean
  progress: CollectProgress
  counts: HarvestCounts
  /** The first HARVEST_LIMITS.reportMax. */
  refusals: HarvestRefusal[]
  unmappedThemes: { name: string; count: number }[]
  error: string | null
}

export interface ExecuteRunOptions {
  onProgress?: (progress: CollectProgress) => void
  /** Called between pages (at most once a second): the job extends its lease. */
  heartbeat?: () => Promise<void>
  /** The collector; tests pass another. */
  collect?: typeof collectSource
}

type Log = { error: (details: object, message: string) => void }

interface RunToExecute {
  id: string
  dry_run: boolean
  source_id: string
  url: string
  kind: HarvestKind
  source_name: string
  trusted: boolean
}

/** The counts of a dry run, carried out of the transaction that is rolled back. */
class DryRunRollback extends Error {
  constructor(readonly counts: AppliedCounts) {
    super('dry run')
  }
}

const ZERO: AppliedCounts = { created: 0, updated: 0, withdrawn: 0, unchanged: 0 }

/** Why a run failed, in Dutch: the collector's and our own messages as they are. */
function failureMessage(error: unknown): string {
  const message =
    error instanceof HarvestCollectError || error instanceof HarvestRunError
      ? error.message
      : `De run is mislukt: ${error instanceof Error ? error.message : String(error)}`
  // A source's own error text may carry what the database cannot store (NUL, say).
  return cut(oneLine(message) || 'De run is mislukt.', ERROR_MAX)
}

/** Writes progress now and then, one write at a time; the last one always. */
function progressWriter(db: Queryable, runId: string, options: ExecuteRunOptions, log?: Log) {
  let latest: CollectProgress = { pages: 0, records: 0, expected: null }
  let lastWrite = 0
  let writing: Promise<void> = Promise.resolve()
  const write = () => {
    lastWrite = Date.now()
    const progress = latest
    writing = writing
      .then(async () => {
        await db.query(
          `update harvest_runs set pages_read = $2, records_read = $3, records_expected = $4
            where id = $1 and status = 'running'`,
          [runId, progress.pages, progress.records, progress.expected],
        )
        await options.heartbeat?.()
      })
      .catch((error: unknown) => log?.error({ err: error, runId }, 'harvest progress not saved'))
  }
  return {
    current: () => latest,
    onProgress: (progress: CollectProgress) => {
      latest = progress
      options.onProgress?.(progress)
      if (Date.now() - lastWrite >= PROGRESS_INTERVAL_MS) write()
    },
    flush: async () => {
      write()
      await writing
    },
  }
}

async function writeReport(
  db: Queryable,
  runId: string,
  outcome: Omit<RunOutcome, 'status' | 'dryRun' | 'progress' | 'error'>,
) {
  await db.query(
    `update harvest_runs
        set status = 'succeeded', finished_at = now(), created = $2, updated = $3,
            withdrawn = $4, unchanged = $5, refused = $6, refusals = $7::jsonb,
            unmapped_themes = $8::jsonb
      where id = $1`,
    [
      runId,
      outcome.counts.created,
      outcome.counts.updated,
      outcome.counts.withdrawn,
      outcome.counts.unchanged,
      outcome.counts.refused,
      JSON.stringify(outcome.refusals),
      JSON.stringify(outcome.unmappedThemes),
    ],
  )
}

/**
 * Carries out a queued run: collects the source, maps its records and applies them in one
 * transaction, then writes the report; a dry run rolls back but reports all the same. Any
 * failure is reported on the run (status failed, a Dutch error) with nothing changed in the
 * portal; only when even that cannot be written does it throw. Null when the run is not
 * queued or running (done already, or gone).
 */
export async function executeRun(
  deps: { db: Db; log?: Log | undefined },
  runId: string,
  options: ExecuteRunOptions = {},
): Promise<RunOutcome | null> {
  const { db, log } = deps
  const [run] = await db.query<RunToExecute & Record<string, unknown>>(
    `update harvest_runs r set status = 'running', started_at = coalesce(r.started_at, now())
       from harvest_sources s
      where r.id = $1 and s.id = r.source_id and r.status in ('queued', 'running')
      returning r.id::text, r.dry_run, s.id::text as source_id, s.url, s.kind, s.source_name,
                s.trusted`,
    [runId],
  )
  if (!run) return null
  const progress = progressWriter(db, runId, options, log)
  const collect = options.collect ?? collectSource
  try {
    const source = await collect(
      { url: run.url, kind: run.kind },
      { onProgress: progress.onProgress },
    )
    progress.onProgress({
      pages: source.pages,
      records: source.records.length,
      expected: source.expected,
    })
    await progress.flush()
    const report = {
      refusals: [] as HarvestRefusal[],
      unmappedThemes: [] as RunOutcome['unmappedThemes'],
    }
    let counts: AppliedCounts = ZERO
    let refused = 0
    try {
      await db.transaction(async (tx) => {
        const mapped = mapRecords(source.records, await loadThemeVocabulary(tx), run.source_name)
        refused = mapped.refusals.length
        report.refusals = mapped.refusals.slice(0, HARVEST_LIMITS.reportMax)
        report.unmappedThemes = mapped.unmappedThemes.slice(0, HARVEST_LIMITS.reportMax)
        counts = await applyRun(
          tx,
          { id: run.source_id, sourceName: run.source_name, trusted: run.trusted },
          mapped,
        )
        if (run.dry_run) throw new DryRunRollback(counts)
        // The report commits with the changes it tells of, or neither does.
        await writeReport(tx, runId, { counts: { ...counts, refused }, ...report })
      })
    } catch (error) {
      if (!(error instanceof DryRunRollback)) throw error
      await writeReport(db, runId, { counts: { ...error.counts, refused }, ...report })
    }
    return {
      status: 'succeeded',
      dryRun: run.dry_run,
      progress: progress.current(),
      counts: { ...counts, refused },
      ...report,
      error: null,
    }
  } catch (error) {
    await progress.flush()
    const message = failureMessage(error)
    // The collector's unforeseen failures are reported in general words, and logged as others.
    const foreseen =
      (error instanceof HarvestCollectError && error.cause === undefined) ||
      error instanceof HarvestRunError
    if (!foreseen) log?.error({ err: error, runId }, 'harvest run failed')
    await db.query(
      `update harvest_runs set status = 'failed', error = $2, finished_at = now()
        where id = $1 and status = 'running'`,
      [runId, message],
    )
    return {
      status: 'failed',
      dryRun: run.dry_run,
      progress: progress.current(),
      counts: { ...ZERO, refused: 0 },
      refusals: [],
      unmappedThemes: [],
      error: message,
    }
  }
}

/**
 * Fails the runs left waiting or running whose job no longer is (it failed for good, or
 * was removed), so the source can run again; a command line's run has no job and is taken
 * to be cut off after CLI_RUN_HOURS. Answers how many.
 */
export async function failOrphanedRuns(db: Queryable): Promise<number> {
  const rows = await db.query(
    `update harvest_runs r set status = 'failed', error = 'De run is onderbroken.',
            finished_at = now()
      where r.status in ('queued', 'running')
        and case when r.trigger = 'cli'
                 then r.queued_at < now() - $2 * interval '1 hour'
                 else not exists (
                   select 1 from jobs j
                    where j.kind = $1 and j.status in ('pending', 'running')
                      and j.payload ->> 'runId' = r.id::text)
            end
      returning r.id`,
    [HARVEST_JOB, CLI_RUN_HOURS],
  )
  return rows.length
}

import type { FastifyBaseLogger } from 'fastify'
import type { Queryable } from '../db/client.ts'
import {
  claimJob,
  completeJob,
  failJob,
  pruneFinishedJobs,
  releaseJob,
  type ClaimedJob,
} from './queue.ts'

/** Does the work of one job; throwing makes the attempt fail (and be retried). */
export type JobHandler = (payload: unknown, job: ClaimedJob) => Promise<void>
export type JobHandlers = Readonly<Record<string, JobHandler>>

/** A failure no retry can fix (e.g. a malformed payload): the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError'
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> &
  Partial<Pick<FastifyBaseLogger, 'debug'>>

export interface WorkerTiming {
  /**
   * A claimed job not settled within this time is taken over by another poll: its worker is
   * taken to have died. Longer than any job takes (JOB_LEASE_SECONDS must exceed the
   * extraction time limit, EXTRACTION_TIMEOUT_SECONDS, after which the extraction is stopped).
   */
  leaseMs: number
  /** First retry delay; it doubles with every attempt, up to `maxRetryMs`. */
  retryBaseMs: number
  maxRetryMs: number
}

export const DEFAULT_TIMING: WorkerTiming = {
  leaseMs: 5 * 60_000,
  retryBaseMs: 5_000,
  maxRetryMs: 30 * 60_000,
}

export const retryDelay = (attempts: number, timing: WorkerTiming) =>
  Math.min(timing.retryBaseMs * 2 ** Math.max(attempts - 1, 0), timing.maxRetryMs)

const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error)

/** Runs one claimed job and settles it: done, retry later, or failed for good. */
async function runClaimed(
  db: Queryable,
  handlers: JobHandlers,
  job: ClaimedJob,
  timing: WorkerTiming,
  log?: Log,
): Promise<void> {
  const handler = handlers[job.kind]
  log?.debug?.({ jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job started')
  try {
    if (!handler) throw new PermanentJobError(`no handler for job kind ${job.kind}`)
    await handler(job.payload, job)
  } catch (error) {
    const outcome = await failJob(db, job, describe(error), {
      retryInMs: retryDelay(job.attempts, timing),
      permanent: error instanceof PermanentJobError,
    })
    const details = { jobId: job.id, kind: job.kind, attempts: job.attempts, err: error }
    if (outcome === 'failed') log?.error(details, 'job failed for good')
    else log?.warn(details, outcome === 'retry' ? 'job failed, will retry' : 'job lease lost')
    return
  }
  if (!(await completeJob(db, job))) log?.warn({ jobId: job.id }, 'job lease lost before done')
}

/**
 * Runs every job that is due now, one after another, and answers how many ran. For tests
 * and maintenance commands: what the worker would do, without waiting for it to poll.
 */
export async function runPendingJobs(
  db: Queryable,
  handlers: JobHandlers,
  options: { timing?: WorkerTiming; maxJobs?: number } = {},
): Promise<number> {
  const timing = options.timing ?? DEFAULT_TIMING
  const kinds = Object.keys(handlers)
  let ran = 0
  while (ran < (options.maxJobs ?? 1000)) {
    const job = await claimJob(db, { kinds, leaseMs: timing.leaseMs })
    if (!job) break
    await runClaimed(db, handlers, job, timing)
    ran++
  }
  return ran
}

export interface JobWorkerOptions {
  db: Queryable
  handlers: JobHandlers
  log?: Log
  /** Pause between polls when there was nothing to do. */
  pollMs?: number
  timing?: WorkerTiming
  /**
   * Upkeep run hourly with the pruning of finished jobs, e.g. the activity logs' retention.
   * Every node runs it, so it must be harmless when run twice or at the same time.
   */
  maintenance?: () => Promise<void>
}

const PRUNE_EVERY_MS = 60 * 60_000
const KEEP_DONE_DAYS = 7

/**
 * Polls the jobs table in the server process and runs due jobs one at a time. Several
 * processes may each run one. `stop()` lets the job in hand finish (or gives it back when
 * it takes too long), so a shutdown neither loses nor doubles work.
 */
export class JobWorker {
  private running: Promise<void> | null = null
  private stopping = false
  private wakeUp: (() => void) | null = null
  private current: ClaimedJob | null = null
  private lastPrune = 0
  private readonly timing: WorkerTiming
  private readonly pollMs: number

  constructor(private readonly options: JobWorkerOptions) {
    this.timing = options.timing ?? DEFAULT_TIMING
    this.pollMs = options.pollMs ?? 1_000
  }

  start(): void {
    if (this.running) return
    this.stopping = false
    this.running = this.loop()
  }

  /** Polls now instead of at the next interval (after enqueuing in this process). */
  wake(): void {
    this.wakeUp?.()
  }

  async stop(options: { timeoutMs?: number } = {}): Promise<void> {
    if (!this.running) return
    this.stopping = true
    this.wake()
    const timedOut = Symbol('timeout')
    let timer: NodeJS.Timeout | undefined
    const result = await Promise.race([
      this.running,
      new Promise<typeof timedOut>((resolve) => {
        timer = setTimeout(() => resolve(timedOut), options.timeoutMs ?? 5_000)
      }),
    ])
    clearTimeout(timer)
    if (result === timedOut && this.current) {
      // The job goes on in the background until the process ends; its claim no longer counts.
      await releaseJob(this.options.db, this.current).catch(() => undefined)
      this.options.log?.warn({ jobId: this.current.id }, 'job given back at shutdown')
    }
    this.running = null
  }

  private async loop(): Promise<void> {
    const { db, handlers, log } = this.options
    const kinds = Object.keys(handlers)
    while (!this.stopping) {
      let job: ClaimedJob | null = null
      try {
        await this.pruneNowAndThen()
        job = await claimJob(db, { kinds, leaseMs: this.timing.leaseMs })
        if (job) {
          this.current = job
          await runClaimed(db, handlers, job, this.timing, log)
        }
      } catch (error) {
        // The database is away for a moment; the next poll tries again.
        log?.error({ err: error }, 'job worker poll failed')
      } finally {
        this.current = null
      }
      if (!job && !this.stopping) await this.sleep(this.pollMs)
    }
  }

  private async pruneNowAndThen() {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return
    this.lastPrune = Date.now()
    await pruneFinishedJobs(this.options.db, KEEP_DONE_DAYS)
    // A failing upkeep waits for the next hour; it must not stop the jobs from running.
    await this.options.maintenance?.().catch((error: unknown) => {
      this.options.log?.error({ err: error }, 'maintenance failed')
    })
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        resolve()
      }
      this.wakeUp = () => {
        this.wakeUp = null
        done()
      }
    })
  }
}

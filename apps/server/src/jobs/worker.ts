import type { FastifyBaseLogger } from 'fastify'
import type { Queryable } from '../db/client.ts'
import {
  claimJob,
  completeJob,
  extendLease,
  failJob,
  postponeJob,
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

/**
 * The work could not be done because something the portal depends on is away: its database,
 * the disk, the file store (`isOutage`). The attempt does not count; the job is tried again,
 * waiting longer each time up to `maxPostponeMs`, for as long as the outage lasts. Handlers
 * throw it themselves: only they know whether a refused connection was the portal's own
 * database or another party's server (a harvest source, the mail server).
 */
export class OutageJobError extends Error {
  override name = 'OutageJobError'
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> &
  Partial<Pick<FastifyBaseLogger, 'debug'>>

export interface WorkerTiming {
  /**
   * A claimed job whose lease was not renewed within this time is taken over by another
   * poll: its worker is taken to have died. The worker renews it every quarter lease while
   * the job runs (`leaseRenewalMs`), so it need not outlast the longest job, only a few
   * missed renewals; a dead node's job waits at most this long (JOB_LEASE_SECONDS).
   */
  leaseMs: number
  /** First retry delay; it doubles with every attempt, up to `maxRetryMs`. */
  retryBaseMs: number
  maxRetryMs: number
  /** Longest wait between tries of a job held up by an outage (OutageJobError). */
  maxPostponeMs: number
}

export const DEFAULT_TIMING: WorkerTiming = {
  leaseMs: 60_000,
  retryBaseMs: 5_000,
  maxRetryMs: 30 * 60_000,
  maxPostponeMs: 5 * 60_000,
}

export const retryDelay = (attempts: number, timing: WorkerTiming) =>
  Math.min(timing.retryBaseMs * 2 ** Math.max(attempts - 1, 0), timing.maxRetryMs)

/** Seconds at first, minutes once an outage lasts: 5 s, 10 s, 20 s ... up to 5 minutes. */
export const postponeDelay = (postponements: number, timing: WorkerTiming) =>
  Math.min(retryDelay(postponements, timing), timing.maxPostponeMs)

/**
 * How often a running job's lease is renewed: four times per lease, so three renewals in a
 * row may fail (the database slow or away for a moment) before another worker takes it over.
 */
export const leaseRenewalMs = (leaseMs: number) => Math.max(1, Math.floor(leaseMs / 4))

const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error)

/**
 * Renews the lease of a running job until the returned function is called (heartbeat). A
 * renewal that fails is tried again at the next beat; one that finds the claim gone (taken
 * over after the database was away longer than a lease) stops.
 */
function keepLeased(db: Queryable, job: ClaimedJob, timing: WorkerTiming, log?: Log) {
  let renewing = false
  const timer = setInterval(() => {
    if (renewing) return
    renewing = true
    extendLease(db, job)
      .then(
        (held) => {
          if (held) return
          clearInterval(timer)
          log?.warn({ jobId: job.id, kind: job.kind }, 'job lease lost while running')
        },
        (error: unknown) => log?.warn({ jobId: job.id, err: error }, 'job lease not renewed'),
      )
      .finally(() => {
        renewing = false
      })
  }, leaseRenewalMs(timing.leaseMs))
  return () => clearInterval(timer)
}

/** Runs one claimed job and settles it: done, retry later, postponed, or failed for good. */
async function runClaimed(
  db: Queryable,
  handlers: JobHandlers,
  job: ClaimedJob,
  timing: WorkerTiming,
  log?: Log,
): Promise<void> {
  const handler = handlers[job.kind]
  log?.debug?.({ jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job started')
  const stopRenewing = keepLeased(db, job, timing, log)
  let failure: { error: unknown } | null = null
  try {
    if (!handler) throw new PermanentJobError(`no handler for job kind ${job.kind}`)
    await handler(job.payload, job)
  } catch (error) {
    failure = { error }
  } finally {
    stopRenewing()
  }
  if (failure) await settleFailure(db, job, failure.error, timing, log)
  else if (!(await completeJob(db, job))) log?.warn({ jobId: job.id }, 'job lease lost before done')
}

async function settleFailure(
  db: Queryable,
  job: ClaimedJob,
  error: unknown,
  timing: WorkerTiming,
  log?: Log,
): Promise<void> {
  const details = { jobId: job.id, kind: job.kind, attempts: job.attempts, err: error }
  if (error instanceof OutageJobError) {
    const retryInMs = postponeDelay(job.postponements + 1, timing)
    const outcome = await postponeJob(db, job, describe(error), { retryInMs })
    log?.warn(
      { ...details, retryInMs },
      outcome === 'postponed' ? 'job held up by an outage, will retry' : 'job lease lost',
    )
    return
  }
  const outcome = await failJob(db, job, describe(error), {
    retryInMs: retryDelay(job.attempts, timing),
    permanent: error instanceof PermanentJobError,
  })
  if (outcome === 'failed') log?.error(details, 'job failed for good')
  else log?.warn(details, outcome === 'retry' ? 'job failed, will retry' : 'job lease lost')
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
  /** A job run whose outcome could not be written (the database away): given back later. */
  private unsettled: ClaimedJob | null = null
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
    if (this.unsettled) await releaseJob(this.options.db, this.unsettled).catch(() => undefined)
    this.running = null
  }

  private async loop(): Promise<void> {
    const { db, handlers, log } = this.options
    const kinds = Object.keys(handlers)
    while (!this.stopping) {
      let job: ClaimedJob | null = null
      try {
        await this.giveBackUnsettled()
        await this.pruneNowAndThen()
        job = await claimJob(db, { kinds, leaseMs: this.timing.leaseMs })
        if (job) {
          this.current = job
          await runClaimed(db, handlers, job, this.timing, log)
        }
      } catch (error) {
        // The database is away for a moment; the next poll tries again. A job whose outcome
        // could not be written is given back when it returns, instead of waiting for its
        // lease to run out, which would count the attempt.
        if (this.current) this.unsettled = this.current
        log?.error({ err: error }, 'job worker poll failed')
      } finally {
        this.current = null
      }
      if (!job && !this.stopping) await this.sleep(this.pollMs)
    }
  }

  /** The job runs again: it is idempotent, as any job must be that a lease can take over. */
  private async giveBackUnsettled() {
    if (!this.unsettled) return
    await releaseJob(this.options.db, this.unsettled)
    this.options.log?.info(
      { jobId: this.unsettled.id },
      'job given back after the database returned',
    )
    this.unsettled = null
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

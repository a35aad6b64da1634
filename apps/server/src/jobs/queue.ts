import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/client.ts'

/** A job as a worker holds it after claiming it. */
export interface ClaimedJob {
  id: string
  kind: string
  payload: unknown
  /** Including this one. */
  attempts: number
  maxAttempts: number
  /** Attempts cut short by an outage so far, which did not count (postponeJob). */
  postponements: number
  /** This claim; a worker that lost its lease can no longer settle the job. */
  claim: string
}

export interface EnqueueOptions {
  maxAttempts?: number
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number
  /**
   * Work of a batch (an import, a harvest run): claimed only when no other job of the
   * worker's kinds is due, so that what a person waits for does not queue behind it.
   */
  bulk?: boolean
}

/**
 * Adds jobs of one kind, one per payload. Call it in the transaction that makes the work
 * necessary, so the job exists exactly when the change does.
 */
export async function enqueueJobs(
  db: Queryable,
  kind: string,
  payloads: readonly Record<string, unknown>[],
  options: EnqueueOptions = {},
): Promise<void> {
  if (payloads.length === 0) return
  await db.query(
    `insert into jobs (kind, payload, max_attempts, run_at, bulk)
     select $1, p, $3, now() + $4 * interval '1 millisecond', $5
       from unnest($2::jsonb[]) as p`,
    [
      kind,
      payloads.map((p) => JSON.stringify(p)),
      options.maxAttempts ?? 5,
      options.delayMs ?? 0,
      options.bulk ?? false,
    ],
  )
}

/**
 * Takes the next due job of these kinds, or null: the oldest due job that is not bulk, else
 * the oldest bulk one. A job is due when it is pending and its time has come, or when it is
 * running under a lease that ran out (its worker died).
 * `FOR UPDATE SKIP LOCKED` lets any number of workers on any number of nodes poll at once
 * without taking the same job.
 */
export async function claimJob(
  db: Queryable,
  options: { kinds: readonly string[]; leaseMs: number },
): Promise<ClaimedJob | null> {
  // A job whose worker died on its last attempt has no attempt left to take it over.
  await db.query(
    `update jobs set status = 'failed', finished_at = now(), locked_at = null, locked_by = null,
            last_error = coalesce(last_error, 'lease expired on the last attempt')
      where status = 'running' and attempts >= max_attempts
        and locked_at < now() - $1 * interval '1 millisecond'`,
    [options.leaseMs],
  )
  const claim = randomUUID()
  const [row] = await db.query<{
    id: string
    kind: string
    payload: unknown
    attempts: number
    max_attempts: number
    postponements: number
  }>(
    `update jobs set status = 'running', attempts = attempts + 1, locked_at = now(), locked_by = $3
      where id = (
        select id from jobs
         where kind = any($1::text[])
           and ((status = 'pending' and run_at <= now())
             or (status = 'running' and attempts < max_attempts
                 and locked_at < now() - $2 * interval '1 millisecond'))
         order by bulk, run_at, id
         limit 1
         for update skip locked)
      returning id::text, kind, payload, attempts, max_attempts, postponements`,
    [options.kinds, options.leaseMs, claim],
  )
  if (!row) return null
  return {
    id: row.id,
    kind: row.kind,
    payload: row.payload,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    postponements: row.postponements,
    claim,
  }
}

/** Marks a job done; false when this claim no longer holds it. */
export async function completeJob(db: Queryable, job: ClaimedJob): Promise<boolean> {
  const rows = await db.query(
    `update jobs set status = 'done', finished_at = now(), locked_at = null, locked_by = null,
            last_error = null
      where id = $1 and locked_by = $2 and status = 'running' returning id`,
    [job.id, job.claim],
  )
  return rows.length > 0
}

/**
 * Renews the lease of a job that is still at work, so no other worker takes it over; false
 * when this claim no longer holds it. The worker does so while a handler runs (heartbeat).
 */
export async function extendLease(db: Queryable, job: ClaimedJob): Promise<boolean> {
  const rows = await db.query(
    `update jobs set locked_at = now()
      where id = $1 and locked_by = $2 and status = 'running' returning id`,
    [job.id, job.claim],
  )
  return rows.length > 0
}

/**
 * Records a failed attempt: the job runs again after `retryInMs`, or fails for good when it
 * has no attempts left (or `permanent`, when retrying cannot help).
 */
export async function failJob(
  db: Queryable,
  job: ClaimedJob,
  error: string,
  options: { retryInMs: number; permanent?: boolean },
): Promise<'retry' | 'failed' | 'lost'> {
  const [row] = await db.query<{ status: 'pending' | 'failed' }>(
    `update jobs set
            status = case when $4 or attempts >= max_attempts then 'failed' else 'pending' end,
            finished_at = case when $4 or attempts >= max_attempts then now() end,
            run_at = now() + $3 * interval '1 millisecond',
            locked_at = null, locked_by = null, last_error = left($5, 2000)
      where id = $1 and locked_by = $2 and status = 'running'
      returning status`,
    [job.id, job.claim, options.retryInMs, options.permanent ?? false, error],
  )
  if (!row) return 'lost'
  return row.status === 'failed' ? 'failed' : 'retry'
}

/**
 * Records an attempt cut short by an outage (the database, the disk or the file store away):
 * the job runs again after `retryInMs` and the attempt does not count, so an outage cannot
 * use up the attempts that are meant for the job's own faults.
 */
export async function postponeJob(
  db: Queryable,
  job: ClaimedJob,
  error: string,
  options: { retryInMs: number },
): Promise<'postponed' | 'lost'> {
  const rows = await db.query(
    `update jobs set status = 'pending', attempts = greatest(attempts - 1, 0),
            postponements = postponements + 1, run_at = now() + $3 * interval '1 millisecond',
            locked_at = null, locked_by = null, last_error = left($4, 2000)
      where id = $1 and locked_by = $2 and status = 'running'
      returning id`,
    [job.id, job.claim, options.retryInMs, error],
  )
  return rows.length > 0 ? 'postponed' : 'lost'
}

/** Gives a claimed job back untouched (the worker is stopping): the attempt does not count. */
export async function releaseJob(db: Queryable, job: ClaimedJob): Promise<void> {
  await db.query(
    `update jobs set status = 'pending', attempts = greatest(attempts - 1, 0),
            locked_at = null, locked_by = null
      where id = $1 and locked_by = $2 and status = 'running'`,
    [job.id, job.claim],
  )
}

/**
 * Gives back every job left `running`, at once instead of after its lease. Only for a
 * database no other process uses (the embedded one, locked to this process): then a
 * running job is one whose process died. The attempt that died stays counted (claimJob
 * counted it), so a job that kills its process cannot run more than its max attempts.
 */
export async function reclaimAbandonedJobs(db: Queryable): Promise<number> {
  const rows = await db.query(
    `update jobs set
            status = case when attempts >= max_attempts then 'failed' else 'pending' end,
            finished_at = case when attempts >= max_attempts then now() end,
            run_at = now(), locked_at = null, locked_by = null,
            last_error = 'the process running it stopped'
      where status = 'running'
      returning id`,
  )
  return rows.length
}

/** Removes finished jobs older than `days`: their work is in the tables they changed. */
export async function pruneFinishedJobs(db: Queryable, days: number): Promise<number> {
  const rows = await db.query(
    `delete from jobs where status = 'done' and finished_at < now() - $1 * interval '1 day'
     returning id`,
    [days],
  )
  return rows.length
}

import { beforeEach, describe, expect, it } from 'vitest'
import { useTestDb } from '../../test/db.ts'
import type {} from '../db/client.ts'
import { claimJob, completeJob, enqueueJobs } from './queue.ts'
import {
  DEFAULT_TIMING,
  JobWorker,
  OutageJobError,
  PermanentJobError,
  retryDelay,
  runPendingJobs,
  type JobHandlers,
} from './worker.ts'

const db = useTestDb()
beforeEach(async () => {
  await db.query('delete from jobs')
})

interface JobRow {
  status: string
  attempts: number
  last_error: string | null
  due_in_ms: number
  locked_by: string | null
}

const jobRows = () =>
  db.query<JobRow & Record<string, unknown>>(
    `select status, attempts, last_error, locked_by,
            (extract(epoch from run_at - now()) * 1000)::int as due_in_ms
       from jobs order by id`,
  )

const waitFor = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 200; i++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error('condition not reached')
}

describe('the jobs table as a queue', () => {
  it('runs due jobs once each and marks them done', async () => {
    const seen: unknown[] = []
    await enqueueJobs(db, 'test', [{ n: 1 }, { n: 2 }])
    const handlers: JobHandlers = { test: async (payload) => void seen.push(payload) }
    expect(await runPendingJobs(db, handlers)).toBe(2)
    expect(seen).toEqual([{ n: 1 }, { n: 2 }])
    expect((await jobRows()).map((r) => r.status)).toEqual(['done', 'done'])
    expect(await runPendingJobs(db, handlers)).toBe(0)
  })

  it('takes bulk jobs only when no other job is due, however long they have waited', async () => {
    const seen: unknown[] = []
    await enqueueJobs(db, 'test', [{ n: 'bulk 1' }, { n: 'bulk 2' }], { bulk: true })
    await enqueueJobs(db, 'test', [{ n: 'later' }], { delayMs: 60_000 })
    await enqueueJobs(db, 'test', [{ n: 'a person waits' }])
    const handlers: JobHandlers = { test: async (payload) => void seen.push(payload) }
    expect(await runPendingJobs(db, handlers)).toBe(3)
    expect(seen).toEqual([{ n: 'a person waits' }, { n: 'bulk 1' }, { n: 'bulk 2' }])
  })

  it('leaves jobs of kinds it has no handler for alone, and jobs not yet due', async () => {
    await enqueueJobs(db, 'mail', [{}])
    await enqueueJobs(db, 'test', [{}], { delayMs: 60_000 })
    expect(await runPendingJobs(db, { test: async () => undefined })).toBe(0)
  })

  it('retries a failed job later, with a growing delay, until its attempts run out', async () => {
    await enqueueJobs(db, 'test', [{}], { maxAttempts: 2 })
    const handlers: JobHandlers = {
      test: async () => {
        throw new Error('bestand tijdelijk onbereikbaar')
      },
    }
    expect(await runPendingJobs(db, handlers)).toBe(1)
    const [first] = await jobRows()
    expect(first).toMatchObject({ status: 'pending', attempts: 1, locked_by: null })
    expect(first?.last_error).toContain('bestand tijdelijk onbereikbaar')
    expect(first?.due_in_ms).toBeGreaterThan(DEFAULT_TIMING.retryBaseMs - 1000)
    // Not due yet: nothing runs.
    expect(await runPendingJobs(db, handlers)).toBe(0)

    await db.query('update jobs set run_at = now()')
    expect(await runPendingJobs(db, handlers)).toBe(1)
    expect(await jobRows()).toMatchObject([{ status: 'failed', attempts: 2 }])
    expect(retryDelay(1, DEFAULT_TIMING)).toBe(5_000)
    expect(retryDelay(3, DEFAULT_TIMING)).toBe(20_000)
    expect(retryDelay(30, DEFAULT_TIMING)).toBe(DEFAULT_TIMING.maxRetryMs)
  })

  it('fails a job at once on a permanent error', async () => {
    await enqueueJobs(db, 'test', [{}])
    await runPendingJobs(db, {
      test: async () => {
        throw new PermanentJobError('onleesbare opdracht')
      },
    })
    expect(await jobRows()).toMatchObject([{ status: 'failed', attempts: 1 }])
  })

  it('takes over a job whose worker died once its lease ran out; the old claim cannot settle it', async () => {
    await enqueueJobs(db, 'test', [{}])
    const lost = await claimJob(db, { kinds: ['test'], leaseMs: DEFAULT_TIMING.leaseMs })
    expect(lost).not.toBeNull()
    // Still leased: no one else takes it.
    expect(await runPendingJobs(db, { test: async () => undefined })).toBe(0)

    await db.query(`update jobs set locked_at = now() - interval '10 minutes'`)
    expect(await runPendingJobs(db, { test: async () => undefined })).toBe(1)
    expect(await jobRows()).toMatchObject([{ status: 'done', attempts: 2 }])
    expect(await completeJob(db, lost!)).toBe(false)
  })

  it('does not count attempts cut short by an outage, and waits longer for each, up to minutes', async () => {
    await enqueueJobs(db, 'test', [{}], { maxAttempts: 2 })
    let outage = true
    const handlers: JobHandlers = {
      test: async () => {
        if (outage) throw new OutageJobError('database away', { cause: new Error('ECONNREFUSED') })
      },
    }
    const waits: number[] = []
    for (let i = 0; i < 10; i++) {
      expect(await runPendingJobs(db, handlers)).toBe(1)
      const [row] = await jobRows()
      expect(row).toMatchObject({ status: 'pending', attempts: 0, locked_by: null })
      expect(row?.last_error).toContain('database away')
      waits.push(Math.round((row?.due_in_ms ?? 0) / 1000))
      await db.query('update jobs set run_at = now()')
    }
    expect(waits).toEqual([5, 10, 20, 40, 80, 160, 300, 300, 300, 300])

    outage = false
    expect(await runPendingJobs(db, handlers)).toBe(1)
    expect(await jobRows()).toMatchObject([{ status: 'done', attempts: 1 }])
  })

  it("takes over a dead worker's job once the lease of a minute ran out, not before", async () => {
    await enqueueJobs(db, 'test', [{}])
    await claimJob(db, { kinds: ['test'], leaseMs: DEFAULT_TIMING.leaseMs })
    const handlers: JobHandlers = { test: async () => undefined }
    await db.query(`update jobs set locked_at = now() - interval '50 seconds'`)
    expect(await runPendingJobs(db, handlers)).toBe(0)
    await db.query(`update jobs set locked_at = now() - interval '61 seconds'`)
    expect(await runPendingJobs(db, handlers)).toBe(1)
    expect(await jobRows()).toMatchObject([{ status: 'done', attempts: 2 }])
  })

  it('gives up on a job whose worker died on its last attempt', async () => {
    await enqueueJobs(db, 'test', [{}], { maxAttempts: 1 })
    await claimJob(db, { kinds: ['test'], leaseMs: DEFAULT_TIMING.leaseMs })
    await db.query(`update jobs set locked_at = now() - interval '10 minutes'`)
    expect(await runPendingJobs(db, { test: async () => undefined })).toBe(0)
    expect(await jobRows()).toMatchObject([{ status: 'failed' }])
  })

  it('never gives one job to two workers polling at once', async () => {
    await enqueueJobs(
      db,
      'test',
      Array.from({ length: 12 }, (_, n) => ({ n })),
    )
    const seen: number[] = []
    const handlers: JobHandlers = {
      test: async (payload) => {
        seen.push((payload as { n: number }).n)
        await new Promise((resolve) => setTimeout(resolve, 5))
      },
    }
    const ran = await Promise.all([runPendingJobs(db, handlers), runPendingJobs(db, handlers)])
    expect(ran[0] + ran[1]).toBe(12)
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, n) => n))
  })
})

describe('the worker', () => {
  it('polls, runs what is queued, and stops when asked', async () => {
    const seen: unknown[] = []
    const worker = new JobWorker({
      db,
      handlers: { test: async (payload) => void seen.push(payload) },
      pollMs: 20,
    })
    worker.start()
    await enqueueJobs(db, 'test', [{ n: 1 }])
    await waitFor(async () => seen.length === 1)
    await enqueueJobs(db, 'test', [{ n: 2 }])
    worker.wake()
    await waitFor(async () => seen.length === 2)
    await worker.stop()
    expect(await jobRows()).toMatchObject([{ status: 'done' }, { status: 'done' }])
  })

  it('renews the lease of a job that runs longer than it, so no other worker takes the job over', async () => {
    const timing = { ...DEFAULT_TIMING, leaseMs: 400 }
    let release: () => void = () => undefined
    const running = new Promise<void>((resolve) => (release = resolve))
    let runs = 0
    const worker = new JobWorker({
      db,
      handlers: {
        test: async () => {
          runs++
          await running
        },
      },
      pollMs: 20,
      timing,
    })
    await enqueueJobs(db, 'test', [{}])
    worker.start()
    await waitFor(async () => runs === 1)
    const [claim] = await db.query<{ at: Date }>('select locked_at as at from jobs')
    // Running for longer than a lease now, and its lease is fresh: renewed meanwhile.
    await waitFor(async () => {
      const [row] = await db.query<{ renewed: boolean }>(
        `select locked_at > $1::timestamptz + $2 * interval '1 millisecond' as renewed from jobs`,
        [claim?.at, timing.leaseMs],
      )
      return row?.renewed === true
    })
    expect(await claimJob(db, { kinds: ['test'], leaseMs: timing.leaseMs })).toBeNull()
    release()
    await waitFor(async () => (await jobRows())[0]?.status === 'done')
    await worker.stop()
    expect(runs).toBe(1)
    expect(await jobRows()).toMatchObject([{ status: 'done', attempts: 1 }])
  })

  it('gives a job back at shutdown when it takes longer than the grace period', async () => {
    let started = false
    const worker = new JobWorker({
      db,
      handlers: {
        test: async () => {
          started = true
          await new Promise((resolve) => setTimeout(resolve, 2_000))
        },
      },
      pollMs: 20,
    })
    await enqueueJobs(db, 'test', [{}])
    worker.start()
    await waitFor(async () => started)
    await worker.stop({ timeoutMs: 50 })
    expect(await jobRows()).toMatchObject([{ status: 'pending', attempts: 0, locked_by: null }])
  })

  it('runs the maintenance step at its first poll, not again within the hour; a failing one stops no job', async () => {
    let maintained = 0
    const seen: unknown[] = []
    const errors: string[] = []
    const worker = new JobWorker({
      db,
      handlers: { test: async (payload) => void seen.push(payload) },
      pollMs: 20,
      log: {
        info: () => undefined,
        warn: () => undefined,
        error: (_details: unknown, message?: unknown) => {
          errors.push(String(message))
        },
      },
      maintenance: async () => {
        maintained++
        throw new Error('database away')
      },
    })
    await enqueueJobs(db, 'test', [{ n: 1 }])
    worker.start()
    await waitFor(async () => seen.length === 1)
    await enqueueJobs(db, 'test', [{ n: 2 }])
    worker.wake()
    await waitFor(async () => seen.length === 2)
    await worker.stop()
    expect(maintained).toBe(1)
    expect(errors).toEqual(['maintenance failed'])
  })
})

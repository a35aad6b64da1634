import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestDb } from '../../../test/db.ts'
import type { Db } from '../../db/client.ts'
import { claimJob, enqueueJobs, extendLease } from '../../jobs/queue.ts'
import { runPendingJobs } from '../../jobs/worker.ts'
import { ckanPackage, startCkanFixture, type CkanFixture } from '../../../test/ckan-fixture.ts'
import { harvestJob } from './job.ts'
import { HARVEST_JOB } from './record.ts'
import { failOrphanedRuns, queueRun } from './run.ts'
import { enqueueDueHarvests } from './schedule.ts'
import { insertHarvestSource } from './testing.ts'

let db: Db
let ckan: CkanFixture
let sourceId: string

beforeAll(async () => {
  db = await createTestDb()
  ckan = await startCkanFixture([ckanPackage('bomen', 'Bomen in de stad')])
  sourceId = await insertHarvestSource(db, { name: 'Buurgemeente', trusted: true })
  await db.query(`update harvest_sources set kind = 'ckan', url = $2 where id = $1`, [
    sourceId,
    `${ckan.url}/api/3`,
  ])
})

afterAll(async () => {
  await ckan?.close()
  await db?.close()
})

beforeEach(async () => {
  await db.query('delete from harvest_runs')
  await db.query('delete from jobs')
})

const runs = () =>
  db.query<{ id: string; trigger: string; status: string; error: string | null }>(
    'select id::text, trigger, status, error from harvest_runs order by queued_at',
  )
const harvestJobs = () =>
  db.query<{ payload: { runId: string }; status: string }>(
    'select payload, status from jobs where kind = $1',
    [HARVEST_JOB],
  )
const handlers = () => ({ [HARVEST_JOB]: harvestJob({ db }) })

describe('queueRun', () => {
  it('queues one run with its job, and no second while it waits', async () => {
    const options = { sourceId, trigger: 'manual' as const, requestedBy: null, dryRun: false }
    const runId = await db.transaction((tx) => queueRun(tx, options))
    expect(runId).not.toBeNull()
    expect(await db.transaction((tx) => queueRun(tx, options))).toBeNull()
    expect(await harvestJobs()).toEqual([{ payload: { runId }, status: 'pending' }])
  })
})

describe('the harvest job', () => {
  it('carries out the run, renewing its lease on the way', async () => {
    const runId = await db.transaction((tx) =>
      queueRun(tx, { sourceId, trigger: 'manual', requestedBy: null, dryRun: false }),
    )
    const job = await claimJob(db, { kinds: [HARVEST_JOB], leaseMs: 60_000 })
    if (!job) throw new Error('no job')
    // As if the job had been at work for an hour: only a renewed lease is recent.
    await db.query(`update jobs set locked_at = now() - interval '1 hour' where id = $1`, [job.id])
    await harvestJob({ db })(job.payload, job)
    const [lease] = await db.query<{ recent: boolean }>(
      `select locked_at > now() - interval '1 minute' as recent from jobs where id = $1`,
      [job.id],
    )
    expect(lease?.recent).toBe(true)
    expect(await runs()).toEqual([
      { id: runId, trigger: 'manual', status: 'succeeded', error: null },
    ])
    const [document] = await db.query<{ title: string }>(
      'select title from documents where harvest_source_id = $1',
      [sourceId],
    )
    expect(document?.title).toBe('Bomen in de stad')
  })

  it('fails a job whose payload names no run at once', async () => {
    await enqueueJobs(db, HARVEST_JOB, [{ run: 'x' }])
    await runPendingJobs(db, handlers())
    expect(await harvestJobs()).toEqual([{ payload: { run: 'x' }, status: 'failed' }])
  })

  it('ends its job when the run fails: the failure is on the run, not retried', async () => {
    ckan.failAtStart = 0
    try {
      await db.transaction((tx) =>
        queueRun(tx, { sourceId, trigger: 'manual', requestedBy: null, dryRun: false }),
      )
      await runPendingJobs(db, handlers())
    } finally {
      ckan.failAtStart = null
    }
    expect((await harvestJobs()).map((job) => job.status)).toEqual(['done'])
    const [run] = await runs()
    expect(run?.status).toBe('failed')
    expect(run?.error).toMatch(/^Pagina 1 kon niet worden opgehaald: HTTP 500/)
  })

  it('is a lease that only its own claim renews', async () => {
    await enqueueJobs(db, HARVEST_JOB, [{ runId: crypto.randomUUID() }])
    const job = await claimJob(db, { kinds: [HARVEST_JOB], leaseMs: 60_000 })
    if (!job) throw new Error('no job')
    expect(await extendLease(db, job)).toBe(true)
    expect(await extendLease(db, { ...job, claim: crypto.randomUUID() })).toBe(false)
  })
})

describe('the schedule', () => {
  const setSchedule = (schedule: string, nextRunAt: string | null, enabled = true) =>
    db.query(
      `update harvest_sources set schedule = $2, next_run_at = $3::timestamptz, enabled = $4
        where id = $1`,
      [sourceId, schedule, nextRunAt, enabled],
    )
  const hoursToNextRun = async () => {
    const [row] = await db.query<{ hours: number }>(
      `select round(extract(epoch from next_run_at - now()) / 3600)::int as hours
         from harvest_sources where id = $1`,
      [sourceId],
    )
    return row?.hours
  }

  it('queues a run of a due source and sets its next time', async () => {
    await setSchedule('daily', '2020-01-01T00:00:00Z')
    expect(await enqueueDueHarvests(db)).toBe(1)
    expect((await runs()).map((run) => [run.trigger, run.status])).toEqual([['schedule', 'queued']])
    expect(await hoursToNextRun()).toBe(24)
    // Not due any more.
    expect(await enqueueDueHarvests(db)).toBe(0)
    await runPendingJobs(db, handlers())
    expect((await runs()).map((run) => run.status)).toEqual(['succeeded'])
  })

  it('gives a source with a run under way no second one, but moves its time on', async () => {
    await setSchedule('hourly', '2020-01-01T00:00:00Z')
    await db.transaction((tx) =>
      queueRun(tx, { sourceId, trigger: 'manual', requestedBy: null, dryRun: false }),
    )
    expect(await enqueueDueHarvests(db)).toBe(0)
    expect(await runs()).toHaveLength(1)
    expect(await hoursToNextRun()).toBe(1)
  })

  it('leaves manual and switched-off sources alone', async () => {
    await setSchedule('manual', '2020-01-01T00:00:00Z')
    expect(await enqueueDueHarvests(db)).toBe(0)
    await setSchedule('weekly', '2020-01-01T00:00:00Z', false)
    expect(await enqueueDueHarvests(db)).toBe(0)
    expect(await runs()).toEqual([])
  })

  it('gives each due source to one of several nodes ticking at once', async () => {
    await setSchedule('daily', '2020-01-01T00:00:00Z')
    const queued = await Promise.all([enqueueDueHarvests(db), enqueueDueHarvests(db)])
    expect(queued.reduce((sum, n) => sum + n, 0)).toBe(1)
    expect(await runs()).toHaveLength(1)
  })
})

describe('failOrphanedRuns', () => {
  it('fails a run whose job is gone, and leaves one whose job waits', async () => {
    const waiting = await db.transaction((tx) =>
      queueRun(tx, { sourceId, trigger: 'manual', requestedBy: null, dryRun: false }),
    )
    expect(await failOrphanedRuns(db)).toBe(0)
    await db.query(`update jobs set status = 'failed', finished_at = now()`)
    expect(await failOrphanedRuns(db)).toBe(1)
    expect(await runs()).toEqual([
      { id: waiting, trigger: 'manual', status: 'failed', error: 'De run is onderbroken.' },
    ])
  })

  it('gives a command line run, which has no job, hours before taking it as cut off', async () => {
    const cli = await db.transaction((tx) =>
      queueRun(tx, { sourceId, trigger: 'cli', requestedBy: null, dryRun: false }),
    )
    expect(await harvestJobs()).toEqual([])
    expect(await failOrphanedRuns(db)).toBe(0)
    await db.query(`update harvest_runs set queued_at = now() - interval '7 hours' where id = $1`, [
      cli,
    ])
    expect(await failOrphanedRuns(db)).toBe(1)
  })
})

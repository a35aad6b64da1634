import { apiPaths, API_PREFIX, type DocumentDetail, type LinkReport } from '@dataportaal/contract'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  ADMIN,
  createTestContext,
  EMPLOYEE,
  OTHER_EMPLOYEE,
  type TestContext,
} from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'
import { runPendingJobs, type JobHandlers } from '../../jobs/worker.ts'
import { insertHarvestSource, markHarvested } from '../harvesting/testing.ts'
import { checkLinksJob, linkCheckerUserAgent, scrubFilesJob } from './job.ts'
import { startLinkFixture, type LinkFixture } from './link-fixture.ts'
import { CHECK_LINKS_JOB, DEFAULT_ROUND_SIZES, queueDueRound, SCRUB_FILES_JOB } from './round.ts'
import { linkStates } from './states.ts'

// The rounds of link checks as the schedule runs them: queued once, each URL checked once,
// 'kapot' after three failed checks in a row, and shown to those who may mend the link.

let ctx: TestContext
let site: LinkFixture
let sourceId: string

beforeAll(async () => {
  ctx = await createTestContext()
  site = await startLinkFixture()
  sourceId = await insertHarvestSource(ctx.db, { name: 'Provincie Oost' })
})
afterAll(async () => {
  await site.close()
  await ctx.close()
})
beforeEach(async () => {
  site.received.length = 0
  site.flaky.status = 200
  await ctx.db.query(`delete from jobs`)
  await ctx.db.query(`delete from document_links`)
  await ctx.db.query(`update documents set source_url = null`)
  await ctx.db.query(`delete from link_checks`)
  await ctx.db.query(`delete from link_check_rounds`)
  await ctx.db.query(`delete from link_check_hosts`)
})

/** A round's jobs all due at once, so runPendingJobs runs them. */
const AT_ONCE = { ...DEFAULT_ROUND_SIZES, spacingMs: 0 }

const USER_AGENT = linkCheckerUserAgent({
  portalName: 'Dataportaal Voorbeeldstad',
  publicUrl: 'https://data.voorbeeldstad.nl',
})

function handlers(perHostIntervalMs = 0): JobHandlers {
  return {
    [CHECK_LINKS_JOB]: checkLinksJob({
      db: ctx.db,
      userAgent: USER_AGENT,
      timeoutMs: 1_000,
      perHostIntervalMs,
    }),
    [SCRUB_FILES_JOB]: scrubFilesJob({ db: ctx.db, store: ctx.store }),
  }
}

/** A harvested document with these links (paths on the fixture) and source page. */
async function harvested(title: string, paths: string[], sourcePath?: string) {
  const id = await createDocument(ctx.db, { title, owner: EMPLOYEE })
  await markHarvested(
    ctx.db,
    id,
    sourceId,
    paths.map((path, i) => ({ title: `Bestand ${i + 1}`, url: `${site.base}${path}` })),
  )
  if (sourcePath) {
    await ctx.db.query('update documents set source_url = $2 where id = $1', [
      id,
      `${site.base}${sourcePath}`,
    ])
  }
  return id
}

/** One round: queued as the schedule would (the last one made a day old), and run. */
async function round(perHostIntervalMs = 0) {
  await ctx.db.query(`update link_check_rounds set last_round_at = now() - interval '25 hours'`)
  const queued = await queueDueRound(ctx.db, { intervalHours: 24, sizes: AT_ONCE })
  expect(queued).not.toBeNull()
  await runPendingJobs(ctx.db, handlers(perHostIntervalMs))
  return queued
}

const stateOf = async (path: string) =>
  (await linkStates(ctx.db, [`${site.base}${path}`])).get(`${site.base}${path}`)

describe('the link checker', () => {
  it("shows a broken harvested link as 'kapot' after three checks, to its owner and admins", async () => {
    const id = await harvested('Bomen in de stad', ['/ok', '/missing'], '/no-head')
    for (const expected of ['onbekend', 'onbekend', 'kapot']) {
      await round()
      expect(await stateOf('/missing')).toBe(expected)
      expect(await stateOf('/ok')).toBe('ok')
      expect(await stateOf('/no-head')).toBe('ok')
    }
    // The site was asked by name, each URL once a round (HEAD, and GET where HEAD failed).
    expect(new Set(site.received.map((r) => r.userAgent))).toEqual(new Set([USER_AGENT]))
    expect(site.received.filter((r) => r.path === '/ok')).toHaveLength(3)

    const owner = await ctx.call<DocumentDetail>('GET', apiPaths.document(id), EMPLOYEE)
    expect(owner.body.linkChecks).toContainEqual(
      expect.objectContaining({
        url: `${site.base}/missing`,
        state: 'kapot',
        lastStatus: 404,
        lastError: 'HTTP 404',
        brokenSince: expect.any(String),
      }),
    )
    expect(owner.body.linkChecks?.find((c) => c.url.endsWith('/ok'))?.state).toBe('ok')
    const admin = await ctx.call<DocumentDetail>('GET', apiPaths.document(id), ADMIN)
    expect(admin.body.linkChecks?.find((c) => c.url.endsWith('/missing'))?.state).toBe('kapot')
    const colleague = await ctx.call<DocumentDetail>('GET', apiPaths.document(id), OTHER_EMPLOYEE)
    expect(colleague.status).toBe(200)
    expect(colleague.body).not.toHaveProperty('linkChecks')
    const visitor = await ctx.call<DocumentDetail>('GET', apiPaths.document(id), null, {
      prefix: API_PREFIX.public,
    })
    expect(visitor.status).toBe(200)
    expect(visitor.body).not.toHaveProperty('linkChecks')
    expect(visitor.response.body).not.toContain('kapot')

    const report = await ctx.call<LinkReport>('GET', apiPaths.linkReport, ADMIN)
    expect(report.body.links).toEqual([
      expect.objectContaining({
        document: { contentUID: id, title: 'Bomen in de stad' },
        place: 'bestand',
        url: `${site.base}/missing`,
        state: 'kapot',
        lastStatus: 404,
      }),
    ])
    expect(report.body.linksTotal).toBe(1)
  })

  it('starts counting again after one good answer', async () => {
    await harvested('Afval', [], '/flaky')
    site.flaky.status = 503
    await round()
    await round()
    site.flaky.status = 200
    await round()
    expect(await stateOf('/flaky')).toBe('ok')
    site.flaky.status = 500
    await round()
    await round()
    expect(await stateOf('/flaky')).toBe('onbekend')
    await round()
    expect(await stateOf('/flaky')).toBe('kapot')
    const [row] = await ctx.db.query<{ last_status: number; failures_in_a_row: number }>(
      `select last_status, failures_in_a_row from link_checks`,
    )
    expect(row).toEqual({ last_status: 500, failures_in_a_row: 3 })
  })

  it('counts a hanging server, a redirect loop and a link-local redirect as failures', async () => {
    await harvested('Vijandig', ['/hang', '/loop', '/to-metadata'])
    const started = Date.now()
    await round()
    // The hanging server costs its time limit (1 s here), no more.
    expect(Date.now() - started).toBeLessThan(4_000)
    const rows = await ctx.db.query<{ url: string; last_error: string }>(
      `select url, last_error from link_checks order by url`,
    )
    expect(rows.map((r) => [r.url.replace(site.base, ''), r.last_error])).toEqual([
      ['/hang', 'geen antwoord binnen 1 seconde'],
      ['/loop', 'meer dan 5 doorverwijzingen'],
      ['/to-metadata', '169.254.169.254 is een link-local adres; dat wordt nooit bezocht'],
    ])
  })

  it('queues nothing when the interval is 0', async () => {
    await harvested('Parkeren', ['/ok'])
    expect(await queueDueRound(ctx.db, { intervalHours: 0 })).toBeNull()
    expect(await ctx.db.query(`select id from jobs`)).toEqual([])
    expect(await ctx.db.query(`select id from link_check_rounds`)).toEqual([])
  })

  it('queues a round once when nodes tick at once, and not again before the interval', async () => {
    await harvested('Parkeren', ['/ok', '/missing'])
    const ticks = await Promise.all([
      queueDueRound(ctx.db, { intervalHours: 24 }),
      queueDueRound(ctx.db, { intervalHours: 24 }),
    ])
    expect(ticks.filter((tick) => tick !== null)).toEqual([{ round: 1, links: 2, files: 0 }])
    expect(await queueDueRound(ctx.db, { intervalHours: 24 })).toBeNull()
    const jobs = await ctx.db.query<{ kind: string }>(`select kind from jobs`)
    expect(jobs).toEqual([{ kind: CHECK_LINKS_JOB }])
  })

  it('checks each URL once a round with two workers, at most one request a second per host', async () => {
    await harvested('Verkeer', ['/ok', '/missing', '/chain/0', '/no-head'])
    await ctx.db.query(`insert into link_check_rounds (id) values (1)`)
    expect(
      await queueDueRound(ctx.db, {
        intervalHours: 24,
        sizes: { ...AT_ONCE, linksPerJob: 1 },
      }),
    ).toMatchObject({ links: 4 })
    const interval = 300
    const ran = await Promise.all([
      runPendingJobs(ctx.db, handlers(interval)),
      runPendingJobs(ctx.db, handlers(interval)),
    ])
    expect(ran[0]! + ran[1]!).toBe(4)
    expect(ran.every((count) => count > 0)).toBe(true)
    const heads = site.received.filter((r) => r.method === 'HEAD').map((r) => r.path)
    expect(heads.sort()).toEqual(['/chain/0', '/missing', '/no-head', '/ok', '/ok'].sort())
    // Each request took the host's next slot: apart by the interval, give or take the time
    // between taking a slot and the request arriving (unpaced, they would come together).
    const times = site.received.map((r) => r.at).sort((a, b) => a - b)
    for (let i = 1; i < times.length; i++) {
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(interval / 2)
    }
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual((times.length - 1.5) * interval)
  })

  it('spreads a round over time, so other jobs get their turn in between', async () => {
    await harvested('Verspreid', ['/ok', '/missing', '/flaky'])
    await queueDueRound(ctx.db, {
      intervalHours: 24,
      sizes: { ...DEFAULT_ROUND_SIZES, linksPerJob: 1 },
    })
    const jobs = await ctx.db.query<{ after_ms: number }>(
      `select extract(epoch from (run_at - min(run_at) over ())) * 1000 as after_ms
         from jobs order by run_at`,
    )
    expect(jobs.map((job) => Math.round(Number(job.after_ms)))).toEqual([0, 60_000, 120_000])
    // With a short interval the round fits in its first half.
    await ctx.db.query(`delete from jobs`)
    await ctx.db.query(`update link_check_rounds set last_round_at = now() - interval '2 hours'`)
    await queueDueRound(ctx.db, {
      intervalHours: 1,
      sizes: { ...DEFAULT_ROUND_SIZES, linksPerJob: 1, spacingMs: 3_600_000 },
    })
    const spread = await ctx.db.query<{ after_ms: number }>(
      `select extract(epoch from (run_at - min(run_at) over ())) * 1000 as after_ms
         from jobs order by run_at`,
    )
    expect(spread.map((job) => Math.round(Number(job.after_ms)))).toEqual([0, 600_000, 1_200_000])
  })

  it('does not count a URL twice when a job of the same round runs again', async () => {
    await harvested('Herhaald', ['/missing'])
    const url = `${site.base}/missing`
    const handler = checkLinksJob({ db: ctx.db, userAgent: USER_AGENT, perHostIntervalMs: 0 })
    const job = { id: '1', kind: CHECK_LINKS_JOB, payload: null, attempts: 1, maxAttempts: 3 }
    const claimed = { ...job, postponements: 0, claim: 'x' }
    await handler({ round: 1, urls: [url] }, claimed)
    await handler({ round: 1, urls: [url] }, claimed)
    const [row] = await ctx.db.query<{ failures_in_a_row: number }>(
      `select failures_in_a_row from link_checks`,
    )
    expect(row?.failures_in_a_row).toBe(1)
    expect(site.received.filter((r) => r.method === 'HEAD')).toHaveLength(1)
  })
})

import {
  apiPaths,
  HARVEST_LIMITS,
  type HarvestRun,
  type HarvestRunList,
  type HarvestSource,
  type HarvestSourceInput,
  type HarvestSourceList,
  type Problem,
} from '@dataportaal/contract'
import { describe, expect, it } from 'vitest'
import { ADMIN, useTestContext, EMPLOYEE, type TestIdentity } from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'
import { markHarvested } from './testing.ts'

const ctx = useTestContext()

const UNKNOWN = '00000000-0000-4000-8000-000000000000'
const HOUR_MS = 60 * 60 * 1000

const input = (overrides: Partial<HarvestSourceInput> = {}): HarvestSourceInput => ({
  name: 'Provincie Oost',
  url: 'https://data.oost.example/catalog.ttl',
  kind: 'dcat',
  sourceName: 'Provincie Oost',
  schedule: 'manual',
  trusted: false,
  publish: false,
  enabled: true,
  ...overrides,
})

const call = <T>(
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  as: TestIdentity | null = ADMIN,
  body?: unknown,
) => ctx.call<T>(method, path, as, body === undefined ? {} : { body })

async function create(overrides: Partial<HarvestSourceInput> = {}) {
  const { status, body } = await call<HarvestSource>(
    'POST',
    apiPaths.harvestSources,
    ADMIN,
    input(overrides),
  )
  expect(status).toBe(201)
  return body
}

const sources = async () =>
  (await call<HarvestSourceList>('GET', apiPaths.harvestSources)).body.Results

const auditActions = async () =>
  (
    await ctx.db.query<{ action: string }>(
      `select action from audit_log where action like 'harvest%' order by id`,
    )
  ).map((row) => row.action)

/** Hours from now to an ISO time, rounded: what the schedule set. */
const hoursUntil = (iso: string | null) =>
  iso === null ? null : Math.round((Date.parse(iso) - Date.now()) / HOUR_MS)

describe('who may call the harvest routes', () => {
  it('answers 401 to a visitor and 403 to an employee on every route, changing nothing', async () => {
    const source = await create({ name: 'Alleen beheer', url: 'https://beheer.example/dcat' })
    const [run] = await ctx.db.query<{ id: string }>(
      `insert into harvest_runs (source_id, trigger, status, finished_at)
       values ($1, 'cli', 'succeeded', now()) returning id::text`,
      [source.id],
    )
    const routes: Array<['GET' | 'POST' | 'PUT', string, unknown?]> = [
      ['GET', apiPaths.harvestSources],
      ['POST', apiPaths.harvestSources, input({ name: 'Nieuw', url: 'https://nieuw.example' })],
      ['PUT', apiPaths.harvestSource(source.id), input({ name: 'Hernoemd' })],
      ['POST', apiPaths.harvestSourceRuns(source.id)],
      ['GET', apiPaths.harvestSourceRuns(source.id)],
      ['GET', apiPaths.harvestRun(run!.id)],
    ]
    for (const [method, path, body] of routes) {
      expect((await call(method, path, null, body)).status, `${method} ${path}`).toBe(401)
      expect((await call(method, path, EMPLOYEE, body)).status, `${method} ${path}`).toBe(403)
    }
    expect((await sources()).map((s) => s.name)).toEqual(['Alleen beheer'])
    const [runs] = await ctx.db.query<{ n: number }>(
      'select count(*)::int as n from harvest_runs where source_id = $1',
      [source.id],
    )
    expect(runs?.n).toBe(1)
    await ctx.db.query('delete from harvest_sources where id = $1', [source.id])
  })
})

describe('adding and changing sources', () => {
  it('adds a source (201) and lists the sources by name with their documents and last run', async () => {
    const weekly = await create({
      name: 'Zuid CKAN',
      url: 'https://ckan.zuid.example/api/3/action/package_search',
      kind: 'ckan',
      sourceName: 'Waterschap Zuid',
      schedule: 'weekly',
      trusted: true,
    })
    expect(weekly).toMatchObject({
      id: expect.any(String),
      name: 'Zuid CKAN',
      kind: 'ckan',
      sourceName: 'Waterschap Zuid',
      schedule: 'weekly',
      trusted: true,
      publish: false,
      enabled: true,
      documents: 0,
      lastRun: null,
    })
    expect(hoursUntil(weekly.nextRunAt)).toBe(7 * 24)
    const manual = await create({ name: '  alfa catalogus  ', url: 'https://alfa.example/dcat' })
    expect(manual).toMatchObject({ name: 'alfa catalogus', nextRunAt: null })
    // Scheduled but switched off: no next run.
    const off = await create({
      name: 'Uitgezet',
      url: 'https://uit.example/dcat',
      schedule: 'daily',
      enabled: false,
    })
    expect(off.nextRunAt).toBeNull()

    const live = await createDocument(ctx.db, { title: 'Geoogst' })
    const withdrawn = await createDocument(ctx.db, { title: 'Ingetrokken', deleted: true })
    await markHarvested(ctx.db, live, weekly.id)
    await markHarvested(ctx.db, withdrawn, weekly.id)
    const [run] = await ctx.db.query<{ id: string }>(
      `insert into harvest_runs (source_id, trigger, status, started_at, finished_at, created,
                                 pages_read, records_read, records_expected)
       values ($1, 'schedule', 'succeeded', now(), now(), 1, 2, 3, 3) returning id::text`,
      [weekly.id],
    )

    const listed = await sources()

    expect(listed.map((source) => source.name)).toEqual(['alfa catalogus', 'Uitgezet', 'Zuid CKAN'])
    const zuid = listed.find((source) => source.id === weekly.id)
    expect(zuid?.documents).toBe(1)
    expect(zuid?.lastRun).toMatchObject({
      id: run!.id,
      sourceId: weekly.id,
      trigger: 'schedule',
      status: 'succeeded',
      progress: { pages: 2, records: 3, expected: 3 },
      counts: { created: 1, updated: 0, withdrawn: 0, unchanged: 0, refused: 0 },
      error: null,
    })
    expect(await auditActions()).toContain('harvest_source_created')
    const [creator] = await ctx.db.query<{ created_by: string }>(
      'select created_by from harvest_sources where id = $1',
      [weekly.id],
    )
    expect(creator?.created_by).toBe(ADMIN.oid)
  })

  it('changes a source (200), moving the next run only when the schedule or switch changes', async () => {
    const source = await create({
      name: 'Wijzigbaar',
      url: 'https://wijzig.example/dcat',
      schedule: 'daily',
    })
    // As if the schedule had set it to run soon.
    await ctx.db.query(
      `update harvest_sources set next_run_at = now() + interval '2 hours' where id = $1`,
      [source.id],
    )
    const put = (overrides: Partial<HarvestSourceInput>) =>
      call<HarvestSource>(
        'PUT',
        apiPaths.harvestSource(source.id),
        ADMIN,
        input({ name: 'Wijzigbaar', url: 'https://wijzig.example/dcat', ...overrides }),
      )

    const renamed = await put({ name: 'Gewijzigd', schedule: 'daily', publish: true })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toMatchObject({ id: source.id, name: 'Gewijzigd', publish: true })
    expect(hoursUntil(renamed.body.nextRunAt)).toBe(2)

    expect(hoursUntil((await put({ schedule: 'hourly' })).body.nextRunAt)).toBe(1)
    expect((await put({ schedule: 'hourly', enabled: false })).body.nextRunAt).toBeNull()
    expect(hoursUntil((await put({ schedule: 'hourly', enabled: true })).body.nextRunAt)).toBe(1)
    expect((await put({ schedule: 'manual' })).body.nextRunAt).toBeNull()
    expect((await sources()).find((s) => s.id === source.id)?.name).toBe('Wijzigbaar')
    expect(await auditActions()).toContain('harvest_source_changed')
  })

  it('refuses a name (in any case) or URL another source has with 409 on that field', async () => {
    const taken = await create({ name: 'Bezet', url: 'https://bezet.example/dcat' })
    const other = await create({ name: 'Ander', url: 'https://ander.example/dcat' })
    const cases: Array<[Partial<HarvestSourceInput>, string]> = [
      [{ name: 'BEZET', url: 'https://vrij.example/dcat' }, 'body.name'],
      [{ name: 'Vrij', url: 'https://bezet.example/dcat' }, 'body.url'],
    ]
    for (const [overrides, path] of cases) {
      const created = await call<Problem>('POST', apiPaths.harvestSources, ADMIN, input(overrides))
      expect(created.status, path).toBe(409)
      expect(created.body.errors?.map((error) => error.path)).toEqual([path])
      const changed = await call<Problem>(
        'PUT',
        apiPaths.harvestSource(other.id),
        ADMIN,
        input(overrides),
      )
      expect(changed.status, path).toBe(409)
      expect(changed.body.errors?.map((error) => error.path)).toEqual([path])
    }
    expect((await sources()).filter((s) => [taken.id, other.id].includes(s.id))).toMatchObject([
      { name: 'Ander' },
      { name: 'Bezet' },
    ])
    // The same URL spelled otherwise is the same source.
    const spelled = await call<Problem>(
      'POST',
      apiPaths.harvestSources,
      ADMIN,
      input({ name: 'Anders gespeld', url: 'HTTPS://BEZET.example/dcat' }),
    )
    expect(spelled.status).toBe(409)
    expect(spelled.body.errors?.map((error) => error.path)).toEqual(['body.url'])
    const normalised = await create({ name: 'Kale host', url: 'http:kaal.example' })
    expect(normalised.url).toBe('http://kaal.example/')
    // Its own name and URL are no conflict.
    const same = await call('PUT', apiPaths.harvestSource(taken.id), ADMIN, {
      ...input({ name: 'Bezet', url: 'https://bezet.example/dcat' }),
      trusted: true,
    })
    expect(same.status).toBe(200)
  })

  it('refuses bad input with 422 and the paths of the fields', async () => {
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ ...input(), name: '   ' }, ['body.name']],
      [{ ...input(), url: 'ftp://bestanden.example/catalog' }, ['body.url']],
      [{ ...input(), kind: 'csw' }, ['body.kind']],
      [{ ...input(), schedule: 'monthly' }, ['body.schedule']],
      [{ ...input(), extra: true }, ['body']],
      [{ ...input(), name: 'Regel\neen' }, ['body.name']],
    ]
    for (const [body, paths] of cases) {
      const { status, body: problem } = await call<Problem>(
        'POST',
        apiPaths.harvestSources,
        ADMIN,
        body,
      )
      expect(status, JSON.stringify(body)).toBe(422)
      expect(problem.errors?.map((error) => error.path)).toEqual(paths)
      expect(problem.errors?.every((error) => error.message.length > 0)).toBe(true)
    }
    expect((await call('PUT', apiPaths.harvestSource('geen-uuid'), ADMIN, input())).status).toBe(
      422,
    )
    expect((await sources()).map((source) => source.name)).not.toContain('Regel\neen')
  })

  it('answers 404 for an unknown source', async () => {
    const changed = await call<Problem>('PUT', apiPaths.harvestSource(UNKNOWN), ADMIN, input())
    expect(changed.status).toBe(404)
    expect(changed.body.detail).toBe('Deze bron bestaat niet.')
  })
})

describe('runs', () => {
  it('queues a run (202), refuses a second while it waits (409), and lists and shows it', async () => {
    const source = await create({ name: 'Oogstbaar', url: 'https://oogst.example/dcat' })

    const started = await call<HarvestRun>('POST', apiPaths.harvestSourceRuns(source.id))

    expect(started.status).toBe(202)
    expect(started.body).toMatchObject({
      sourceId: source.id,
      trigger: 'manual',
      status: 'queued',
      dryRun: false,
      startedAt: null,
      finishedAt: null,
      progress: { pages: 0, records: 0, expected: null },
      counts: { created: 0, updated: 0, withdrawn: 0, unchanged: 0, refused: 0 },
      refusals: [],
      unmappedThemes: [],
      error: null,
    })
    const [job] = await ctx.db.query<{ payload: unknown }>(
      `select payload from jobs where kind = 'harvest'`,
    )
    expect(job?.payload).toEqual({ runId: started.body.id })
    const [requester] = await ctx.db.query<{ requested_by: string }>(
      'select requested_by from harvest_runs where id = $1',
      [started.body.id],
    )
    expect(requester?.requested_by).toBe(ADMIN.oid)

    const again = await call<Problem>('POST', apiPaths.harvestSourceRuns(source.id))
    expect(again.status).toBe(409)
    expect(again.body.detail).toBe('Er loopt al een run voor deze bron.')

    const shown = await call<HarvestRun>('GET', apiPaths.harvestRun(started.body.id))
    expect(shown.status).toBe(200)
    expect(shown.body).toEqual(started.body)
    const listed = await call<HarvestRunList>('GET', apiPaths.harvestSourceRuns(source.id))
    expect(listed.body).toEqual({ Results: [started.body], Total: 1 })
    expect((await sources()).find((s) => s.id === source.id)?.lastRun).toEqual(started.body)
    expect(await auditActions()).toContain('harvest_run_requested')

    // Once it is done, another may start.
    await ctx.db.query(
      `update harvest_runs set status = 'failed', error = 'Kapot.', finished_at = now() where id = $1`,
      [started.body.id],
    )
    const next = await call<HarvestRun>('POST', apiPaths.harvestSourceRuns(source.id))
    expect(next.status).toBe(202)
    const runs = (await call<HarvestRunList>('GET', apiPaths.harvestSourceRuns(source.id))).body
    expect(runs.Results.map((run) => [run.id, run.status, run.error])).toEqual([
      [next.body.id, 'queued', null],
      [started.body.id, 'failed', 'Kapot.'],
    ])
  })

  it('lists at most the newest runs, counting all', async () => {
    const source = await create({ name: 'Veel runs', url: 'https://veel.example/dcat' })
    const count = HARVEST_LIMITS.runsListed + 3
    await ctx.db.query(
      `insert into harvest_runs (source_id, trigger, status, queued_at, finished_at)
       select $1, 'schedule', 'succeeded', now() - n * interval '1 hour', now()
         from generate_series(1, $2::int) n`,
      [source.id, count],
    )
    const { body } = await call<HarvestRunList>('GET', apiPaths.harvestSourceRuns(source.id))
    expect(body.Total).toBe(count)
    expect(body.Results).toHaveLength(HARVEST_LIMITS.runsListed)
    const times = body.Results.map((run) => Date.parse(run.queuedAt))
    expect(times).toEqual(times.toSorted((a, b) => b - a))
  })

  it('refuses a run of a source that is switched off (409)', async () => {
    const source = await create({
      name: 'Staat uit',
      url: 'https://staatuit.example/dcat',
      enabled: false,
    })
    const { status, body } = await call<Problem>('POST', apiPaths.harvestSourceRuns(source.id))
    expect(status).toBe(409)
    expect(body.detail).toBe('Deze bron staat uit.')
    expect((await call<HarvestRunList>('GET', apiPaths.harvestSourceRuns(source.id))).body).toEqual(
      { Results: [], Total: 0 },
    )
  })

  it('answers 404 for an unknown source or run', async () => {
    const start = await call<Problem>('POST', apiPaths.harvestSourceRuns(UNKNOWN))
    expect([start.status, start.body.detail]).toEqual([404, 'Deze bron bestaat niet.'])
    const list = await call<Problem>('GET', apiPaths.harvestSourceRuns(UNKNOWN))
    expect([list.status, list.body.detail]).toEqual([404, 'Deze bron bestaat niet.'])
    const run = await call<Problem>('GET', apiPaths.harvestRun(UNKNOWN))
    expect([run.status, run.body.detail]).toEqual([404, 'Deze run bestaat niet.'])
  })
})

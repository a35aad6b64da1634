import {
  API_PREFIX,
  apiPaths,
  type Dashboard,
  type DashboardPeriod,
  type Problem,
} from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN,
  useTestContext,
  EMPLOYEE,
  OTHER_EMPLOYEE,
  type TestIdentity,
} from '../../../test/app.ts'
import { createDocument, ensureEmployee } from '../../../test/factories.ts'
import { createTtlCache } from './cache.ts'
import { computeDashboard } from './statistics.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const amsterdamDay = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(instant)
const amsterdamMonth = (instant: Date) => amsterdamDay(instant).slice(0, 7)
const ago = (ms: number) => new Date(Date.now() - ms)

const doc = { fiets: '', woning: '', afval: '', concept: '', afgekeurd: '', deleted: '' }
/** The instants at which the test's document opens happened, per document. */
const opens: Array<{ id: () => string; at: Date }> = []

/** The dashboard as `as` sees it, on /api or (to show it is not there) on /pubapi. */
const get = (as: TestIdentity | null, query: Record<string, string> = {}, prefix = 'api') =>
  ctx.call<Dashboard & Problem>('GET', apiPaths.dashboard, as, {
    query,
    prefix: prefix === 'api' ? API_PREFIX.authenticated : API_PREFIX.public,
  })

async function dashboard(period: DashboardPeriod): Promise<Dashboard> {
  const { status, body } = await get(ADMIN, { period })
  expect(status).toBe(200)
  return body
}

async function logSearch(query: string, resultCount: number, at: Date) {
  await ctx.db.query(
    `insert into search_log (at, query, normalized_query, result_count)
     values ($1, $2, portal_normalize(btrim($2)), $3)`,
    [at, query, resultCount],
  )
}

const ctx = useTestContext()

beforeAll(async () => {
  doc.fiets = await createDocument(ctx.db, {
    title: 'Fietstellingen binnenstad',
    wooCategory: '002',
    themes: ['Verkeer', 'Wonen'],
    ratings: [
      { by: EMPLOYEE, rating: 4 },
      { by: OTHER_EMPLOYEE, rating: 5 },
    ],
  })
  doc.woning = await createDocument(ctx.db, {
    title: 'Woningvoorraad',
    wooCategory: '015',
    contentType: 'Rapport',
    themes: ['Wonen'],
    ratings: [{ by: EMPLOYEE, rating: 2 }],
  })
  doc.afval = await createDocument(ctx.db, { title: 'Afvalinzameling per wijk' })
  doc.concept = await createDocument(ctx.db, {
    title: 'Eigen concept',
    wooCategory: '015',
    status: 'openstaand',
    owner: EMPLOYEE,
    contentType: 'Rapport',
  })
  doc.afgekeurd = await createDocument(ctx.db, {
    title: 'Afgekeurde kaart',
    status: 'afgekeurd',
    wooCategory: '012',
  })
  doc.deleted = await createDocument(ctx.db, {
    title: 'Verwijderd rapport',
    wooCategory: '008',
    themes: ['Verkeer'],
    ratings: [{ by: OTHER_EMPLOYEE, rating: 1 }],
    deleted: true,
  })
  // Imported records are not uploads; two uploads are older (one beyond the 12 months).
  await ctx.db.query(
    `update documents set external_key = 'cbs-' || id where id = any($1::uuid[])`,
    [[doc.fiets, doc.woning]],
  )
  await ctx.db.query('update documents set created_at = $2 where id = $1', [
    doc.afval,
    ago(62 * DAY),
  ])
  await ctx.db.query('update documents set created_at = $2 where id = $1', [
    doc.afgekeurd,
    ago(400 * DAY),
  ])

  // Employees: the three test identities are seen now; two others long ago.
  for (const [oid, seen] of [
    ['oid-vorige-maand', ago(50 * DAY)],
    ['oid-vorig-jaar', ago(200 * DAY)],
  ] as const) {
    await ensureEmployee(ctx.db, { oid, name: oid, email: `${oid}@voorbeeldstad.nl` })
    await ctx.db.query('update employees set last_seen_at = $2 where id = $1', [oid, seen])
  }

  // Opens: three of the bike counts through the API now, by three clients (one client's
  // openings count once per half hour), the rest logged earlier.
  for (const as of [EMPLOYEE, OTHER_EMPLOYEE, null]) {
    const { status } = await ctx.call('POST', apiPaths.documentOpen(doc.fiets), as, {
      prefix: as ? API_PREFIX.authenticated : API_PREFIX.public,
    })
    expect(status).toBe(204)
    opens.push({ id: () => doc.fiets, at: new Date() })
  }
  const earlier: Array<[() => string, Date]> = [
    [() => doc.woning, ago(2 * DAY)],
    [() => doc.woning, ago(2 * DAY + HOUR)],
    [() => doc.afval, ago(20 * DAY)],
    [() => doc.deleted, ago(3 * DAY)],
    [() => doc.afval, ago(60 * DAY)],
    [() => doc.afval, ago(61 * DAY)],
  ]
  for (const [id, at] of earlier) {
    await ctx.db.query('insert into document_opens (document_id, at) values ($1, $2)', [id(), at])
    opens.push({ id, at })
  }

  // Searches: one real search without results, and logged ones; browsing (no text) is no query.
  const search = await ctx.app.inject({
    method: 'GET',
    url: `${API_PREFIX.public}${apiPaths.search}?query=Onvindbaar`,
  })
  expect(search.statusCode).toBe(200)
  for (const [query, results, at] of [
    ['fiets', 4, ago(HOUR)],
    ['Fiets ', 4, ago(DAY)],
    ['fiets', 4, ago(5 * DAY)],
    ['Wónen', 2, ago(HOUR)],
    ['parkeren', 0, ago(HOUR)],
    ['parkeren', 0, ago(3 * DAY)],
    ['', 6, ago(HOUR)],
    ['', 6, ago(HOUR)],
    ['oude vraag', 0, ago(40 * DAY)],
    ['oude vraag', 0, ago(41 * DAY)],
    ['oude vraag', 0, ago(42 * DAY)],
  ] as const) {
    await logSearch(query, results, at)
  }
})

describe('GET /search/dashboard', () => {
  it('counts the documents that are not deleted, by status, content type, theme and Woo category', async () => {
    const body = await dashboard('30d')
    expect(body.documents).toEqual({
      total: 5,
      byStatus: [
        { key: 'openstaand', count: 1 },
        { key: 'goedgekeurd', count: 3 },
        { key: 'afgekeurd', count: 1 },
      ],
      byContentType: [
        { key: 'Dataset', count: 3 },
        { key: 'Rapport', count: 2 },
      ],
      byTheme: [
        { key: 'Wonen', count: 2 },
        { key: 'Verkeer', count: 1 },
      ],
      withoutTheme: 3,
      // By number, not by count; the deleted document's 008 and the uncategorised are not there.
      byWooCategory: [
        { key: '002', count: 1 },
        { key: '012', count: 1 },
        { key: '015', count: 2 },
      ],
    })
    expect(body.averageRating).toBe(3.7)
    expect(body.ratingCount).toBe(3)
  })

  it('counts uploads per month over the last 12 months, zero-filled, oldest first', async () => {
    const body = await dashboard('30d')
    expect(body.uploadsPerMonth).toHaveLength(12)
    expect(body.uploadsPerMonth.at(-1)).toEqual({ month: amsterdamMonth(new Date()), count: 2 })
    const expected = new Map([[amsterdamMonth(new Date()), 2]])
    const older = amsterdamMonth(ago(62 * DAY))
    expected.set(older, (expected.get(older) ?? 0) + 1)
    for (const { month, count } of body.uploadsPerMonth) {
      expect(count).toBe(expected.get(month) ?? 0)
    }
    const months = body.uploadsPerMonth.map((entry) => entry.month)
    expect(months).toEqual([...months].sort())
    expect(new Set(months).size).toBe(12)
  })

  it('counts opens per day of the period and ranks the most opened documents', async () => {
    const body = await dashboard('30d')
    expect(body.opensPerDay).toHaveLength(30)
    expect(body.opensPerDay.at(-1)?.day).toBe(amsterdamDay(new Date()))
    expect(body.from).toBe(body.opensPerDay[0]?.day)
    expect(body.to).toBe(amsterdamDay(new Date()))
    const expected = new Map<string, number>()
    for (const { at } of opens.filter((open) => open.at > ago(30 * DAY))) {
      expected.set(amsterdamDay(at), (expected.get(amsterdamDay(at)) ?? 0) + 1)
    }
    for (const { day, count } of body.opensPerDay) expect(count).toBe(expected.get(day) ?? 0)
    expect(body.opensPerDay.reduce((sum, entry) => sum + entry.count, 0)).toBe(7)

    expect(body.topDocuments).toEqual([
      { id: doc.fiets, title: 'Fietstellingen binnenstad', count: 3 },
      { id: doc.woning, title: 'Woningvoorraad', count: 2 },
      { id: doc.afval, title: 'Afvalinzameling per wijk', count: 1 },
    ])
  })

  it('ranks normalised queries, and those without results, leaving browsing out', async () => {
    const body = await dashboard('30d')
    expect(body.topQueries).toEqual([
      { query: 'fiets', count: 3 },
      { query: 'parkeren', count: 2 },
      { query: 'onvindbaar', count: 1 },
      { query: 'wonen', count: 1 },
    ])
    expect(body.zeroResultQueries).toEqual([
      { query: 'parkeren', count: 2 },
      { query: 'onvindbaar', count: 1 },
    ])
  })

  it('counts the employees seen in the period', async () => {
    expect((await dashboard('30d')).activeEmployees).toBe(3)
    expect((await dashboard('90d')).activeEmployees).toBe(4)
    expect((await dashboard('365d')).activeEmployees).toBe(5)
  })

  it('applies the period to opens, top documents and queries, not to the catalogue', async () => {
    const week = await dashboard('7d')
    expect(week.period).toBe('7d')
    expect(week.opensPerDay).toHaveLength(7)
    expect(week.opensPerDay.reduce((sum, entry) => sum + entry.count, 0)).toBe(6)
    expect(week.topDocuments.map((entry) => entry.title)).toEqual([
      'Fietstellingen binnenstad',
      'Woningvoorraad',
    ])
    expect(week.topQueries[0]).toEqual({ query: 'fiets', count: 3 })
    expect(week.zeroResultQueries.map((entry) => entry.query)).not.toContain('oude vraag')
    expect(week.activeEmployees).toBe(3)

    const quarter = await dashboard('90d')
    expect(quarter.opensPerDay).toHaveLength(90)
    expect(quarter.opensPerDay.reduce((sum, entry) => sum + entry.count, 0)).toBe(9)
    expect(quarter.topDocuments[0]).toEqual({
      id: doc.afval,
      title: 'Afvalinzameling per wijk',
      count: 3,
    })
    expect(quarter.topQueries[0]).toEqual({ query: 'fiets', count: 3 })
    expect(quarter.zeroResultQueries[0]).toEqual({ query: 'oude vraag', count: 3 })

    for (const body of [week, quarter]) {
      expect(body.documents.total).toBe(5)
      expect(body.uploadsPerMonth).toHaveLength(12)
    }
  })

  it('defaults to 30 days', async () => {
    const { status, body } = await get(ADMIN)
    expect(status).toBe(200)
    expect(body.period).toBe('30d')
  })

  it('serves the same figures again within the cache time', async () => {
    const first = await dashboard('365d')
    await ctx.db.query('insert into document_opens (document_id) values ($1)', [doc.woning])
    const second = await dashboard('365d')
    expect(second.generatedAt).toBe(first.generatedAt)
    expect(second.opensPerDay).toEqual(first.opensPerDay)
  })

  it('answers 422 for an unknown period or parameter', async () => {
    const bad: Array<Record<string, string>> = [{ period: '2d' }, { period: '30d', extra: '1' }]
    for (const query of bad) {
      const { status, body, response } = await get(ADMIN, query)
      expect(status).toBe(422)
      expect(response.headers['content-type']).toContain('application/problem+json')
      expect(body.title).toMatch(/[a-z]/)
    }
    const { body } = await get(ADMIN, { period: '2d' })
    expect(JSON.stringify(body.errors)).toContain('Kies een periode')
  })

  it('refuses an employee (403) and a visitor (401), and is not on the public API', async () => {
    const employee = await get(EMPLOYEE)
    expect(employee.status).toBe(403)
    expect(employee.response.headers['content-type']).toContain('application/problem+json')
    const visitor = await get(null)
    expect(visitor.status).toBe(401)
    expect(visitor.response.headers['www-authenticate']).toBe('Bearer')
    expect((await get(null, {}, 'pubapi')).status).toBe(404)
  })
})

describe('computeDashboard', () => {
  it('counts the data questions not yet delivered, by what holds them up', async () => {
    const statuses = ['pending', 'pending', 'held', 'failed', 'delivered', 'delivered']
    for (const status of statuses) {
      await ctx.db.query(
        `insert into data_requests (name, email, subject, message, status)
         values ('Vrager', 'vrager@example.org', 'Onderwerp', 'Vraag', $1)`,
        [status],
      )
    }
    const body = await computeDashboard(ctx.db, '30d', new Date())
    expect(body.dataRequests).toEqual({ waiting: 2, held: 1, failed: 1 })
  })

  it('takes days from the given moment in Europe/Amsterdam', async () => {
    // 23:30 UTC on 31 March 2026 is already 1 April in Amsterdam (summer time).
    const body = await computeDashboard(ctx.db, '7d', new Date('2026-03-31T23:30:00Z'))
    expect(body.to).toBe('2026-04-01')
    expect(body.from).toBe('2026-03-26')
    expect(body.opensPerDay.map((entry) => entry.day)).toEqual([
      '2026-03-26',
      '2026-03-27',
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
    ])
    expect(body.uploadsPerMonth[0]?.month).toBe('2025-05')
    expect(body.uploadsPerMonth.at(-1)?.month).toBe('2026-04')
    expect(body.generatedAt).toBe('2026-03-31T23:30:00.000Z')
  })
})

describe('createTtlCache', () => {
  it('computes once within the time to live and again after it', async () => {
    let now = 1_000
    let computed = 0
    const cache = createTtlCache<string, number>({ ttlMs: 60_000, clock: () => now })
    const compute = async (at: number) => {
      computed++
      return at
    }
    expect(await cache.get('30d', compute)).toBe(1_000)
    now += 59_999
    expect(await cache.get('30d', compute)).toBe(1_000)
    expect(await cache.get('7d', compute)).toBe(60_999)
    expect(computed).toBe(2)
    now += 1
    expect(await cache.get('30d', compute)).toBe(61_000)
    expect(computed).toBe(3)
  })

  it('shares one computation between concurrent callers and forgets a failure', async () => {
    const cache = createTtlCache<string, number>({ ttlMs: 60_000, clock: () => 0 })
    let computed = 0
    const slow = async () => {
      computed++
      await new Promise((resolve) => setTimeout(resolve, 5))
      return computed
    }
    expect(await Promise.all([cache.get('a', slow), cache.get('a', slow)])).toEqual([1, 1])
    await expect(cache.get('b', () => Promise.reject(new Error('weg')))).rejects.toThrow('weg')
    expect(await cache.get('b', async () => 7)).toBe(7)
  })
})

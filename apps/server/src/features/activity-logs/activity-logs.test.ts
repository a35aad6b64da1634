import { API_PREFIX, apiPaths, type Dashboard, type SearchResponse } from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN,
  createTestContext,
  EMPLOYEE,
  OTHER_EMPLOYEE,
  type TestContext,
  type TestIdentity,
} from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'
import { loadConfig } from '../../config.ts'
import { activityClient, addressKey, clientHash } from './client.ts'
import { OPEN_COUNT_WINDOW_MINUTES, pruneActivityLogs } from './retention.ts'

/** Small, so the flood tests stay quick; the default is in the configuration test below. */
const SEARCH_LIMIT = 20

/**
 * This file floods on purpose to test the logs, not load shedding: on PGlite every query
 * runs on the event loop, so a thousand searches (on shared CI cores) could make the
 * overload guard answer 503 (its own tests are in http/overload.test.ts).
 */
const env = {
  SEARCH_LOG_LIMIT_PER_HOUR: String(SEARCH_LIMIT),
  MAX_EVENT_LOOP_DELAY_MS: '0',
  // The requests below come from loopback, as from a proxy on the same host.
  TRUST_PROXY: 'loopback',
}

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext({ env })
})
afterAll(() => ctx.close())

interface From {
  /** A signed-in employee (on /api), or a visitor (on /pubapi) when absent. */
  as?: TestIdentity
  /** The TCP peer. */
  remote?: string
  /** What the (trusted) proxy says the client is. */
  forwardedFor?: string
}

async function callAs(method: 'GET' | 'POST', path: string, from: From) {
  const headers: Record<string, string> = {}
  if (from.as) headers.authorization = `Bearer ${await ctx.tokenFor(from.as)}`
  if (from.forwardedFor) headers['x-forwarded-for'] = from.forwardedFor
  return ctx.app.inject({
    method,
    url: `${from.as ? API_PREFIX.authenticated : API_PREFIX.public}${path}`,
    headers,
    remoteAddress: from.remote ?? '127.0.0.1',
  })
}

async function open(id: string, from: From = {}) {
  const response = await callAs('POST', apiPaths.documentOpen(id), from)
  expect(response.statusCode).toBe(204)
  expect(response.body).toBe('')
}

const opensOf = async (id: string) => {
  const [row] = await ctx.db.query<{ n: number }>(
    'select count(*)::int as n from document_opens where document_id = $1',
    [id],
  )
  return row?.n ?? 0
}

/** As if every counted opening of the document happened `minutes` earlier. */
const moveMarksBack = (id: string, minutes: number) =>
  ctx.db.query(
    `update document_open_marks set counted_at = counted_at - $2 * interval '1 minute'
      where document_id = $1`,
    [id, minutes],
  )

describe('counting document openings', () => {
  it('counts the same visitor once however often they open a document', async () => {
    const id = await createDocument(ctx.db, { title: 'Tien keer geopend' })
    for (let i = 0; i < 10; i++) await open(id, { forwardedFor: '203.0.113.7' })
    expect(await opensOf(id)).toBe(1)
  })

  it('counts two clients twice, by forwarded address and by peer address', async () => {
    const byProxy = await createDocument(ctx.db, { title: 'Via de proxy' })
    await open(byProxy, { forwardedFor: '203.0.113.7' })
    await open(byProxy, { forwardedFor: '198.51.100.23' })
    await open(byProxy, { forwardedFor: '198.51.100.23' })
    expect(await opensOf(byProxy)).toBe(2)

    const direct = await createDocument(ctx.db, { title: 'Zonder proxy' })
    await open(direct, { remote: '192.0.2.1' })
    await open(direct, { remote: '192.0.2.2' })
    await open(direct, { remote: '192.0.2.1' })
    expect(await opensOf(direct)).toBe(2)
  })

  it('counts the same client again once the window has passed, not before', async () => {
    const id = await createDocument(ctx.db, { title: 'Na een half uur' })
    const from = { forwardedFor: '203.0.113.8' }
    await open(id, from)
    await moveMarksBack(id, OPEN_COUNT_WINDOW_MINUTES - 1)
    await open(id, from)
    expect(await opensOf(id)).toBe(1)
    await moveMarksBack(id, 1)
    await open(id, from)
    await open(id, from)
    expect(await opensOf(id)).toBe(2)
  })

  it('keeps employees and visitors apart, and an employee is one client wherever they are', async () => {
    const id = await createDocument(ctx.db, { title: 'Medewerker en bezoeker' })
    await open(id, { forwardedFor: '203.0.113.9' })
    await open(id, { as: EMPLOYEE, forwardedFor: '203.0.113.9' })
    await open(id, { as: EMPLOYEE, forwardedFor: '198.51.100.99' })
    await open(id, { as: OTHER_EMPLOYEE, forwardedFor: '203.0.113.9' })
    const rows = await ctx.db.query<{ employee_id: string | null }>(
      'select employee_id from document_opens where document_id = $1 order by id',
      [id],
    )
    expect(rows).toEqual([
      { employee_id: null },
      { employee_id: EMPLOYEE.oid },
      { employee_id: OTHER_EMPLOYEE.oid },
    ])
  })

  it('counts once when one client opens a document many times at the same moment', async () => {
    const id = await createDocument(ctx.db, { title: 'Tegelijk geopend' })
    await Promise.all(Array.from({ length: 20 }, () => open(id, { forwardedFor: '203.0.113.10' })))
    expect(await opensOf(id)).toBe(1)
  })

  it('takes an IPv6 visitor by their /64, and a mapped IPv4 address as IPv4', async () => {
    const id = await createDocument(ctx.db, { title: 'IPv6' })
    await open(id, { forwardedFor: '2001:db8:1:2::1' })
    await open(id, { forwardedFor: '2001:db8:1:2:ffff:ffff:ffff:ffff' })
    await open(id, { forwardedFor: '2001:db8:1:3::1' })
    expect(await opensOf(id)).toBe(2)

    const mapped = await createDocument(ctx.db, { title: 'IPv4 in IPv6' })
    await open(mapped, { forwardedFor: '203.0.113.11' })
    await open(mapped, { forwardedFor: '::ffff:203.0.113.11' })
    expect(await opensOf(mapped)).toBe(1)
  })

  it('stores a keyed hash of the client, never its address', async () => {
    const id = await createDocument(ctx.db, { title: 'Privacy' })
    await open(id, { forwardedFor: '203.0.113.12' })
    const [mark] = await ctx.db.query<{ hash: string }>(
      `select encode(client_hash, 'hex') as hash from document_open_marks where document_id = $1`,
      [id],
    )
    const expected = await clientHash(ctx.db, { kind: 'address', address: '203.0.113.12' })
    expect(mark?.hash).toBe(expected.toString('hex'))
    expect(mark?.hash).toHaveLength(64)
    const dump = await ctx.db.query<{ row: string }>(
      `select m::text as row from document_open_marks m
       union all select o::text from document_opens o`,
    )
    expect(dump.map((r) => r.row).join('\n')).not.toContain('203.0.113.12')
  })

  it('answers 404 and marks nothing for a document the caller may not see', async () => {
    const id = await createDocument(ctx.db, { title: 'Nog niet goedgekeurd', status: 'openstaand' })
    const response = await callAs('POST', apiPaths.documentOpen(id), {
      forwardedFor: '203.0.113.13',
    })
    expect(response.statusCode).toBe(404)
    const marks = await ctx.db.query('select 1 from document_open_marks where document_id = $1', [
      id,
    ])
    expect(marks).toHaveLength(0)
    expect(await opensOf(id)).toBe(0)
  })
})

describe('addressKey', () => {
  it('keeps IPv4, takes the /64 of IPv6 and unwraps mapped IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('2001:db8:a:b:c:d:e:f')).toBe('2001:db8:a:b::/64')
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(addressKey('::ffff:198.51.100.1')).toBe('198.51.100.1')
    expect(addressKey('::ffff:c633:6401')).toBe('198.51.100.1')
    expect(addressKey('not an address')).toBe('not an address')
  })

  it('makes an employee a client by id, a visitor by address', () => {
    const employee = { kind: 'employee', id: 'e1', name: 'E', email: null, isAdmin: false } as const
    expect(activityClient({ viewer: employee, ip: '203.0.113.7' })).toEqual({
      kind: 'employee',
      id: 'e1',
    })
    expect(activityClient({ viewer: { kind: 'public' }, ip: '2001:db8:1:2::9' })).toEqual({
      kind: 'address',
      address: '2001:db8:1:2::/64',
    })
  })
})

async function search(query: string, from: From) {
  const response = await callAs(
    'GET',
    `${apiPaths.search}?query=${encodeURIComponent(query)}`,
    from,
  )
  expect(response.statusCode).toBe(200)
  return response.json<SearchResponse>()
}

const loggedSearches = async (query: string) => {
  const [row] = await ctx.db.query<{ n: number }>(
    'select count(*)::int as n from search_log where query = $1',
    [query],
  )
  return row?.n ?? 0
}

describe('logging searches', () => {
  it('answers all of 1,000 searches of one client and logs only the limit', async () => {
    await createDocument(ctx.db, { title: 'Overstroming dijkring' })
    const from = { forwardedFor: '203.0.113.20' }
    // Five at a time: on PostgreSQL they race for the same quota row.
    for (let batch = 0; batch < 200; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => search('overstroming', from)),
      )
      for (const answer of answers) expect(answer.Total).toBe(1)
    }
    // The limit holds per clock hour: a run across the hour logs the limit in each (up to
    // the limit in the hour it leaves), so the count per hour is asserted, not the total.
    const perHour = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from search_log where query = $1
        group by date_trunc('hour', at, 'UTC')`,
      ['overstroming'],
    )
    expect(Math.max(...perHour.map((hour) => hour.n))).toBe(SEARCH_LIMIT)
    for (const hour of perHour) expect(hour.n).toBeLessThanOrEqual(SEARCH_LIMIT)
  })

  it('gives every client its own limit: other visitors and employees are still logged', async () => {
    for (let i = 0; i < SEARCH_LIMIT + 5; i++)
      await search('gemaal', { forwardedFor: '203.0.113.21' })
    await search('gemaal', { forwardedFor: '203.0.113.22' })
    await search('gemaal', { as: EMPLOYEE, forwardedFor: '203.0.113.21' })
    expect(await loggedSearches('gemaal')).toBe(SEARCH_LIMIT + 2)
  })

  it('logs the client again in the next hour', async () => {
    const from = { forwardedFor: '203.0.113.23' }
    for (let i = 0; i < SEARCH_LIMIT + 1; i++) await search('sluis', from)
    expect(await loggedSearches('sluis')).toBe(SEARCH_LIMIT)
    // As if this hour's searches were an hour ago.
    const hash = await clientHash(ctx.db, { kind: 'address', address: '203.0.113.23' })
    await ctx.db.query(
      `update search_log_quota set hour = hour - interval '1 hour' where client_hash = $1`,
      [hash],
    )
    await search('sluis', from)
    expect(await loggedSearches('sluis')).toBe(SEARCH_LIMIT + 1)
  })
})

describe('the dashboard', () => {
  // Its own database: the documents opened above would crowd its top 10.
  let main: TestContext
  beforeAll(async () => {
    main = ctx
    ctx = await createTestContext({ env })
  })
  afterAll(async () => {
    await ctx.close()
    ctx = main
  })

  it('shows the bounded counts in the most opened documents and the top queries', async () => {
    const flooded = await createDocument(ctx.db, { title: 'Veelgeopend door één bezoeker' })
    const popular = await createDocument(ctx.db, { title: 'Geopend door drie bezoekers' })
    for (let i = 0; i < 50; i++) await open(flooded, { forwardedFor: '203.0.113.30' })
    for (const address of ['203.0.113.31', '203.0.113.32', '203.0.113.33']) {
      await open(popular, { forwardedFor: address })
    }
    for (let i = 0; i < 3 * SEARCH_LIMIT; i++) {
      await search('nepvraag', { forwardedFor: '203.0.113.30' })
    }
    const response = await callAs('GET', `${apiPaths.dashboard}?period=7d`, { as: ADMIN })
    expect(response.statusCode).toBe(200)
    const body = response.json<Dashboard>()
    expect(body.topDocuments).toEqual([
      { id: popular, title: 'Geopend door drie bezoekers', count: 3 },
      { id: flooded, title: 'Veelgeopend door één bezoeker', count: 1 },
    ])
    expect(body.topQueries).toEqual([{ query: 'nepvraag', count: SEARCH_LIMIT }])
  })
})

describe('retention', () => {
  const settings = loadConfig({
    OPEN_LOG_RETENTION_DAYS: '30',
    SEARCH_LOG_RETENTION_DAYS: '60',
  }).activityLogs

  it('reads the periods and the limit from the environment, a year and more by default', () => {
    expect(loadConfig({}).activityLogs).toEqual({
      openRetentionDays: 400,
      searchRetentionDays: 400,
      searchesPerClientPerHour: 100,
    })
    expect(settings).toMatchObject({ openRetentionDays: 30, searchRetentionDays: 60 })
    expect(() => loadConfig({ SEARCH_LOG_RETENTION_DAYS: '0' })).toThrow(
      /SEARCH_LOG_RETENTION_DAYS: /,
    )
  })

  it('deletes log rows older than the period and the bookkeeping that no longer counts', async () => {
    const id = await createDocument(ctx.db, { title: 'Oud en nieuw' })
    // More old rows than one delete batch takes, so the run has to loop.
    await ctx.db.query(
      `insert into document_opens (document_id, at)
       select $1, now() - interval '31 days' - n * interval '1 second'
         from generate_series(1, 12000) n`,
      [id],
    )
    await ctx.db.query(
      `insert into document_opens (document_id, at) values ($1, now() - interval '29 days')`,
      [id],
    )
    await ctx.db.query(
      `insert into search_log (at, query, normalized_query, result_count)
       values (now() - interval '61 days', 'bewaartermijn', 'bewaartermijn', 1),
              (now() - interval '59 days', 'bewaartermijn', 'bewaartermijn', 1)`,
    )
    await ctx.db.query(
      `insert into document_open_marks (document_id, client_hash, counted_at)
       values ($1, '\\x01', now() - interval '31 minutes'), ($1, '\\x02', now() - interval '29 minutes')`,
      [id],
    )
    await ctx.db.query(
      `insert into search_log_quota (client_hash, hour, logged)
       values ('\\x01', date_trunc('hour', now(), 'UTC') - interval '1 hour', 5),
              ('\\x01', date_trunc('hour', now(), 'UTC'), 5)`,
    )
    const newestOpenBefore = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from document_opens where at > now() - interval '1 day'`,
    )

    await pruneActivityLogs(ctx.db, settings)

    const [ages] = await ctx.db.query<{
      old_opens: number
      opens: number
      recent_opens: number
      searches: number
      marks: string[]
      hours: number
    }>(
      `select (select count(*)::int from document_opens where at < now() - interval '30 days') as old_opens,
              (select count(*)::int from document_opens where document_id = $1) as opens,
              (select count(*)::int from document_opens where at > now() - interval '1 day') as recent_opens,
              (select count(*)::int from search_log where query = 'bewaartermijn') as searches,
              (select array_agg(encode(client_hash, 'hex')) from document_open_marks
                where document_id = $1) as marks,
              (select count(*)::int from search_log_quota where client_hash = '\\x01') as hours`,
      [id],
    )
    expect(ages).toEqual({
      old_opens: 0,
      opens: 1,
      recent_opens: newestOpenBefore[0]?.n,
      searches: 1,
      marks: ['02'],
      hours: 1,
    })
  })
})

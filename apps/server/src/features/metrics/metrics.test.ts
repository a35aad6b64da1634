import fs from 'node:fs/promises'
import { API_PREFIX, apiPaths } from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'
import { claimJob, enqueueJobs, failJob } from '../../jobs/queue.ts'
import { exportedNames, parseExposition, sampleValue } from './exposition.ts'
import { UNMATCHED_ROUTE } from './http-metrics.ts'
import { METRICS_PATH } from './routes.ts'

const TOKEN = 'metrics-token-0123456789abcdef0123456789'
const DASHBOARD = new URL('../../../../../docs/grafana-dashboard.json', import.meta.url)

describe('/metrics without METRICS_PORT or METRICS_TOKEN', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  afterAll(async () => {
    await ctx?.close()
  })

  it('is not served at all', async () => {
    const answer = await ctx.app.inject({ url: METRICS_PATH })
    expect(answer.statusCode).toBe(404)
    expect(ctx.app.metricsListener).toBeNull()
  })
})

describe('/metrics on the main port behind METRICS_TOKEN', () => {
  let ctx: TestContext
  const scrape = async () => {
    const answer = await ctx.app.inject({
      url: METRICS_PATH,
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(answer.statusCode).toBe(200)
    return { text: answer.body, samples: parseExposition(answer.body) }
  }

  beforeAll(async () => {
    ctx = await createTestContext({ env: { METRICS_TOKEN: TOKEN } })
  })
  afterAll(async () => {
    await ctx?.close()
  })

  it('answers 401 without the token or with another one', async () => {
    const wrong = [undefined, `Bearer ${TOKEN.slice(1)}x`, `Bearer ${TOKEN}x`, TOKEN, 'Bearer']
    for (const authorization of wrong) {
      const answer = await ctx.app.inject({
        url: METRICS_PATH,
        headers: authorization === undefined ? {} : { authorization },
      })
      expect(answer.statusCode, String(authorization)).toBe(401)
      expect(answer.headers['www-authenticate']).toMatch(/^Bearer/)
      expect(answer.body).not.toContain('dataportaal_')
    }
  })

  it('answers the Prometheus text format with the right token', async () => {
    const answer = await ctx.app.inject({
      url: METRICS_PATH,
      headers: { authorization: `bearer ${TOKEN}` },
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    const samples = parseExposition(answer.body)
    expect(sampleValue(samples, 'dataportaal_process_resident_memory_bytes')).toBeGreaterThan(0)
    expect(sampleValue(samples, 'dataportaal_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(
      0,
    )
    expect(sampleValue(samples, 'dataportaal_db_pool_connections')).toBeGreaterThanOrEqual(1)
    expect(sampleValue(samples, 'dataportaal_db_pool_waiting_queries')).toBe(0)
    expect(sampleValue(samples, 'dataportaal_database_up')).toBe(1)
  })

  it('counts and times requests by route pattern and status, not by raw URL', async () => {
    const id = await createDocument(ctx.db, { title: 'Fietstellingen' })
    const route = `${API_PREFIX.public}/documents/:id`
    for (let i = 0; i < 2; i++) {
      const { status } = await ctx.call('GET', apiPaths.document(id), null, {
        prefix: API_PREFIX.public,
      })
      expect(status).toBe(200)
    }
    await ctx.app.inject({ url: `${API_PREFIX.public}/bestaat-niet/${id}` })

    const { samples, text } = await scrape()
    const ok = { method: 'GET', route, status_code: '200', status_class: '2xx' }
    expect(sampleValue(samples, 'dataportaal_http_requests_total', ok)).toBe(2)
    expect(
      sampleValue(samples, 'dataportaal_http_request_duration_seconds_count', {
        method: 'GET',
        route,
        status_class: '2xx',
      }),
    ).toBe(2)
    expect(
      sampleValue(samples, 'dataportaal_http_requests_total', {
        route: UNMATCHED_ROUTE,
        status_code: '404',
      }),
    ).toBe(1)
    expect(text).not.toContain(id)
  })

  it('times searches, public and employee, in the search histogram', async () => {
    const count = (samples: ReturnType<typeof parseExposition>) =>
      sampleValue(samples, 'dataportaal_search_duration_seconds_count', {
        audience: 'public',
        status_class: '2xx',
      }) ?? 0
    const before = count((await scrape()).samples)
    const { status } = await ctx.call('GET', apiPaths.search, null, {
      prefix: API_PREFIX.public,
      query: { query: 'fiets' },
    })
    expect(status).toBe(200)
    await ctx.call('GET', apiPaths.search, null, { query: { query: 'fiets' } })

    const { samples } = await scrape()
    expect(count(samples)).toBe(before + 1)
    // The employee search without a token is a 401, timed all the same.
    expect(
      sampleValue(samples, 'dataportaal_search_duration_seconds_count', {
        audience: 'employee',
        status_class: '4xx',
      }),
    ).toBe(1)
  })

  it('shows the job queue by kind and state, failures and retries', async () => {
    await enqueueJobs(ctx.db, 'metrics-queued', [{}, {}])
    await enqueueJobs(ctx.db, 'metrics-doomed', [{}], { maxAttempts: 1 })
    await enqueueJobs(ctx.db, 'metrics-retried', [{}], { maxAttempts: 3 })
    for (const kind of ['metrics-doomed', 'metrics-retried']) {
      const job = await claimJob(ctx.db, { kinds: [kind], leaseMs: 60_000 })
      await failJob(ctx.db, job!, 'kapot', { retryInMs: 60_000 })
    }

    const { samples } = await scrape()
    const jobs = (kind: string, state: string) =>
      sampleValue(samples, 'dataportaal_jobs', { kind, state })
    expect(jobs('metrics-queued', 'pending')).toBe(2)
    expect(jobs('metrics-queued', 'failed')).toBe(0)
    expect(jobs('metrics-doomed', 'failed')).toBe(1)
    expect(jobs('metrics-retried', 'pending')).toBe(1)
    expect(sampleValue(samples, 'dataportaal_jobs_retrying', { kind: 'metrics-retried' })).toBe(1)
    expect(sampleValue(samples, 'dataportaal_jobs_retrying', { kind: 'metrics-queued' })).toBe(0)
  })

  it('shows failed text extractions and the mail outbox', async () => {
    const id = await createDocument(ctx.db, { title: 'Onleesbaar', fileText: '' })
    await ctx.db.query(
      `update document_files set extraction_status = 'failed' where document_id = $1`,
      [id],
    )
    for (const status of ['held', 'held', 'failed', 'delivered']) {
      await ctx.db.query(
        `insert into data_requests (name, email, subject, message, status)
         values ('Vrager', 'vrager@example.org', 'Onderwerp', 'Vraag', $1)`,
        [status],
      )
    }

    const { samples } = await scrape()
    expect(sampleValue(samples, 'dataportaal_extraction_files', { status: 'failed' })).toBe(1)
    const outbox = (status: string) =>
      sampleValue(samples, 'dataportaal_data_requests_outbox', { status })
    expect([outbox('pending'), outbox('held'), outbox('failed')]).toEqual([0, 2, 1])
    expect(outbox('delivered')).toBeUndefined()
  })

  it('exports every metric the Grafana dashboard queries', async () => {
    const dashboard = JSON.parse(await fs.readFile(DASHBOARD, 'utf8')) as unknown
    expect(JSON.stringify(dashboard)).toContain('${DS_PROMETHEUS}')
    const inputs = (dashboard as { __inputs?: { name: string; pluginId: string }[] }).__inputs
    expect(inputs).toContainEqual(
      expect.objectContaining({ name: 'DS_PROMETHEUS', pluginId: 'prometheus' }),
    )
    const used = new Set(
      expressionsIn(dashboard).flatMap((expr) => expr.match(/\bdataportaal_\w+/g) ?? []),
    )
    expect(used.size).toBeGreaterThan(10)
    const exported = exportedNames((await scrape()).text)
    expect([...used].filter((name) => !exported.has(name))).toEqual([])
  })
})

/** The `expr` of every target anywhere in a dashboard. */
function expressionsIn(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(expressionsIn)
  if (node === null || typeof node !== 'object') return []
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'expr' && typeof value === 'string' ? [value] : expressionsIn(value),
  )
}

describe('/metrics on METRICS_PORT', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext({ env: { METRICS_PORT: '9464' } })
  })
  afterAll(async () => {
    await ctx?.close()
  })

  it('answers on its own loopback listener and not on the main port', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).statusCode).toBe(200)
    const listener = ctx.app.metricsListener
    if (!listener) throw new Error('no metrics listener with METRICS_PORT')
    // main.ts listens on METRICS_PORT; a free port here, on the default METRICS_HOST.
    const address = await listener.listen({ port: 0 })
    expect(address.address).toBe('127.0.0.1')
    const answer = await fetch(`http://127.0.0.1:${address.port}${METRICS_PATH}`)
    expect(answer.status).toBe(200)
    const samples = parseExposition(await answer.text())
    expect(
      sampleValue(samples, 'dataportaal_http_requests_total', {
        route: '/healthz',
        status_code: '200',
      }),
    ).toBe(1)

    expect((await ctx.app.inject({ url: METRICS_PATH })).statusCode).toBe(404)
  })
})

describe('/metrics on METRICS_PORT with METRICS_TOKEN', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext({ env: { METRICS_PORT: '9464', METRICS_TOKEN: TOKEN } })
  })
  afterAll(async () => {
    await ctx?.close()
  })

  it('asks the listener for the token too, and keeps the main port without metrics', async () => {
    const { port } = await ctx.app.metricsListener!.listen({ port: 0 })
    const url = `http://127.0.0.1:${port}${METRICS_PATH}`
    expect((await fetch(url)).status).toBe(401)
    const answer = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(answer.status).toBe(200)
    const mainPort = await ctx.app.inject({
      url: METRICS_PATH,
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(mainPort.statusCode).toBe(404)
  })
})

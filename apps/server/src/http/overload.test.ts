import { API_PREFIX, apiPaths, type Problem } from '@dataportaal/contract'
import type { Response as InjectResponse } from 'light-my-request'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/app.ts'
import { waitUntil } from '../../test/server-process.ts'

const RETRY_AFTER = '7'
const SEARCH = `${API_PREFIX.public}${apiPaths.search}`
const CONFIG = `${API_PREFIX.public}${apiPaths.config}`

function expectShed(response: InjectResponse) {
  expect(response.statusCode).toBe(503)
  expect(response.headers['retry-after']).toBe(RETRY_AFTER)
  expect(response.headers['content-type']).toContain('application/problem+json')
  expect(response.json<Problem>()).toMatchObject({
    status: 503,
    title: 'Dienst niet beschikbaar',
    detail: 'Het portaal is op dit moment te druk. Probeer het over enkele seconden opnieuw.',
  })
}

/** Keeps the event loop of this process (and so of the in-process server) busy. */
function blockEventLoop(ms: number) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    // busy on purpose
  }
}

describe('graceful overload: a lagging event loop', () => {
  let ctx: TestContext

  beforeAll(async () => {
    ctx = await createTestContext({
      env: { MAX_EVENT_LOOP_DELAY_MS: '200', OVERLOAD_RETRY_AFTER_SECONDS: RETRY_AFTER },
    })
  })
  afterAll(() => ctx.close())

  it('answers 503 with Retry-After, keeps /healthz, reports on /readyz, and recovers', async () => {
    expect((await ctx.app.inject({ url: CONFIG })).statusCode).toBe(200)

    blockEventLoop(1_500)
    // The lag shows in the next one-second sample of @fastify/under-pressure.
    await waitUntil('overload noticed', async () => ctx.app.isUnderPressure())

    const [api, employeeApi, ready, alive] = await Promise.all([
      ctx.app.inject({ url: SEARCH }),
      ctx.app.inject({ url: `${API_PREFIX.authenticated}${apiPaths.search}` }),
      ctx.app.inject({ url: '/readyz' }),
      ctx.app.inject({ url: '/healthz' }),
    ])
    expectShed(api)
    // Shed before sign-in is checked: no work at all for a request that cannot be served.
    expectShed(employeeApi)
    expect(ready.statusCode).toBe(503)
    expect(ready.headers['retry-after']).toBe(RETRY_AFTER)
    expect(ready.json()).toEqual({ status: 'unavailable' })
    expect(alive.statusCode).toBe(200)

    await waitUntil('overload over', async () => !ctx.app.isUnderPressure())
    expect((await ctx.app.inject({ url: SEARCH })).statusCode).toBe(200)
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200)
  })
})

describe('graceful overload: a saturated database', () => {
  let ctx: TestContext

  beforeAll(async () => {
    ctx = await createTestContext({
      env: { MAX_DB_WAITING_QUERIES: '3', OVERLOAD_RETRY_AFTER_SECONDS: RETRY_AFTER },
    })
  })
  afterAll(() => ctx.close())

  it('answers 503 while more queries wait than allowed, and serves again after', async () => {
    expect((await ctx.app.inject({ url: SEARCH })).statusCode).toBe(200)
    expect(ctx.db.waitingQueries()).toBe(0)

    // Ten transactions hold every connection of the pool (PostgreSQL: 10; PGlite: its one
    // session), and five queries queue behind them.
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const holders = Array.from({ length: 10 }, () => ctx.db.transaction(() => gate))
    const queued = Array.from({ length: 5 }, () => ctx.db.query('select 1'))
    try {
      await waitUntil('queries waiting', async () => ctx.db.waitingQueries() > 3)

      expectShed(await ctx.app.inject({ url: SEARCH }))
      expectShed(await ctx.app.inject({ url: `${API_PREFIX.authenticated}${apiPaths.tags}` }))
      const ready = await ctx.app.inject({ url: '/readyz' })
      expect(ready.statusCode).toBe(503)
      expect(ready.headers['retry-after']).toBe(RETRY_AFTER)
      expect((await ctx.app.inject({ url: '/healthz' })).statusCode).toBe(200)
    } finally {
      release()
      await Promise.all([...holders, ...queued])
    }

    expect(ctx.db.waitingQueries()).toBe(0)
    expect((await ctx.app.inject({ url: SEARCH })).statusCode).toBe(200)
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200)
  })
})

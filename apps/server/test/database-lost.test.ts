import { API_PREFIX, apiPaths } from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite, openPostgres } from '../src/db/client.ts'
import { migrate } from '../src/db/migrate.ts'
import { isDatabaseUnavailable } from '../src/db/unavailable.ts'
import { ensureNamed } from '../src/features/vocabulary/service.ts'
import { DATABASE_RETRY_AFTER_SECONDS } from '../src/http/errors.ts'
import { postUpload } from '../src/features/uploads/testing.ts'
import { fileOf, uploadForm, VALID_FIELDS } from '../src/features/uploads/testing-files.ts'
import { createTestContext, EMPLOYEE, type TestContext } from './app.ts'
import { createPostgresDatabase } from './db.ts'
import { sleep } from './server-process.ts'
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts'

/** Searches are answered by SQL, afresh: what is tested is the database, not the caches. */
const SQL_ONLY = { SEARCH_IN_MEMORY: 'false', SEARCH_CACHE_ENTRIES: '0' }

const search = (ctx: TestContext, q: string) =>
  ctx.app.inject({ url: `${API_PREFIX.public}${apiPaths.search}?query=${q}` })

const upload = (ctx: TestContext) =>
  postUpload(
    ctx,
    EMPLOYEE,
    uploadForm(VALID_FIELDS, [fileOf('wijk;kilo\nNoord;12\n', 'afval.csv')]),
  )

/** What a client is told while the database is gone: 503, when to try again, in Dutch. */
function expectRetryLater(response: Awaited<ReturnType<typeof search>>) {
  expect(response.statusCode).toBe(503)
  expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS))
  expect(response.headers['content-type']).toContain('application/problem+json')
  expect(response.json()).toMatchObject({ status: 503, detail: expect.stringContaining('opnieuw') })
}

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL lost (a proxy in between, cut)', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>
  let proxy: TcpProxy
  let ctx: TestContext

  beforeAll(async () => {
    database = await createPostgresDatabase(process.env.DATABASE_URL!)
    const direct = openPostgres(database.url)
    await migrate(direct)
    await direct.close()
    const server = new URL(database.url)
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) })
    ctx = await createTestContext({
      db: async () => openPostgres(proxy.through(database.url)),
      env: SQL_ONLY,
    })
    await ensureNamed(ctx.db, 'themes', 'Afval')
  })

  afterAll(async () => {
    await ctx?.close()
    await proxy?.close()
    await database?.drop()
  })

  it('answers searches and uploads 503 with Retry-After while refused, and serves once back', async () => {
    expect((await search(ctx, 'afval')).statusCode).toBe(200)

    await proxy.refuse()
    expectRetryLater(await search(ctx, 'wijk'))
    expectRetryLater(await upload(ctx))
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(503)
    expect((await ctx.app.inject({ url: '/healthz' })).statusCode).toBe(200)

    await proxy.accept()
    expect((await search(ctx, 'kilo')).statusCode).toBe(200)
    expect((await upload(ctx)).statusCode).toBe(201)
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200)
  })

  it('fails a transaction whose connection is lost between statements, and goes on', async () => {
    const failed = await ctx.db
      .transaction(async (tx) => {
        await tx.query('select 1')
        await proxy.refuse()
        // The reset reaches the checked-out connection while no statement runs on it.
        await sleep(200)
        await tx.query('select 1')
      })
      .then(
        () => null,
        (error: unknown) => error,
      )
    expect(isDatabaseUnavailable(failed)).toBe(true)

    await proxy.accept()
    expect(await ctx.db.query('select 1 as n')).toEqual([{ n: 1 }])
  })
})

describe("PGlite's thread gone", () => {
  let ctx: TestContext

  beforeAll(async () => {
    ctx = await createTestContext({
      db: async () => {
        const db = await openPglite()
        await migrate(db)
        return db
      },
      env: SQL_ONLY,
    })
  })

  afterAll(() => ctx?.close())

  it('answers 503 with Retry-After, not 500', async () => {
    expect((await search(ctx, 'afval')).statusCode).toBe(200)
    await ctx.db.close()
    expectRetryLater(await search(ctx, 'wijk'))
    expectRetryLater(await upload(ctx))
  })
})

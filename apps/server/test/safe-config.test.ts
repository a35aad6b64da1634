import { DATA_REQUEST_URL, type DataRequestInput } from '@dataportaal/contract'
import { SMTPServer } from 'smtp-server'
import { afterEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config.ts'
import { recordingLog } from '../src/features/data-requests/testing.ts'
import { jobHandlers } from '../src/job-handlers.ts'
import { runPendingJobs } from '../src/jobs/worker.ts'
import { createTestContext, type TestContext } from './app.ts'

/** What an operator sets, and what a client or an operator then sees. */

const QUESTION: DataRequestInput = {
  name: 'Jan de Vries',
  email: 'jan@example.org',
  subject: 'Fietstellingen per wijk',
  message: 'Hebben jullie tellingen per wijk sinds 2015?',
  consent: true,
}

const contexts: TestContext[] = []
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((ctx) => ctx.close()))
})

async function portal(env: Record<string, string> = {}) {
  const ctx = await createTestContext({ env })
  contexts.push(ctx)
  return ctx
}

/** The statuses of data questions sent one after another, each from `from(i)`. */
async function sendQuestions(
  ctx: TestContext,
  from: (i: number) => { remoteAddress: string; forwardedFor: string },
) {
  const statuses: number[] = []
  for (let i = 0; i < 10; i++) {
    const { remoteAddress, forwardedFor } = from(i)
    const response = await ctx.app.inject({
      method: 'POST',
      url: DATA_REQUEST_URL,
      payload: QUESTION,
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    })
    statuses.push(response.statusCode)
  }
  return statuses
}

const FIVE_THEN_LIMITED = [202, 202, 202, 202, 202, 429, 429, 429, 429, 429]
const ALL_ACCEPTED = Array<number>(10).fill(202)
const madeUp = (i: number) => `203.0.113.${i + 1}`

describe('TRUST_PROXY and the per-address limit of data questions', () => {
  it('without it, a made-up X-Forwarded-For does not escape the limit', async () => {
    const ctx = await portal()
    const statuses = await sendQuestions(ctx, (i) => ({
      remoteAddress: '198.51.100.7',
      forwardedFor: madeUp(i),
    }))
    expect(statuses).toEqual(FIVE_THEN_LIMITED)
  })

  it('with a hop count, the address the proxy forwards is the client', async () => {
    const ctx = await portal({ TRUST_PROXY: '1' })
    const proxy = () => '10.0.0.2'
    expect(
      await sendQuestions(ctx, (i) => ({ remoteAddress: proxy(), forwardedFor: madeUp(i) })),
    ).toEqual(ALL_ACCEPTED)
    // One visitor behind the proxy, whichever proxy node passes the question on.
    expect(
      await sendQuestions(ctx, (i) => ({
        remoteAddress: `10.0.0.${i + 10}`,
        forwardedFor: '192.0.2.44',
      })),
    ).toEqual(FIVE_THEN_LIMITED)
  })

  it('with a list, only those proxies are believed', async () => {
    const ctx = await portal({ TRUST_PROXY: '10.0.0.0/24' })
    expect(
      await sendQuestions(ctx, (i) => ({ remoteAddress: '10.0.0.2', forwardedFor: madeUp(i) })),
    ).toEqual(ALL_ACCEPTED)
    expect(
      await sendQuestions(ctx, (i) => ({ remoteAddress: '198.51.100.8', forwardedFor: madeUp(i) })),
    ).toEqual(FIVE_THEN_LIMITED)
  })
})

describe('Strict-Transport-Security', () => {
  const hsts = async (ctx: TestContext) =>
    (await ctx.app.inject({ url: '/healthz' })).headers['strict-transport-security']

  it('is sent for one year, subdomains included, when PUBLIC_URL is https', async () => {
    const ctx = await portal({ PUBLIC_URL: 'https://data.voorbeeldstad.nl' })
    expect(await hsts(ctx)).toBe('max-age=31536000; includeSubDomains')
  })

  it('is not sent when PUBLIC_URL is http: it would lock a laptop or test host out of http', async () => {
    const ctx = await portal({ PUBLIC_URL: 'http://localhost:8080' })
    expect(await hsts(ctx)).toBeUndefined()
  })
})

describe('an SMTP server that refuses the login', () => {
  it('logs and keeps the failure without the password of SMTP_URL', async () => {
    const smtp = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth: (_auth, _session, callback) => callback(new Error('Invalid username or password')),
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    const { port } = smtp.server.address() as { port: number }
    // The last attempt is the first: its failure is logged at once.
    const ctx = await portal({ DATA_REQUEST_MAX_ATTEMPTS: '1' })
    try {
      const sent = await ctx.app.inject({
        method: 'POST',
        url: DATA_REQUEST_URL,
        payload: QUESTION,
      })
      expect(sent.statusCode).toBe(202)
      const config = loadConfig({
        NODE_ENV: 'test',
        SMTP_URL: `smtp://portaal:s3cret-wachtwoord@127.0.0.1:${port}`,
      })
      const { log, lines } = recordingLog()
      const handlers = jobHandlers({ db: ctx.db, store: ctx.store, config, log })
      expect(await runPendingJobs(ctx.db, handlers)).toBe(1)

      const [row] = await ctx.db.query<{ status: string; last_error: string }>(
        'select status, last_error from data_requests',
      )
      expect(row?.status).toBe('failed')
      const seen = JSON.stringify({ lines, lastError: row?.last_error }, (_key, value: unknown) =>
        value instanceof Error ? { ...value, message: value.message } : value,
      )
      expect(seen).toContain('could not be delivered')
      expect(seen).not.toContain('s3cret')
      // AUTH PLAIN carries "\0user\0password" in base64.
      expect(seen).not.toContain(Buffer.from('\0portaal\0s3cret-wachtwoord').toString('base64'))
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
    }
  })
})

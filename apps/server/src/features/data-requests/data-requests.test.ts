import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import {
  DATA_REQUEST_MESSAGES,
  DATA_REQUEST_URL,
  type DataRequestAccepted,
  type DataRequestInput,
  type Problem,
} from '@dataportaal/contract'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/app.ts'
import { buildApp } from '../../app.ts'
import { loadConfig } from '../../config.ts'
import { openPglite, type Db } from '../../db/client.ts'
import { migrate } from '../../db/migrate.ts'
import { jobHandlers } from '../../job-handlers.ts'
import { runPendingJobs } from '../../jobs/worker.ts'
import { LocalFileStore } from '../../storage/local-file-store.ts'
import { listOutbox, requeueDataRequests } from './outbox.ts'
import {
  closedPort,
  readMail,
  recordingLog,
  startSmtpServer,
  type TestSmtpServer,
} from './testing.ts'

const DATA_TEAM = 'datateam@voorbeeldstad.nl'
const MAIL_FROM = 'portaal@voorbeeldstad.nl'
const MAX_ATTEMPTS = 3

const VALID: DataRequestInput = {
  name: 'Jan de Vries',
  email: 'jan@example.org',
  organisation: 'Fietsersbond',
  subject: 'Fietstellingen per wijk',
  message:
    'Hebben jullie tellingen per wijk sinds 2015? Graag als CSV, één bestand.\n<script>x</script>',
  consent: true,
}

let ctx: TestContext
let smtp: TestSmtpServer
let nextAddress = 1

/** Each test sends from its own address, so the rate limit of one does not touch another. */
const freshAddress = () => `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`

const mailConfig = (env: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_REQUEST_TO: DATA_TEAM,
    MAIL_FROM,
    PORTAL_NAME: 'Dataportaal Voorbeeldstad',
    ...env,
  })

/** The worker's pass over the queue, with the server's own job handlers. */
function runJobs(env: { smtpPort?: number } = {}, db: Db = ctx.db) {
  const { log, lines } = recordingLog()
  const config = mailConfig(
    env.smtpPort === undefined ? {} : { SMTP_URL: `smtp://127.0.0.1:${env.smtpPort}` },
  )
  const ran = runPendingJobs(db, jobHandlers({ db, store: ctx.store, config, log }))
  return { ran, lines }
}

async function send(body: unknown, address = freshAddress(), app: FastifyInstance = ctx.app) {
  const response = await app.inject({
    method: 'POST',
    url: DATA_REQUEST_URL,
    payload: body as Record<string, unknown>,
    remoteAddress: address,
  })
  return { status: response.statusCode, body: response.json<unknown>(), response }
}

const requestRow = async (id: string, db: Db = ctx.db) => {
  const [row] = await db.query<{
    name: string
    email: string
    organisation: string | null
    status: string
    attempts: number
    last_error: string | null
    delivered_at: Date | null
    client_address: string
  }>(
    `select name, email, organisation, status, attempts, last_error, delivered_at, client_address
       from data_requests where id = $1`,
    [id],
  )
  return row
}

const countRows = async (table: 'data_requests' | 'jobs') =>
  (await ctx.db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n

/** Makes every waiting job due now, as if its backoff had passed. */
const advanceBackoff = () => ctx.db.query(`update jobs set run_at = now() where status = 'pending'`)

beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      DATA_REQUEST_TO: DATA_TEAM,
      MAIL_FROM,
      DATA_REQUEST_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
    },
  })
  smtp = await startSmtpServer()
})
afterAll(async () => {
  await smtp.close()
  await ctx.close()
})
beforeEach(async () => {
  smtp.received.length = 0
  await ctx.db.query('delete from jobs')
  await ctx.db.query('delete from data_requests')
})

describe('POST /mail', () => {
  it('stores the question, answers 202, and mails it once to the data team with reply-to the requester', async () => {
    const address = freshAddress()
    const { status, body } = await send(VALID, address)
    expect(status).toBe(202)
    const { id } = body as DataRequestAccepted
    expect(await requestRow(id)).toMatchObject({
      name: 'Jan de Vries',
      email: 'jan@example.org',
      organisation: 'Fietsersbond',
      status: 'pending',
      client_address: address,
    })
    // Nothing is sent while the request is handled: delivery is the job's.
    expect(smtp.received).toHaveLength(0)

    expect(await runJobs({ smtpPort: smtp.port }).ran).toBe(1)
    expect(smtp.received).toHaveLength(1)
    const [mail] = smtp.received
    expect(mail?.mailFrom).toBe(MAIL_FROM)
    expect(mail?.rcptTo).toEqual([DATA_TEAM])
    const { header, body: content } = readMail(mail?.raw ?? '')
    expect(header('To')).toBe(DATA_TEAM)
    expect(header('From')).toBe(`Dataportaal Voorbeeldstad <${MAIL_FROM}>`)
    expect(header('Reply-To')).toBe('Jan de Vries <jan@example.org>')
    expect(header('Subject')).toBe('Datavraag: Fietstellingen per wijk')
    expect(header('Message-ID')).toBe(`<datavraag-${id}@voorbeeldstad.nl>`)
    for (const line of [
      'Naam: Jan de Vries',
      'E-mailadres: jan@example.org',
      'Organisatie: Fietsersbond',
      'Onderwerp: Fietstellingen per wijk',
      `Kenmerk: ${id}`,
      'Hebben jullie tellingen per wijk sinds 2015? Graag als CSV, één bestand.',
    ]) {
      expect(content).toContain(line)
    }
    expect(content).toMatch(/Ontvangen: \d{1,2} [a-z]+ \d{4}/)
    // The HTML part shows the text, never runs it.
    expect(content).toContain('&lt;script&gt;x&lt;/script&gt;')
    expect(content).not.toContain('<script>x</script></p>')

    expect(await requestRow(id)).toMatchObject({ status: 'delivered', attempts: 1 })
    expect((await requestRow(id))?.delivered_at).not.toBeNull()
    // Done is done: another pass sends nothing.
    expect(await runJobs({ smtpPort: smtp.port }).ran).toBe(0)
    expect(smtp.received).toHaveLength(1)
  })

  it('keeps an optional organisation empty, and is listed in the OpenAPI document', async () => {
    const { organisation: _left, ...withoutOrganisation } = VALID
    const { status, body } = await send(withoutOrganisation)
    expect(status).toBe(202)
    expect(await requestRow((body as DataRequestAccepted).id)).toMatchObject({
      organisation: null,
    })
    await runJobs({ smtpPort: smtp.port }).ran
    expect(readMail(smtp.received[0]?.raw ?? '').body).toContain('Organisatie: (niet opgegeven)')

    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })
    const paths = docs.json<{ paths: Record<string, Record<string, unknown>> }>().paths
    expect(paths[DATA_REQUEST_URL]?.post).toBeDefined()
  })

  it('retries while the SMTP server is down and delivers exactly once when it is back', async () => {
    const port = await closedPort()
    const { body } = await send(VALID)
    const { id } = body as DataRequestAccepted

    expect(await runJobs({ smtpPort: port }).ran).toBe(1)
    const afterFailure = await requestRow(id)
    expect(afterFailure).toMatchObject({ status: 'pending', attempts: 1 })
    expect(afterFailure?.last_error).toMatch(/ECONNREFUSED|connect/i)
    // Rescheduled with backoff: not due yet.
    expect(await runJobs({ smtpPort: port }).ran).toBe(0)

    const revived = await startSmtpServer({ port })
    try {
      await advanceBackoff()
      expect(await runJobs({ smtpPort: port }).ran).toBe(1)
      await advanceBackoff()
      expect(await runJobs({ smtpPort: port }).ran).toBe(0)
      expect(revived.received).toHaveLength(1)
      expect(readMail(revived.received[0]?.raw ?? '').header('Message-ID')).toContain(id)
      expect(await requestRow(id)).toMatchObject({
        status: 'delivered',
        attempts: 2,
        last_error: null,
      })
    } finally {
      await revived.close()
    }
  })

  it('marks a question failed after the last attempt, logs it, and an admin can send it again', async () => {
    const port = await closedPort()
    const { body } = await send(VALID)
    const { id } = body as DataRequestAccepted
    let errors: string[] = []
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await advanceBackoff()
      const pass = runJobs({ smtpPort: port })
      expect(await pass.ran).toBe(1)
      errors = pass.lines.filter((l) => l.level === 'error').map((l) => l.message)
    }
    expect(errors).toEqual([expect.stringContaining('could not be delivered')])
    expect(await requestRow(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS })
    // What the admin's `npm run data-requests -- list` shows.
    expect(await listOutbox(ctx.db, ['failed'])).toEqual([
      {
        id,
        status: 'failed',
        createdAt: expect.any(Date),
        attempts: MAX_ATTEMPTS,
        lastError: expect.stringMatching(/\S/),
        email: VALID.email,
        subject: VALID.subject,
      },
    ])
    await advanceBackoff()
    expect(await runJobs({ smtpPort: smtp.port }).ran).toBe(0)

    expect(await requeueDataRequests(ctx.db, { statuses: ['failed'], maxAttempts: 2 })).toEqual([
      id,
    ])
    expect(await runJobs({ smtpPort: smtp.port }).ran).toBe(1)
    expect(smtp.received).toHaveLength(1)
    expect(await requestRow(id)).toMatchObject({ status: 'delivered' })
  })

  it('without SMTP_URL holds the question in the outbox and logs it; it goes out once mail is set up', async () => {
    const { body } = await send(VALID)
    const { id } = body as DataRequestAccepted
    const pass = runJobs()
    expect(await pass.ran).toBe(1)
    expect(pass.lines).toEqual([
      expect.objectContaining({
        level: 'info',
        message: expect.stringContaining('held in the outbox'),
        details: { dataRequestId: id },
      }),
    ])
    expect(await requestRow(id)).toMatchObject({ status: 'held', attempts: 0 })
    expect(smtp.received).toHaveLength(0)
    // No retry storm: nothing is due.
    await advanceBackoff()
    expect(await runJobs().ran).toBe(0)

    // What the server does at start-up when SMTP_URL is set.
    await requeueDataRequests(ctx.db, { statuses: ['held'], maxAttempts: MAX_ATTEMPTS })
    expect(await runJobs({ smtpPort: smtp.port }).ran).toBe(1)
    expect(smtp.received).toHaveLength(1)
    expect(await requestRow(id)).toMatchObject({ status: 'delivered' })
  })

  it('drops a bot that fills in the honeypot with the same 202, storing and sending nothing', async () => {
    const { status, body } = await send({ ...VALID, website: 'https://spam.example' })
    expect(status).toBe(202)
    expect((body as DataRequestAccepted).id).toMatch(/^[0-9a-f-]{36}$/)
    expect(await countRows('data_requests')).toBe(0)
    expect(await countRows('jobs')).toBe(0)
    expect(await runJobs({ smtpPort: smtp.port }).ran).toBe(0)
    expect(smtp.received).toHaveLength(0)
  })
})

describe('invalid questions', () => {
  const cases: [string, unknown, string, string][] = [
    [
      'an invalid e-mail address',
      { ...VALID, email: 'jan@' },
      'body.email',
      DATA_REQUEST_MESSAGES.email,
    ],
    [
      'consent not given',
      { ...VALID, consent: false },
      'body.consent',
      DATA_REQUEST_MESSAGES.consent,
    ],
    [
      'consent missing',
      { ...VALID, consent: undefined },
      'body.consent',
      DATA_REQUEST_MESSAGES.consent,
    ],
    [
      'a message of 100,000 characters',
      { ...VALID, message: 'a'.repeat(100_000) },
      'body.message',
      DATA_REQUEST_MESSAGES.messageTooLong,
    ],
    [
      'a newline in the name (header injection)',
      { ...VALID, name: 'Jan\r\nBcc: iedereen@example.org' },
      'body.name',
      DATA_REQUEST_MESSAGES.oneLine,
    ],
    [
      'a newline in the subject',
      { ...VALID, subject: 'Vraag\nBcc: iedereen@example.org' },
      'body.subject',
      DATA_REQUEST_MESSAGES.oneLine,
    ],
    ['an empty name', { ...VALID, name: '   ' }, 'body.name', DATA_REQUEST_MESSAGES.name],
    [
      'an unknown field',
      { ...VALID, cc: 'x@example.org' },
      'body',
      DATA_REQUEST_MESSAGES.unknownField,
    ],
  ]

  it.each(cases)(
    'refuses %s with 422 and the field error, storing nothing',
    async (_, body, field, message) => {
      const { status, body: problem, response } = await send(body)
      expect(status).toBe(422)
      expect(response.headers['content-type']).toContain('application/problem+json')
      expect(problem).toMatchObject({ status: 422, title: 'Ongeldige invoer' })
      expect((problem as Problem).errors).toContainEqual({ path: field, message })
      expect(await countRows('data_requests')).toBe(0)
    },
  )

  it('answers other methods on /mail with problem details', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: DATA_REQUEST_URL })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toContain('application/problem+json')
  })

  it('refuses a body that is not JSON with problem details, never a 5xx', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: DATA_REQUEST_URL,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    })
    expect(response.statusCode).toBe(422)
    expect(response.headers['content-type']).toContain('application/problem+json')
  })
})

describe('the rate limit', () => {
  afterEach(() => ctx.db.query('delete from data_requests'))

  it('answers the 6th question within the hour from one address with 429 and Retry-After', async () => {
    const address = freshAddress()
    for (let n = 0; n < 5; n++) expect((await send(VALID, address)).status).toBe(202)
    const { status, body, response } = await send(VALID, address)
    expect(status).toBe(429)
    expect(body).toMatchObject({
      status: 429,
      title: 'Te veel verzoeken',
      detail: expect.stringMatching(/Probeer het over (59|60) minuten opnieuw\./),
    })
    const retryAfter = Number(response.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(3_500)
    expect(retryAfter).toBeLessThanOrEqual(3_600)
    expect(await countRows('data_requests')).toBe(5)
    // Another address is not affected.
    expect((await send(VALID)).status).toBe(202)

    // Once the oldest has left the hour, one more fits.
    await ctx.db.query(
      `update data_requests set created_at = created_at - interval '61 minutes'
        where id = (select id from data_requests where client_address = $1
                     order by created_at limit 1)`,
      [address],
    )
    expect((await send(VALID, address)).status).toBe(202)
    expect((await send(VALID, address)).status).toBe(429)
  })

  it('lets only 5 of 8 simultaneous questions from one address through', async () => {
    const address = freshAddress()
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () => send(VALID, address).then((r) => r.status)),
    )
    expect(statuses.filter((s) => s === 202)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(3)
  })
})

describe('a restart', () => {
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'loses nothing: a question stored before it is delivered after it',
    async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-mail-'))
      const config = mailConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'none') })
      const store = new LocalFileStore(path.join(dataDir, 'files'))
      const start = async () => {
        const db = await openPglite(dataDir)
        await migrate(db)
        const app = await buildApp({ config, db, store, verifyToken: null })
        return { db, app }
      }
      try {
        const first = await start()
        const { status, body } = await send(VALID, freshAddress(), first.app)
        expect(status).toBe(202)
        await first.app.close()
        await first.db.close()

        const second = await start()
        try {
          expect(await runJobs({ smtpPort: smtp.port }, second.db).ran).toBe(1)
          expect(smtp.received).toHaveLength(1)
          expect(await requestRow((body as DataRequestAccepted).id, second.db)).toMatchObject({
            status: 'delivered',
          })
        } finally {
          await second.app.close()
          await second.db.close()
        }
      } finally {
        await fs.rm(dataDir, { recursive: true, force: true })
      }
    },
  )
})

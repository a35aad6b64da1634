import {
  API_PREFIX,
  apiPaths,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_PATHS,
  type ManagedSubscriptions,
} from '@dataportaal/contract'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ADMIN, createTestContext, EMPLOYEE, type TestContext } from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'
import { loadConfig } from '../../config.ts'
import { jobHandlers } from '../../job-handlers.ts'
import { runPendingJobs } from '../../jobs/worker.ts'
import {
  readMail,
  recordingLog,
  startSmtpServer,
  type TestSmtpServer,
} from '../data-requests/testing.ts'
import { composeDigests } from './notify.ts'
import { purgeUnconfirmed, SUBSCRIPTION_RULES } from './service.ts'

let ctx: TestContext
let smtp: TestSmtpServer
let nextAddress = 1
const freshClient = () => `10.9.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`
const URL_SUBSCRIBE = `${API_PREFIX.public}${SUBSCRIPTION_PATHS.subscribe}`

function runJobs() {
  const { log, lines } = recordingLog()
  const config = loadConfig({
    NODE_ENV: 'test',
    PORTAL_NAME: 'Dataportaal Voorbeeldstad',
    MAIL_FROM: 'portaal@voorbeeldstad.nl',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  })
  const handlers = jobHandlers({ db: ctx.db, store: ctx.store, config, log })
  return { ran: runPendingJobs(ctx.db, handlers), lines, handlers }
}

async function post(body: Record<string, unknown>, client = freshClient()) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: URL_SUBSCRIBE,
    payload: body,
    remoteAddress: client,
  })
  if (response.statusCode >= 400) {
    expect(response.headers['content-type']).toContain('application/problem+json')
  }
  return { status: response.statusCode, body: response.json<unknown>() }
}

/** The token of the link to `page` in the last mail to `to`. */
function linkToken(to: string, page: string) {
  const mail = [...smtp.received].reverse().find((m) => m.rcptTo.includes(to))
  if (!mail) throw new Error(`no mail to ${to}`)
  const match = new RegExp(`${page}\\?token=([A-Za-z0-9_-]+)`).exec(readMail(mail.raw).body)
  if (!match) throw new Error(`no ${page} link`)
  return match[1]!
}

const mailsTo = (to: string) => smtp.received.filter((m) => m.rcptTo.includes(to))

async function confirmByMail(to: string) {
  const token = linkToken(to, '/volgen/bevestigen')
  return ctx.call('POST', SUBSCRIPTION_PATHS.confirm, null, {
    prefix: API_PREFIX.public,
    body: { token },
  })
}

async function publish(title: string, themes: string[] = ['Verkeer']) {
  const id = await createDocument(ctx.db, { title, status: 'openstaand', owner: EMPLOYEE, themes })
  const approved = await ctx.call('GET', apiPaths.approve(id), ADMIN)
  expect(approved.status).toBe(200)
  return id
}

const count = async (table: string) =>
  (await ctx.db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n

beforeAll(async () => {
  ctx = await createTestContext()
  smtp = await startSmtpServer()
})
afterAll(async () => {
  await smtp.close()
  await ctx.close()
})
beforeEach(async () => {
  smtp.received.length = 0
  await ctx.db.query('delete from jobs')
  await ctx.db.query('delete from subscribers')
  await ctx.db.query('delete from subscription_messages')
  await ctx.db.query('delete from subscription_requests')
})

describe('POST /pubapi/subscriptions', () => {
  it('answers 202 with the same body for a new and a known address, and sends one confirmation', async () => {
    const first = await post({
      email: 'Anna@Example.org',
      frequency: 'direct',
      query: 'query=fiets',
    })
    const again = await post({
      email: 'anna@example.org ',
      frequency: 'direct',
      query: 'query=fiets',
    })
    expect(first).toEqual({ status: 202, body: { message: SUBSCRIPTION_MESSAGES.accepted } })
    expect(again).toEqual(first)
    await runJobs().ran
    expect(mailsTo('anna@example.org')).toHaveLength(1)
    expect(await count('subscribers')).toBe(1)
  })

  it('drops a filled-in honeypot with the same answer and sends nothing', async () => {
    const answer = await post({
      email: 'bot@example.org',
      frequency: 'direct',
      theme: 'Verkeer',
      website: 'x',
    })
    expect(answer.status).toBe(202)
    await runJobs().ran
    expect(smtp.received).toHaveLength(0)
    expect(await count('subscribers')).toBe(0)
  })

  it('refuses more than one subject, and an unknown field, with 422 problem+json', async () => {
    expect(
      (await post({ email: 'a@example.org', frequency: 'direct', theme: 'A', query: 'query=b' }))
        .status,
    ).toBe(422)
    expect(
      (await post({ email: 'a@example.org', frequency: 'direct', theme: 'A', extra: 1 })).status,
    ).toBe(422)
    expect((await post({ email: 'a@example.org', frequency: 'elk uur', theme: 'A' })).status).toBe(
      422,
    )
  })

  it('limits confirmations per address quietly, and answers 429 to a client over its limit', async () => {
    for (let i = 0; i < SUBSCRIPTION_RULES.confirmationsPerAddressPerHour + 2; i++) {
      expect(
        (await post({ email: 'bom@example.org', frequency: 'direct', theme: `T${i}` })).status,
      ).toBe(202)
    }
    await runJobs().ran
    expect(mailsTo('bom@example.org')).toHaveLength(
      SUBSCRIPTION_RULES.confirmationsPerAddressPerHour,
    )

    const client = freshClient()
    for (let i = 0; i < SUBSCRIPTION_RULES.requestsPerClientPerHour; i++) {
      expect(
        (await post({ email: `c${i}@example.org`, frequency: 'direct', theme: 'T' }, client))
          .status,
      ).toBe(202)
    }
    const over = await post({ email: 'new@example.org', frequency: 'direct', theme: 'T' }, client)
    expect(over.status).toBe(429)
  })
})

describe('double opt-in, messages and unsubscribing', () => {
  it('takes the unsubscribe POST without a body and with an empty JSON body', async () => {
    for (const payload of [undefined, {}]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `${API_PREFIX.public}${SUBSCRIPTION_PATHS.unsubscribe}?token=onbekend`,
        ...(payload && { payload }),
      })
      expect(response.json()).toEqual({ changed: false })
    }
  })

  it('sends nothing before confirmation; after it, one message per published match with RFC 8058 headers; one-click POST ends it', async () => {
    await post({ email: 'piet@example.org', frequency: 'direct', query: 'query=parkeerdruk' })
    await runJobs().ran
    await publish('Parkeerdruk in het centrum')
    await runJobs().ran
    await runJobs().ran
    expect(mailsTo('piet@example.org')).toHaveLength(1) // only the confirmation

    expect((await confirmByMail('piet@example.org')).status).toBe(200)
    const documentId = await publish('Parkeerdruk in Noord')
    await publish('Fietstellingen') // no match
    await runJobs().ran
    await runJobs().ran
    const messages = mailsTo('piet@example.org')
    expect(messages).toHaveLength(2)
    const mail = readMail(messages[1]!.raw)
    expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    expect(mail.header('Subject')).toContain('Parkeerdruk in Noord')
    expect(mail.body).toContain(`/documenten/${documentId}`)
    expect(mail.body).toContain('/volgen/beheren?token=')
    expect(mail.body).toContain('text/html')
    const unsubscribeUrl = new URL(/<([^>]+)>/.exec(mail.header('List-Unsubscribe') ?? '')![1]!)
    expect(unsubscribeUrl.protocol).toMatch(/^https?:$/)

    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: `${unsubscribeUrl.pathname}${unsubscribeUrl.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.statusCode).toBe(200)
    expect(await count('subscribers')).toBe(0) // the address went with its last subscription
    await publish('Parkeerdruk in Zuid')
    await runJobs().ran
    await runJobs().ran
    expect(mailsTo('piet@example.org')).toHaveLength(2)
  })

  it('composes one digest for several documents', async () => {
    await post({ email: 'dag@example.org', frequency: 'dagelijks', theme: 'Groen' })
    await runJobs().ran
    await confirmByMail('dag@example.org')
    await publish('Bomen', ['Groen'])
    await publish('Parken', ['Groen'])
    await runJobs().ran
    const tomorrow = new Date(Date.now() + 36 * 3600_000)
    expect(await composeDigests(ctx.db, tomorrow)).toBe(1)
    expect(await composeDigests(ctx.db, tomorrow)).toBe(0)
    await runJobs().ran
    const messages = mailsTo('dag@example.org')
    expect(messages).toHaveLength(2)
    const body = readMail(messages[1]!.raw).body
    expect(body).toContain('Bomen')
    expect(body).toContain('Parken')
  })

  it('forgets an unconfirmed subscription and its address after 48 hours', async () => {
    await post({ email: 'later@example.org', frequency: 'direct', theme: 'X' })
    await ctx.db.query(`update subscriptions set created_at = now() - interval '49 hours'`)
    expect(await purgeUnconfirmed(ctx.db)).toBe(1)
    expect(await count('subscribers')).toBe(0)
  })

  it('sends a message once when two nodes work the same queue, and logs the address masked', async () => {
    await post({ email: 'twee@example.org', frequency: 'direct', theme: 'Y' })
    const nodeA = runJobs()
    const nodeB = runJobs()
    await Promise.all([nodeA.ran, nodeB.ran])
    expect(mailsTo('twee@example.org')).toHaveLength(1)
    const logged = JSON.stringify([...nodeA.lines, ...nodeB.lines])
    expect(logged).toContain('t***@example.org')
    expect(logged).not.toContain('twee@example.org')
  })

  it("lists an address's subscriptions on the manage page without the address", async () => {
    await post({ email: 'beheer@example.org', frequency: 'wekelijks', theme: 'Z' })
    await runJobs().ran
    await confirmByMail('beheer@example.org')
    await publish('Zwembaden', ['Z'])
    await runJobs().ran
    await composeDigests(ctx.db, new Date(Date.now() + 8 * 86_400_000))
    await runJobs().ran
    const token = linkToken('beheer@example.org', '/volgen/beheren')
    const list = await ctx.call<ManagedSubscriptions>('GET', SUBSCRIPTION_PATHS.manage, null, {
      prefix: API_PREFIX.public,
      query: { token },
    })
    expect(list.status).toBe(200)
    expect(list.body.subscriptions).toMatchObject([
      { frequency: 'wekelijks', subject: { kind: 'thema', theme: 'Z' }, confirmed: true },
    ])
    expect(JSON.stringify(list.body)).not.toContain('beheer@')
    const removed = await ctx.call(
      'DELETE',
      SUBSCRIPTION_PATHS.manageOne(list.body.subscriptions[0]!.id),
      null,
      {
        prefix: API_PREFIX.public,
        query: { token },
      },
    )
    expect(removed.status).toBe(200)
    expect(await count('subscribers')).toBe(0)
    const bad = await ctx.call('GET', SUBSCRIPTION_PATHS.manage, null, {
      prefix: API_PREFIX.public,
      query: { token: 'onzin' },
    })
    expect(bad.status).toBe(404)
  })

  it('counts a permanent refusal as a bounce, not retried, and shows the counts on the dashboard', async () => {
    const refusing = await startSmtpServer({ refuse: 'weg@example.org' })
    try {
      await post({ email: 'weg@example.org', frequency: 'direct', theme: 'B' })
      await post({ email: 'blijft@example.org', frequency: 'direct', theme: 'B' })
      const config = loadConfig({
        NODE_ENV: 'test',
        SMTP_URL: `smtp://127.0.0.1:${refusing.port}`,
      })
      await runPendingJobs(ctx.db, jobHandlers({ db: ctx.db, store: ctx.store, config }))
      expect(refusing.received).toHaveLength(1)
      expect(await count(`jobs where status = 'pending'`)).toBe(0)
    } finally {
      await refusing.close()
    }
    await ctx.db.query(`update subscriptions set confirmed_at = now() where theme = 'B'`)
    const dashboard = await ctx.call<{ subscriptions: Record<string, number> }>(
      'GET',
      apiPaths.dashboard,
      ADMIN,
      { query: { period: '30d' } },
    )
    expect(dashboard.status).toBe(200)
    expect(dashboard.body.subscriptions).toEqual({ total: 2, confirmed: 2, sent: 1, bounced: 1 })
  })
})

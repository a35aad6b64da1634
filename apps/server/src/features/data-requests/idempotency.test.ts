import { randomUUID } from 'node:crypto'
import path from 'node:path'
import {
  DATA_REQUEST_URL,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_HOURS,
  type DataRequestAccepted,
  type DataRequestInput,
  type Problem,
} from '@dataportaal/contract'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/app.ts'
import { buildApp } from '../../app.ts'
import { loadConfig } from '../../config.ts'
import { jobHandlers } from '../../job-handlers.ts'
import { runPendingJobs } from '../../jobs/worker.ts'
import { recordingLog, startSmtpServer, type TestSmtpServer } from './testing.ts'

/**
 * The Idempotency-Key of POST /mail: the web app sends a question again when the answer did
 * not arrive, with the same key; the question must be stored and mailed once.
 */
const MAIL_ENV = {
  DATA_REQUEST_TO: 'datateam@voorbeeldstad.nl',
  MAIL_FROM: 'portaal@voorbeeldstad.nl',
}

const QUESTION: DataRequestInput = {
  name: 'Jan de Vries',
  email: 'jan@example.org',
  subject: 'Fietstellingen per wijk',
  message: 'Hebben jullie tellingen per wijk sinds 2015?',
  consent: true,
}

let ctx: TestContext
let smtp: TestSmtpServer
/** A second node on the same database, as behind a load balancer. */
let otherNode: FastifyInstance

async function send(body: DataRequestInput, key: string | null, app = ctx.app) {
  const response = await app.inject({
    method: 'POST',
    url: DATA_REQUEST_URL,
    headers: key === null ? {} : { [IDEMPOTENCY_KEY_HEADER]: key },
    payload: body,
    remoteAddress: '10.1.0.1',
  })
  return { status: response.statusCode, response }
}

const idOf = (answer: Awaited<ReturnType<typeof send>>) =>
  answer.response.json<DataRequestAccepted>().id

const storedQuestions = async () =>
  (await ctx.db.query<{ n: number }>('select count(*)::int as n from data_requests'))[0]?.n

/** The delivery worker's pass; the number of mails the SMTP server got. */
async function deliver() {
  const config = loadConfig({
    NODE_ENV: 'test',
    ...MAIL_ENV,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  })
  const { log } = recordingLog()
  await runPendingJobs(ctx.db, jobHandlers({ db: ctx.db, store: ctx.store, config, log }))
  return smtp.received.length
}

beforeAll(async () => {
  ctx = await createTestContext({ env: MAIL_ENV })
  smtp = await startSmtpServer()
  const config = loadConfig({
    NODE_ENV: 'test',
    ...MAIL_ENV,
    DATA_DIR: ctx.dataDir,
    WEB_DIST_DIR: path.join(ctx.dataDir, 'none'),
  })
  otherNode = await buildApp({ config, db: ctx.db, store: ctx.store, verifyToken: null })
})
afterAll(async () => {
  await otherNode.close()
  await smtp.close()
  await ctx.close()
})
beforeEach(async () => {
  smtp.received.length = 0
  await ctx.db.query('delete from jobs')
  await ctx.db.query('delete from data_requests')
})

describe('a question sent again with the same Idempotency-Key', () => {
  it('gets the first answer, also from another node, and is stored and mailed once', async () => {
    const key = randomUUID()
    const first = await send(QUESTION, key)
    expect(first.status).toBe(202)
    const again = await send(QUESTION, key)
    const elsewhere = await send(QUESTION, key, otherNode)
    expect([again.status, elsewhere.status]).toEqual([202, 202])
    expect([idOf(again), idOf(elsewhere)]).toEqual([idOf(first), idOf(first)])

    expect(await storedQuestions()).toBe(1)
    expect(await deliver()).toBe(1)
    await send(QUESTION, key)
    expect(await deliver()).toBe(1)
  })

  it('is stored once when the repeat arrives while the first is still being stored', async () => {
    const key = randomUUID()
    const answers = await Promise.all([send(QUESTION, key), send(QUESTION, key, otherNode)])
    expect(answers.map((answer) => answer.status)).toEqual([202, 202])
    expect(idOf(answers[1]!)).toBe(idOf(answers[0]!))
    expect(await storedQuestions()).toBe(1)
  })

  it('with another question is refused with 422 problem details, and nothing is stored', async () => {
    const key = randomUUID()
    const first = await send(QUESTION, key)
    const other = await send({ ...QUESTION, subject: 'Bomen per straat' }, key)
    expect(other.status).toBe(422)
    expect(other.response.headers['content-type']).toContain('application/problem+json')
    expect(other.response.json<Problem>().detail).toContain('Idempotency-Key')
    expect(await storedQuestions()).toBe(1)
    // The key keeps its first question.
    expect(idOf(await send(QUESTION, key))).toBe(idOf(first))
  })

  it(`is a new question after ${IDEMPOTENCY_KEY_HOURS} hours`, async () => {
    const key = randomUUID()
    const first = await send(QUESTION, key)
    await ctx.db.query(
      `update data_request_idempotency_keys
          set created_at = now() - make_interval(hours => $1) - interval '1 minute'`,
      [IDEMPOTENCY_KEY_HOURS],
    )
    const later = await send(QUESTION, key)
    expect(later.status).toBe(202)
    expect(idOf(later)).not.toBe(idOf(first))
    expect(await storedQuestions()).toBe(2)
    expect(await deliver()).toBe(2)
  })
})

describe('the Idempotency-Key header', () => {
  it('must be a UUID: anything else is refused with 422, naming the header', async () => {
    const answer = await send(QUESTION, 'vraag-1')
    expect(answer.status).toBe(422)
    expect(answer.response.json<Problem>().errors).toEqual([
      expect.objectContaining({ path: `headers.${IDEMPOTENCY_KEY_HEADER}` }),
    ])
    expect(await storedQuestions()).toBe(0)
  })

  it('is described in the OpenAPI document', async () => {
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })
    const post = docs.json<{
      paths: Record<string, { post?: { parameters?: { in: string; name: string }[] } }>
    }>().paths[DATA_REQUEST_URL]?.post
    expect(post?.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: IDEMPOTENCY_KEY_HEADER }),
    )
  })

  it('may be left out: then each question is stored, as before', async () => {
    expect((await send(QUESTION, null)).status).toBe(202)
    expect((await send(QUESTION, null)).status).toBe(202)
    expect(await storedQuestions()).toBe(2)
  })
})

import { execFile } from 'node:child_process'
import http from 'node:http'
import path from 'node:path'
import { promisify } from 'node:util'
import { API_PREFIX, apiPaths, type Problem } from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, EMPLOYEE, type TestContext } from '../../test/app.ts'
import {
  endlessBody,
  listenOnLoopback,
  parseRawAnswer,
  request,
  slowClient,
} from '../../test/listening.ts'
import { fileOf, uploadForm, VALID_FIELDS } from '../features/uploads/testing-files.ts'
import { ensureNamed } from '../features/vocabulary/service.ts'
import { LINGER } from './connections.ts'

const UPLOAD = `${API_PREFIX.authenticated}${apiPaths.upload}`
const TEST_DIR = path.resolve(import.meta.dirname, '..', '..', 'test')
// Often enough that a race lost once in three runs shows.
const REPEATS = 10

/** A multipart body as a browser sends it, with its content type. */
async function encodeForm(form: FormData) {
  const encoded = new Response(form)
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  }
}

const keepAliveAgent = () => new http.Agent({ keepAlive: true, maxSockets: 1 })

describe('a connection after an answer sent before the body was read', () => {
  let ctx: TestContext
  let port: number
  let token: string

  beforeAll(async () => {
    ctx = await createTestContext({ env: { MAX_UPLOAD_MB: '1' } })
    // The theme of VALID_FIELDS, so that only the file decides the answer.
    await ensureNamed(ctx.db, 'themes', 'Afval')
    port = await listenOnLoopback(ctx.app)
    token = await ctx.tokenFor(EMPLOYEE)
  })
  afterAll(() => ctx.close())

  interface EarlyAnswerCase {
    name: string
    status: number
    send: () => Promise<{ options: http.RequestOptions; chunks: Buffer[] }>
  }

  const oversized = async () =>
    encodeForm(uploadForm(VALID_FIELDS, [fileOf('a'.repeat(3 * 1024 * 1024), 'groot.csv')]))

  const cases: EarlyAnswerCase[] = [
    {
      name: 'an upload whose declared length is over MAX_UPLOAD_MB (413)',
      status: 413,
      send: async () => {
        const { body, contentType } = await oversized()
        const headers = {
          authorization: `Bearer ${token}`,
          'content-type': contentType,
          'content-length': String(body.length),
        }
        return { options: { method: 'POST', path: UPLOAD, headers }, chunks: [body] }
      },
    },
    {
      name: 'an upload without a length that grows over MAX_UPLOAD_MB while it streams (413)',
      status: 413,
      send: async () => {
        const { body, contentType } = await oversized()
        const headers = { authorization: `Bearer ${token}`, 'content-type': contentType }
        return {
          options: { method: 'POST', path: UPLOAD, headers },
          chunks: [body.subarray(0, 64 * 1024), body.subarray(64 * 1024)],
        }
      },
    },
    {
      name: 'an upload of a body type the form does not take (415)',
      status: 415,
      send: async () => {
        const body = Buffer.alloc(2 * 1024 * 1024, 'b')
        const headers = {
          authorization: `Bearer ${token}`,
          'content-type': 'application/octet-stream',
          'content-length': String(body.length),
        }
        return { options: { method: 'POST', path: UPLOAD, headers }, chunks: [body] }
      },
    },
    {
      name: 'an upload of a file type that is not allowed (415)',
      status: 415,
      send: async () => {
        const { body, contentType } = await encodeForm(
          uploadForm(VALID_FIELDS, [fileOf(`MZ${'x'.repeat(512 * 1024)}`, 'setup.exe')]),
        )
        const headers = { authorization: `Bearer ${token}`, 'content-type': contentType }
        return { options: { method: 'POST', path: UPLOAD, headers }, chunks: [body] }
      },
    },
    {
      name: 'an upload without a token (401)',
      status: 401,
      send: async () => {
        const { body, contentType } = await oversized()
        const headers = { 'content-type': contentType, 'content-length': String(body.length) }
        return { options: { method: 'POST', path: UPLOAD, headers }, chunks: [body] }
      },
    },
  ]

  it.each(cases)('the next request succeeds after $name', async ({ status, send }) => {
    for (let round = 0; round < REPEATS; round++) {
      const agent = keepAliveAgent()
      try {
        const { options, chunks } = await send()
        const refused = await request(port, agent, options, chunks)
        expect(refused.status).toBe(status)
        expect(refused.headers['content-type']).toContain('application/problem+json')
        expect(JSON.parse(refused.text)).toMatchObject({ status })
        const next = await request(port, agent, { method: 'GET', path: '/healthz' })
        expect(next.status).toBe(200)
      } finally {
        agent.destroy()
      }
    }
  })

  it("lets Node's fetch read the 413 of every upload over MAX_UPLOAD_MB", async () => {
    // Its length is refused before the body is read; fetch writes on, and a close right after
    // the answer reset the connection under it ('fetch failed' instead of the 413).
    const { stdout } = await promisify(execFile)(process.execPath, [
      path.join(TEST_DIR, 'fetch-uploads.mjs'),
      `http://127.0.0.1:${port}${UPLOAD}`,
      token,
      JSON.stringify(VALID_FIELDS),
      String(3 * 1024 * 1024),
      '30',
    ])
    expect(JSON.parse(stdout)).toEqual(Array.from({ length: 30 }, () => 413))
  })

  describe('lingers after the answer for a bounded time and number of bytes', () => {
    // An upload without a token, answered 401 at once, whose body of 1 GiB never ends.
    const head = [
      `POST ${UPLOAD} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Content-Type: multipart/form-data; boundary=grens',
      `Content-Length: ${1024 * 1024 * 1024}`,
      '',
      '',
    ].join('\r\n')

    it('reads no more than LINGER.bytes of a body sent as fast as the line takes it', async () => {
      const exchange = await endlessBody(port, head, 64 * 1024, 0)
      expect(parseRawAnswer(exchange.text).status).toBe(401)
      // On top of what the server read: what the kernel holds on both ends of the connection.
      expect(exchange.written).toBeLessThan(LINGER.bytes + 16 * 1024 * 1024)
    })

    it('waits no longer than LINGER.ms for a body that trickles on', async () => {
      const exchange = await endlessBody(port, head, 1024, 50)
      expect(parseRawAnswer(exchange.text).status).toBe(401)
      // Slack for a busy machine; without the bound it would stay open until the 20 s give-up.
      expect(exchange.closedAfterMs).toBeLessThan(LINGER.ms + 5_000)
    })
  })

  it('says Connection: close when the body was not read, and keeps it open when it was', async () => {
    const { options, chunks } = await cases[0]!.send()
    const agent = keepAliveAgent()
    try {
      const early = await request(port, agent, options, chunks)
      expect(early.headers.connection).toBe('close')

      // A JSON body is read (and validated) before the upload refuses it: the connection is kept.
      const json = Buffer.from(JSON.stringify({ title: 'Als JSON' }))
      const read = await request(
        port,
        agent,
        {
          method: 'POST',
          path: UPLOAD,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': String(json.length),
          },
        },
        [json],
      )
      expect(read.status).toBeGreaterThanOrEqual(400)
      expect(read.status).toBeLessThan(500)
      expect(read.headers['content-type']).toContain('application/problem+json')
      expect(read.headers.connection).toBe('keep-alive')
      const next = await request(port, agent, { method: 'GET', path: '/healthz' })
      expect(next).toMatchObject({ status: 200, reusedSocket: true })
    } finally {
      agent.destroy()
    }
  })
})

describe('timeouts, and requests the HTTP parser refuses', () => {
  let ctx: TestContext
  let port: number

  beforeAll(async () => {
    ctx = await createTestContext({
      env: {
        HEADERS_TIMEOUT_SECONDS: '1',
        REQUEST_TIMEOUT_SECONDS: '2',
        IDLE_TIMEOUT_SECONDS: '60',
      },
    })
    port = await listenOnLoopback(ctx.app)
  })
  afterAll(() => ctx.close())

  const expectProblem = (text: string, status: number) => {
    const answer = parseRawAnswer(text)
    expect(answer.status).toBe(status)
    expect(answer.headers['content-type']).toContain('application/problem+json')
    expect(answer.headers.connection).toBe('close')
    const problem = JSON.parse(answer.body) as Problem
    expect(problem).toMatchObject({ type: 'about:blank', status })
    return problem
  }

  it('cuts off a client that sends its headers too slowly (HEADERS_TIMEOUT_SECONDS)', async () => {
    const exchange = await slowClient(
      port,
      'GET /healthz HTTP/1.1\r\nHost: localhost\r\n',
      'X-Langzaam: ja\r\n',
      200,
    )
    expect(expectProblem(exchange.text, 408).title).toBe('Verzoek duurde te lang')
    // One second, plus at most the half second between Node's checks, plus slack for CI.
    expect(exchange.closedAfterMs).toBeGreaterThanOrEqual(900)
    expect(exchange.closedAfterMs).toBeLessThan(5_000)
  })

  it('cuts off a client that sends its body too slowly (REQUEST_TIMEOUT_SECONDS)', async () => {
    const token = await ctx.tokenFor(EMPLOYEE)
    const head = [
      `POST ${UPLOAD} HTTP/1.1`,
      'Host: localhost',
      `Authorization: Bearer ${token}`,
      'Content-Type: multipart/form-data; boundary=grens',
      'Content-Length: 100000',
      '',
      '--grens\r\nContent-Disposition: form-data; name="title"\r\n\r\n',
    ].join('\r\n')
    const exchange = await slowClient(port, head, 'a', 200)
    expectProblem(exchange.text, 408)
    expect(exchange.closedAfterMs).toBeGreaterThanOrEqual(1_900)
    expect(exchange.closedAfterMs).toBeLessThan(7_000)
  })

  it('answers a too-long URL with 431 problem details', async () => {
    const agent = new http.Agent({ keepAlive: false })
    try {
      const answer = await request(port, agent, {
        method: 'GET',
        path: `${API_PREFIX.public}${apiPaths.search}?q=${'a'.repeat(40_000)}`,
      })
      expect(answer.status).toBe(431)
      expect(answer.headers['content-type']).toContain('application/problem+json')
      expect(JSON.parse(answer.text)).toMatchObject({ status: 431, title: 'Kopregels te groot' })
    } finally {
      agent.destroy()
    }
  })

  it('answers a too-long URL of a HEAD request with headers only', async () => {
    const agent = new http.Agent({ keepAlive: false })
    try {
      // A body after the headers of a HEAD answer makes the client fail with a parse error.
      const answer = await request(port, agent, {
        method: 'HEAD',
        path: `${API_PREFIX.public}${apiPaths.search}?q=${'a'.repeat(40_000)}`,
      })
      expect(answer.status).toBe(431)
      expect(answer.headers['content-type']).toContain('application/problem+json')
      expect(answer.text).toBe('')
    } finally {
      agent.destroy()
    }
  })

  it('answers too-large headers with 431 problem details', async () => {
    const agent = new http.Agent({ keepAlive: false })
    try {
      const answer = await request(port, agent, {
        method: 'GET',
        path: '/healthz',
        headers: { 'x-groot': 'a'.repeat(40_000) },
      })
      expect(answer.status).toBe(431)
      expect(answer.headers['content-type']).toContain('application/problem+json')
      expect(JSON.parse(answer.text)).toMatchObject({ status: 431 })
    } finally {
      agent.destroy()
    }
  })

  it('answers a request that is not HTTP with 400 problem details', async () => {
    const exchange = await slowClient(
      port,
      'GET /healthz HTTP/1.1\r\nHost: localhost\r\nContent-Length: veel\r\n\r\n',
      '',
      1_000,
    )
    expectProblem(exchange.text, 400)
  })
})

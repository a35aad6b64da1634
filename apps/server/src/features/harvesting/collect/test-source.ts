import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** One answer of a test source: a body with its type (and other headers), or a status. */
export interface Answer {
  status?: number
  type?: string
  headers?: Record<string, string>
  body: string | Buffer
}

/**
 * For tests: a harvest source on loopback. It answers from `answers` by request path (with
 * query), anything else with a 404; 'hang' never answers and 'stream' sends 5 kB of Turtle
 * comments without a Content-Length. `received` has every request, in order.
 */
export interface TestSource {
  base: string
  answers: Record<string, Answer | 'hang' | 'stream'>
  received: Array<{ url: string; accept: string | undefined; userAgent: string | undefined }>
  /** Forgets the answers and the requests, between tests. */
  reset: () => void
  close: () => Promise<void>
}

export async function startTestSource(): Promise<TestSource> {
  const source: Omit<TestSource, 'base'> = {
    answers: {},
    received: [],
    reset: () => {
      source.answers = {}
      source.received = []
    },
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
  const server = http.createServer((request, response) => {
    const url = request.url ?? ''
    source.received.push({
      url,
      accept: request.headers.accept,
      userAgent: request.headers['user-agent'],
    })
    const answer = source.answers[url]
    if (answer === 'hang') return
    if (answer === 'stream') {
      // No Content-Length: the collector must count the bytes as they come.
      response.writeHead(200, { 'content-type': 'text/turtle' })
      for (let i = 0; i < 50; i++) response.write(`# ${'x'.repeat(100)}\n`)
      response.end()
      return
    }
    if (!answer) {
      response.writeHead(404).end('niet gevonden')
      return
    }
    response.writeHead(answer.status ?? 200, {
      'content-type': answer.type ?? 'text/turtle',
      ...answer.headers,
    })
    response.end(answer.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return Object.assign(source, { base })
}

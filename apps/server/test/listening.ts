import http from 'node:http'
import net from 'node:net'
import type { FastifyInstance } from 'fastify'

/** Helpers for tests that need the real HTTP server on loopback, not `inject()`. */

/** A loopback port nobody listens on (for a server whose address must be known before it listens). */
export async function freeLoopbackPort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** Listens on a free loopback port; the port. */
export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return (app.server.address() as net.AddressInfo).port
}

export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  text: string
  /** Whether the request went over a connection an earlier request had used. */
  reusedSocket: boolean
}

/** One request through `agent`, its body written in the given chunks; fails after 10 s. */
export function request(
  port: number,
  agent: http.Agent,
  options: http.RequestOptions,
  chunks: readonly Buffer[] = [],
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, agent, ...options }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text,
          reusedSocket: req.reusedSocket,
        }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')))
    for (const chunk of chunks) req.write(chunk)
    req.end()
  })
}

export interface RawExchange {
  /** Everything the server sent until it closed the connection. */
  text: string
  /** From connecting until the server closed the connection. */
  closedAfterMs: number
}

/**
 * A raw connection that writes `first`, then `trickle` once every `everyMs` until the server
 * closes the connection (or 20 s pass), as a client that sends very slowly.
 */
export function slowClient(
  port: number,
  first: string,
  trickle: string,
  everyMs: number,
): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const socket = net.connect({ host: '127.0.0.1', port })
    let text = ''
    const timer = setInterval(() => {
      if (socket.writable) socket.write(trickle)
    }, everyMs)
    const giveUp = setTimeout(() => {
      socket.destroy()
      reject(new Error(`the server kept the connection open for 20 s; it sent: ${text}`))
    }, 20_000)
    socket.setEncoding('utf8')
    socket.on('connect', () => socket.write(first))
    socket.on('data', (chunk: string) => (text += chunk))
    // A reset after the answer is still a closed connection.
    socket.on('error', () => undefined)
    socket.on('close', () => {
      clearInterval(timer)
      clearTimeout(giveUp)
      resolve({ text, closedAfterMs: Date.now() - started })
    })
  })
}

export interface EndlessBodyExchange extends RawExchange {
  /** The bytes the client wrote, head included, until the server closed the connection. */
  written: number
}

/**
 * A raw connection that writes `head`, then chunks of `chunkBytes` every `everyMs` (0: as fast
 * as the connection takes them), and never stops by itself, not even when the server has
 * answered and ended its side: a client that writes its whole body before it reads. Fails
 * after 20 s.
 */
export function endlessBody(
  port: number,
  head: string,
  chunkBytes: number,
  everyMs: number,
): Promise<EndlessBodyExchange> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const socket = net.connect({ host: '127.0.0.1', port, allowHalfOpen: true })
    const chunk = Buffer.alloc(chunkBytes, 'a')
    let text = ''
    let next: NodeJS.Timeout | undefined
    const writeMore = () => {
      if (!socket.writable) return
      const more = socket.write(chunk)
      if (everyMs > 0) next = setTimeout(writeMore, everyMs)
      else if (more) setImmediate(writeMore)
      else socket.once('drain', writeMore)
    }
    const giveUp = setTimeout(() => {
      socket.destroy()
      reject(new Error(`the server kept the connection open for 20 s; it sent: ${text}`))
    }, 20_000)
    socket.setEncoding('utf8')
    socket.on('connect', () => {
      socket.write(head)
      writeMore()
    })
    socket.on('data', (chunk: string) => (text += chunk))
    // The server closing on a client that still writes is a reset: still a closed connection.
    socket.on('error', () => undefined)
    socket.on('close', () => {
      clearTimeout(next)
      clearTimeout(giveUp)
      resolve({ text, closedAfterMs: Date.now() - started, written: socket.bytesWritten })
    })
  })
}

/** Status line, headers and body of a raw HTTP/1.1 answer. */
export function parseRawAnswer(text: string) {
  const [head = '', body = ''] = text.split('\r\n\r\n', 2)
  const [statusLine = '', ...headerLines] = head.split('\r\n')
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const colon = line.indexOf(':')
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]
    }),
  )
  return { status: Number(statusLine.split(' ')[1]), headers, body }
}

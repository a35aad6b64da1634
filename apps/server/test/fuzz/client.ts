import http from 'node:http'
import type { FuzzRequest } from './requests.ts'

export interface Answer {
  status: number
  contentType: string
  /** The body, cut off after BODY_KEPT characters. */
  body: string
  truncated: boolean
}

/** How long one request may take on a busy, shared CI machine before it counts as hung. */
const ANSWER_WITHIN_MS = 20_000
const BODY_KEPT = 200_000

/**
 * Sends requests over real HTTP with keep-alive, as browsers do, so a dropped or reset
 * connection shows up as an error instead of being hidden by app.inject.
 */
export class FuzzClient {
  /** Requests sent, answered or not. */
  sent = 0
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 4 })

  constructor(private readonly port: number) {}

  send(request: FuzzRequest, authorization: string | undefined): Promise<Answer> {
    this.sent++
    const headers = {
      ...(authorization && !request.replacesAuth && { authorization }),
      ...request.headers,
      ...(request.body && { 'content-length': String(request.body.length) }),
    }
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          agent: this.agent,
          method: request.method,
          path: request.url,
          headers,
        },
        (res) => {
          let body = ''
          let truncated = false
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => {
            truncated ||= body.length + chunk.length > BODY_KEPT
            if (body.length < BODY_KEPT) body += chunk.slice(0, BODY_KEPT - body.length)
          })
          res.on('error', reject)
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              contentType: res.headers['content-type'] ?? '',
              body,
              truncated,
            }),
          )
        },
      )
      req.on('error', (error) =>
        reject(new Error(`${error.message}${req.reusedSocket ? ' (on a reused connection)' : ''}`)),
      )
      req.setTimeout(ANSWER_WITHIN_MS, () =>
        req.destroy(new Error(`no answer within ${ANSWER_WITHIN_MS / 1000} s`)),
      )
      req.end(request.body)
    })
  }

  close() {
    this.agent.destroy()
  }
}

/** What is wrong with an answer, or null: a 5xx, or a 4xx that is not problem details. */
export function faultOf(request: FuzzRequest, answer: Answer): string | null {
  if (answer.status >= 500) return `answered ${answer.status}`
  if (answer.status < 400) return null
  if (!answer.contentType.startsWith('application/problem+json')) {
    return `answered ${answer.status} as "${answer.contentType}", not application/problem+json`
  }
  if (request.method === 'HEAD' || answer.truncated) return null
  try {
    const problem = JSON.parse(answer.body) as { status?: unknown }
    if (problem.status !== answer.status) return `problem says status ${String(problem.status)}`
  } catch {
    return `answered ${answer.status} with problem details that are not JSON`
  }
  return null
}

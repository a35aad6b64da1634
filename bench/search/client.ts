/**
 * The load generator, run in a child process so that its own work (requests, reading and
 * parsing answers) does not share the server's event loop. It runs one pass at a time:
 * `concurrency` clients take the next path from a shared list until none is left.
 *
 * Each client keeps one connection open (`node:http` with keep-alive), as a browser does.
 * Not `fetch`: its own work per request took 0.4 to 0.5 ms more at the median on the
 * 2-core machine, on the cores the server and the database share, and that is the
 * client's cost, not the API's (bench/README.md, 2026-11-27).
 */
import http from 'node:http'
import { SERVER_RENDERED_ATTRIBUTE } from '@dataportaal/contract'

export interface PassRequest {
  baseUrl: string
  paths: string[]
  concurrency: number
  /** Send `x-bench-record: <prefix><index>` so the server side can attribute statements. */
  recordPrefix: string | null
  /** The answer to check: a search's or suggestions' JSON, or a page rendered on the server. */
  expect: 'search' | 'complete' | 'page'
}

export interface Sample {
  index: number
  ms: number
  status: number
  /** Search: `Total`; complete: number of suggestions. */
  total: number | null
  results: number
  bytes: number
  error: string | null
}

export interface PassResult {
  samples: Sample[]
  wallMs: number
}

export const RECORD_HEADER = 'x-bench-record'

function inspect(expect: PassRequest['expect'], text: string, type: string) {
  if (expect === 'page') {
    if (!type.startsWith('text/html')) throw new Error(`answer is ${type}, not HTML`)
    if (!text.includes(SERVER_RENDERED_ATTRIBUTE))
      throw new Error('page not rendered on the server')
    return { total: null, results: 0 }
  }
  const body = JSON.parse(text) as unknown
  if (expect === 'complete') {
    if (!Array.isArray(body)) throw new Error('answer is not a list of suggestions')
    return { total: body.length, results: body.length }
  }
  const search = body as { Total?: unknown; Results?: unknown; Aggregations?: unknown }
  if (typeof search.Total !== 'number' || !Array.isArray(search.Results) || !search.Aggregations) {
    throw new Error('answer lacks Total, Results or Aggregations')
  }
  return { total: search.Total, results: search.Results.length }
}

/** One GET on the client's own connection: its status and body. */
function get(agent: http.Agent, url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
    const call = http.get(url, { agent, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('error', reject)
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          type: response.headers['content-type'] ?? '',
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      )
    })
    call.on('error', reject)
  })
}

async function runPass(request: PassRequest): Promise<PassResult> {
  const samples: Sample[] = new Array(request.paths.length)
  let next = 0
  const client = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      await requests(agent)
    } finally {
      agent.destroy()
    }
  }
  const requests = async (agent: http.Agent) => {
    for (let index = next++; index < request.paths.length; index = next++) {
      const headers: Record<string, string> = {
        accept: request.expect === 'page' ? 'text/html' : 'application/json',
      }
      if (request.recordPrefix !== null) {
        headers[RECORD_HEADER] = `${request.recordPrefix}${index}`
      }
      const started = performance.now()
      let status = 0
      let text = ''
      let type = ''
      let error: string | null = null
      try {
        ;({ status, type, text } = await get(
          agent,
          request.baseUrl + request.paths[index]!,
          headers,
        ))
      } catch (cause) {
        error = String(cause)
      }
      const ms = performance.now() - started
      let total: number | null = null
      let results = 0
      if (!error && status === 200) {
        try {
          ;({ total, results } = inspect(request.expect, text, type))
        } catch (cause) {
          error = String(cause)
        }
      } else if (!error) {
        error = `HTTP ${status}: ${text.slice(0, 200)}`
      }
      samples[index] = { index, ms, status, total, results, bytes: text.length, error }
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: request.concurrency }, client))
  return { samples, wallMs: performance.now() - started }
}

export type PassReply = { ok: true; result: PassResult } | { ok: false; error: string }

if (process.send) {
  const reply = (message: PassReply) => process.send!(message)
  process.on('message', (request: PassRequest) => {
    runPass(request).then(
      (result) => reply({ ok: true, result }),
      (error: unknown) => reply({ ok: false, error: String(error) }),
    )
  })
}

/**
 * The load generator, run in a child process so that its own work (requests, reading and
 * parsing answers) does not share the server's event loop. It runs one pass at a time:
 * `concurrency` clients take the next path from a shared list until none is left.
 */

export interface PassRequest {
  baseUrl: string
  paths: string[]
  concurrency: number
  /** Send `x-bench-record: <prefix><index>` so the server side can attribute statements. */
  recordPrefix: string | null
  expect: 'search' | 'complete'
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

function inspect(expect: PassRequest['expect'], text: string) {
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

async function runPass(request: PassRequest): Promise<PassResult> {
  const samples: Sample[] = new Array(request.paths.length)
  let next = 0
  const client = async () => {
    for (let index = next++; index < request.paths.length; index = next++) {
      const headers: Record<string, string> = { accept: 'application/json' }
      if (request.recordPrefix !== null) {
        headers[RECORD_HEADER] = `${request.recordPrefix}${index}`
      }
      const started = performance.now()
      let status = 0
      let text = ''
      let error: string | null = null
      try {
        const response = await fetch(request.baseUrl + request.paths[index]!, { headers })
        status = response.status
        text = await response.text()
      } catch (cause) {
        error = String(cause)
      }
      const ms = performance.now() - started
      let total: number | null = null
      let results = 0
      if (!error && status === 200) {
        try {
          ;({ total, results } = inspect(request.expect, text))
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

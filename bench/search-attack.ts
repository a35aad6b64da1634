/**
 * Search under a long-word attack: attackers, each from an address of its own (127.0.0.2,
 * 127.0.0.3, ...), send searches of random long words as fast as they can, while an ordinary
 * visitor on 127.0.0.1 searches the workload of bench/search every 2.5 s (24 a minute, within
 * the per-client limit of 30 a minute that a faster client meets by design) and measures its
 * answers. The server is `src/main.ts` as `npm start` runs it (PGlite, the demo
 * catalogue), in a child process.
 *
 *   npm run search-attack                    (8 attackers, 60 s)
 *   options: --attackers N, --seconds N, --think-ms N (the visitor's pause), --seed N,
 *            --data-dir DIR (kept: the demo catalogue is loaded into it once, not every run)
 *
 * Target (issue 30): the visitor's search p95 <= 1 s, every visitor search 200, and the
 * attackers answered 429 with Retry-After. Exits 1 when one of them fails.
 */
import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { SearchResponse } from '@dataportaal/contract'
import { seededRandom } from '../apps/server/demo/tools/lib/random.ts'
import { fmt, stats, thousands } from './shared/stats.ts'
import { buildWorkload } from './search/queries.ts'
import { startChildServer } from './soak/server.ts'

const log = (line: string) => process.stdout.write(`${line}\n`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function readOptions() {
  const { values } = parseArgs({
    options: {
      attackers: { type: 'string', default: '8' },
      seconds: { type: 'string', default: '60' },
      'think-ms': { type: 'string', default: '2500' },
      seed: { type: 'string', default: '1' },
      'data-dir': { type: 'string' },
    },
  })
  const number = (name: keyof typeof values, min: number, max: number) => {
    const value = Number(values[name])
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new Error(`--${name} must be a whole number from ${min} to ${max}`)
    }
    return value
  }
  return {
    // 127.0.0.2 up to 127.0.0.254.
    attackers: number('attackers', 1, 253),
    seconds: number('seconds', 1, 3600),
    thinkMs: number('think-ms', 0, 60_000),
    seed: number('seed', 0, 2 ** 31),
    dataDir: values['data-dir'] ? path.resolve(values['data-dir']) : null,
  }
}

interface Answer {
  status: number
  ms: number
  text: string
  retryAfter: string | undefined
}

/** One GET on the client's own kept-alive connection, from its own local address. */
function get(agent: http.Agent, url: string): Promise<Answer> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const call = http.get(url, { agent, headers: { accept: 'application/json' } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('error', reject)
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          ms: performance.now() - started,
          text: Buffer.concat(chunks).toString('utf8'),
          retryAfter: response.headers['retry-after'],
        }),
      )
    })
    call.on('error', reject)
  })
}

const agentFrom = (localAddress: string) =>
  new http.Agent({ keepAlive: true, maxSockets: 1, localAddress })

const LETTERS = 'abcdefghijklmnopqrstuvwxyz'

/**
 * A query of random words, as long as the search box allows (500 characters): one word of
 * 500 letters, five of 99 or twelve of 40, so every word goes through the typo lookup.
 */
function attackQuery(random: () => number): string {
  const shapes = [
    [1, 500],
    [5, 99],
    [12, 40],
  ] as const
  const [words, letters] = shapes[Math.floor(random() * shapes.length)]!
  const word = () =>
    Array.from({ length: letters }, () => LETTERS[Math.floor(random() * LETTERS.length)]).join('')
  return Array.from({ length: words }, word).join(' ')
}

interface AttackerTally {
  statuses: Map<number, number>
  /** 429 answers without a Retry-After header of whole seconds. */
  withoutRetryAfter: number
  servedMs: number[]
  networkErrors: number
}

async function attack(
  baseUrl: string,
  index: number,
  seed: number,
  until: () => boolean,
): Promise<AttackerTally> {
  const tally: AttackerTally = {
    statuses: new Map(),
    withoutRetryAfter: 0,
    servedMs: [],
    networkErrors: 0,
  }
  const agent = agentFrom(`127.0.0.${index + 2}`)
  const random = seededRandom(seed * 1000 + index)
  try {
    while (!until()) {
      const query = encodeURIComponent(attackQuery(random))
      try {
        const answer = await get(agent, `${baseUrl}/pubapi/search?query=${query}`)
        tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1)
        if (answer.status === 200) tally.servedMs.push(answer.ms)
        if (answer.status === 429 && !/^\d+$/.test(answer.retryAfter ?? '')) {
          tally.withoutRetryAfter++
        }
      } catch {
        tally.networkErrors++
        await sleep(10)
      }
    }
  } finally {
    agent.destroy()
  }
  return tally
}

interface VisitorTally {
  ms: number[]
  failures: string[]
}

/** The ordinary visitor: the workload's searches in order, one at a time, with a pause. */
async function visit(
  baseUrl: string,
  paths: string[],
  thinkMs: number,
  until: () => boolean,
): Promise<VisitorTally> {
  const tally: VisitorTally = { ms: [], failures: [] }
  const agent = agentFrom('127.0.0.1')
  try {
    for (let i = 0; !until(); i++) {
      const path = paths[i % paths.length]!
      const answer = await get(agent, baseUrl + path)
      tally.ms.push(answer.ms)
      if (answer.status !== 200) {
        tally.failures.push(`${path}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`)
      } else if (!SearchResponse.safeParse(JSON.parse(answer.text)).success) {
        tally.failures.push(`${path}: not the contract's shape`)
      }
      await sleep(thinkMs)
    }
  } finally {
    agent.destroy()
  }
  return tally
}

async function main() {
  const options = readOptions()
  const started = Date.now()
  log(
    `Search attack: ${options.attackers} attackers of random long words, one visitor ` +
      `(pause ${options.thinkMs} ms), ${options.seconds} s; ${os.cpus().length} cores, ` +
      `Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(2)}`,
  )
  if (options.dataDir) await fs.mkdir(options.dataDir, { recursive: true })
  const server = await startChildServer(options.dataDir ? { DATA_DIR: options.dataDir } : {})
  log(`Server: ${server.baseUrl}, ready after ${((Date.now() - started) / 1000).toFixed(1)} s`)
  let failed = true
  try {
    failed = await measure(server.baseUrl, options)
  } finally {
    await server.stop()
    // The child's own temporary directory (empty when --data-dir was used instead).
    if (server.dataDir) await fs.rm(server.dataDir, { recursive: true, force: true })
  }
  process.exitCode = failed ? 1 : 0
}

async function measure(baseUrl: string, options: ReturnType<typeof readOptions>) {
  const paths = buildWorkload().search.map((search) => search.path)
  // Alone first: the visitor's figures without the attack, on the same searches.
  const alone = Date.now() + Math.min(20, options.seconds) * 1000
  const quiet = await visit(baseUrl, paths, options.thinkMs, () => Date.now() > alone)

  const end = Date.now() + options.seconds * 1000
  const until = () => Date.now() > end
  const [visitor, ...attackers] = await Promise.all([
    visit(baseUrl, paths.slice(quiet.ms.length), options.thinkMs, until),
    ...Array.from({ length: options.attackers }, (_, i) => attack(baseUrl, i, options.seed, until)),
  ])

  const q = stats(quiet.ms)
  const v = stats(visitor.ms)
  log(
    `Visitor alone:         ${thousands(q.n)} searches, p50 ${fmt(q.p50)} ms, ` +
      `p95 ${fmt(q.p95)} ms, max ${fmt(q.max)} ms, failures ${quiet.failures.length}`,
  )
  log(
    `Visitor under attack:  ${thousands(v.n)} searches, p50 ${fmt(v.p50)} ms, ` +
      `p95 ${fmt(v.p95)} ms, max ${fmt(v.max)} ms, failures ${visitor.failures.length}`,
  )
  const statuses = new Map<number, number>()
  for (const tally of attackers) {
    for (const [status, n] of tally.statuses) statuses.set(status, (statuses.get(status) ?? 0) + n)
  }
  const served = stats(attackers.flatMap((tally) => tally.servedMs))
  const sent = [...statuses.values()].reduce((a, b) => a + b, 0)
  const withoutRetryAfter = attackers.reduce((n, tally) => n + tally.withoutRetryAfter, 0)
  const networkErrors = attackers.reduce((n, tally) => n + tally.networkErrors, 0)
  log(
    `Attackers:             ${thousands(sent)} answers (${[...statuses]
      .sort((a, b) => a[0] - b[0])
      .map(([status, n]) => `${status}: ${thousands(n)}`)
      .join(', ')}), ${thousands(sent / options.seconds)}/s; ` +
      `served p50 ${fmt(served.p50)} ms, p95 ${fmt(served.p95)} ms; ` +
      `429 without Retry-After ${withoutRetryAfter}; network errors ${networkErrors}`,
  )
  for (const failure of [...quiet.failures, ...visitor.failures].slice(0, 10)) {
    log(`  visitor: ${failure}`)
  }

  const checks = [
    { name: 'visitor search p95 under attack <= 1000 ms', ok: v.p95 <= 1000 },
    { name: 'every visitor search 200', ok: !quiet.failures.length && !visitor.failures.length },
    { name: 'attackers answered 429', ok: (statuses.get(429) ?? 0) > 0 },
    { name: 'every 429 with Retry-After', ok: withoutRetryAfter === 0 },
  ]
  for (const check of checks) log(`${check.ok ? 'PASS' : 'FAIL'}  ${check.name}`)
  return checks.some((check) => !check.ok)
}

await main()

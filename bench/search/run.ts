/**
 * Search benchmark: the real app (buildApp) on a synthetic 100k-document catalogue,
 * measured over HTTP at 1 and 8 concurrent clients, and the same SQL replayed bare.
 *
 *   npm run bench -- --db pg                     (PostgreSQL at BENCH_DATABASE_URL)
 *   npm run bench -- --db pglite --docs 100000   (PGlite in a temp data directory)
 *   options: --docs N, --reuse (keep a database that already holds N documents),
 *            --rounds N (passes per measurement), --seed TEXT, --explain (print full plans)
 */
import { fork, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { buildApp } from '../../apps/server/src/app.ts'
import { loadConfig } from '../../apps/server/src/config.ts'
import type { Db, Queryable, Row } from '../../apps/server/src/db/client.ts'
import { LocalFileStore } from '../../apps/server/src/storage/local-file-store.ts'
import {
  RECORD_HEADER,
  type PassReply,
  type PassRequest,
  type PassResult,
  type Sample,
} from './client.ts'
import {
  catalogueFingerprint,
  describeCatalogue,
  markCatalogue,
  openBenchDatabase,
  type BenchDatabase,
  type DbKind,
} from './database.ts'
import { buildWorkload, completePath, QUERY_KINDS, type SearchCase } from './queries.ts'
import {
  DEFAULT_DOCS,
  DEFAULT_SEED,
  describeLoad,
  loadSyntheticCatalogue,
  type LoadSummary,
} from './synthesize.ts'

const RESULTS_DIR = path.resolve(import.meta.dirname, '..', 'results')
const CONCURRENCY = [1, 8] as const

// ---------------------------------------------------------------------------------------
// Options

interface Options {
  kind: DbKind
  docs: number
  reuse: boolean
  rounds: number
  seed: string
  explain: boolean
}

function readOptions(): Options {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      db: { type: 'string', default: 'pg' },
      docs: { type: 'string', default: String(DEFAULT_DOCS) },
      reuse: { type: 'boolean', default: false },
      rounds: { type: 'string', default: '2' },
      seed: { type: 'string', default: DEFAULT_SEED },
      explain: { type: 'boolean', default: false },
    },
  })
  // `npm run bench -- --db pg` in the repository root hands the options to the inner npm,
  // which keeps them as its own settings (npm_config_*) and passes on only their values.
  const takenByNpm = ['db', 'docs', 'reuse', 'rounds', 'seed', 'explain'].filter(
    (name) => process.env[`npm_config_${name}`] !== undefined,
  )
  if (positionals.length || takenByNpm.length) {
    const taken = [...takenByNpm.map((name) => `--${name}`), ...positionals].join(' ')
    throw new Error(
      `npm took the options (${taken}). In the repository ` +
        'root run `npm run bench -- --db pg`; ' +
        'in bench/ run `npm run bench -- --db pg`.',
    )
  }
  const kind = values.db as DbKind
  if (kind !== 'pg' && kind !== 'pglite') throw new Error('--db must be pg or pglite')
  const docs = Number(values.docs)
  const rounds = Number(values.rounds)
  if (!Number.isInteger(docs) || docs < 1) throw new Error('--docs must be a positive integer')
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be >= 1')
  return { kind, docs, reuse: values.reuse, rounds, seed: values.seed, explain: values.explain }
}

// ---------------------------------------------------------------------------------------
// Recording every statement the app runs while serving one request

interface Statement {
  sql: string
  params: unknown[]
  exec: boolean
  /** How long it took inside the server (call to promise settled). */
  ms: number
}

class Recorder {
  /** Statements of the request being recorded; null when nothing is recorded. */
  current: Statement[] | null = null
  readonly byKey = new Map<string, Statement[]>()
  /** Time inside the server: from the request event until the answer is handed to the OS. */
  readonly serverMs = new Map<string, number>()

  /** Starts a recording when a request carries the record header, else stops recording. */
  onRequest = (request: IncomingMessage, response: ServerResponse) => {
    const key = request.headers[RECORD_HEADER]
    if (typeof key === 'string') {
      this.current = []
      this.byKey.set(key, this.current)
      const started = performance.now()
      response.once('finish', () => this.serverMs.set(key, performance.now() - started))
    } else {
      this.current = null
    }
  }

  private async timed<T>(statement: Statement, run: () => Promise<T>): Promise<T> {
    const started = performance.now()
    try {
      return await run()
    } finally {
      statement.ms = performance.now() - started
    }
  }

  private queryable(target: Queryable): Queryable {
    return {
      query: <T extends Row = Row>(sql: string, params?: readonly unknown[]) => {
        if (!this.current) return target.query<T>(sql, params)
        const statement = { sql, params: params ? [...params] : [], exec: false, ms: NaN }
        this.current.push(statement)
        return this.timed(statement, () => target.query<T>(sql, params))
      },
      exec: (sql: string) => {
        if (!this.current) return target.exec(sql)
        const statement = { sql, params: [], exec: true, ms: NaN }
        this.current.push(statement)
        return this.timed(statement, () => target.exec(sql))
      },
    }
  }

  wrap(db: Db): Db {
    return {
      ...this.queryable(db),
      kind: db.kind,
      transaction: (work) => db.transaction((tx) => work(this.queryable(tx))),
      close: () => db.close(),
      waitingQueries: () => db.waitingQueries(),
      connections: () => db.connections(),
    }
  }
}

// ---------------------------------------------------------------------------------------
// Statistics

interface Stats {
  n: number
  p50: number
  p95: number
  p99: number
  mean: number
  max: number
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b)
  const sum = sorted.reduce((a, b) => a + b, 0)
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean: sorted.length ? sum / sorted.length : NaN,
    max: sorted.length ? sorted[sorted.length - 1]! : NaN,
  }
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  )

const fmt = (ms: number, digits = 1) => (Number.isFinite(ms) ? ms.toFixed(digits) : '-')
const pad = (text: string | number, width: number) => String(text).padStart(width)
const padEnd = (text: string | number, width: number) => String(text).padEnd(width)
const thousands = (n: number) => n.toLocaleString('en')

// ---------------------------------------------------------------------------------------
// Load generator

/** The load generator in a child process (with the same tsx loader as this one). */
class LoadClient {
  private readonly child: ChildProcess = fork(
    fileURLToPath(new URL('./client.ts', import.meta.url)),
  )

  run(request: PassRequest): Promise<PassResult> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`load client exited (${code})`))
      this.child.once('exit', onExit)
      this.child.once('message', (message: PassReply) => {
        this.child.off('exit', onExit)
        if (message.ok) resolve(message.result)
        else reject(new Error(message.error))
      })
      this.child.send(request)
    })
  }

  close() {
    if (this.child.exitCode === null) this.child.kill()
  }
}

interface Pass {
  endpoint: 'search' | 'complete'
  concurrency: number
  /** Per path, one duration per round. */
  ms: number[][]
  samples: Sample[]
  wallMs: number
  throughput: number
  errors: number
}

async function measure(
  client: LoadClient,
  baseUrl: string,
  endpoint: Pass['endpoint'],
  paths: string[],
  concurrency: number,
  rounds: number,
  record: boolean,
): Promise<Pass> {
  const ms = paths.map((): number[] => [])
  const samples: Sample[] = []
  let wallMs = 0
  for (let round = 0; round < rounds; round++) {
    const result = await client.run({
      baseUrl,
      paths,
      concurrency,
      recordPrefix: record && round === 0 ? `${endpoint}:` : null,
      expect: endpoint,
    })
    wallMs += result.wallMs
    for (const sample of result.samples) ms[sample.index]!.push(sample.ms)
    if (round === 0) samples.push(...result.samples)
    else samples.push(...result.samples.filter((s) => s.error))
  }
  const requests = paths.length * rounds
  return {
    endpoint,
    concurrency,
    ms,
    samples,
    wallMs,
    throughput: requests / (wallMs / 1000),
    errors: samples.filter((s) => s.error).length,
  }
}

// ---------------------------------------------------------------------------------------
// Bare SQL: the recorded statements replayed on the same database, one after another

const STATEMENT_KINDS: Array<[RegExp, string]> = [
  [/^\s*with m as materialized/i, 'main query (matches, page ids, total, aggregations)'],
  [/^\s*select d\.id::text as id/i, 'page rows with highlights'],
  [/from themes t\s+left join theme_terms/i, 'thesaurus lookup'],
  [/from search_words/i, 'typo check'],
  [/^\s*with quota as/i, 'search_log insert (with its per-client quota)'],
  [/^\s*\(select name as suggestion/i, 'suggestions'],
]

const statementKind = (sql: string) =>
  STATEMENT_KINDS.find(([pattern]) => pattern.test(sql))?.[1] ??
  sql.replace(/\s+/g, ' ').trim().slice(0, 60)

interface Replay {
  /** Per path: total bare time of its statements, per round. */
  ms: number[][]
  statements: number[]
  /** Per path: the time of each statement (first round). */
  perStatement: Array<Array<{ kind: string; ms: number }>>
}

async function replay(db: Db, recordings: Array<Statement[] | undefined>, rounds: number) {
  const result: Replay = {
    ms: recordings.map(() => []),
    statements: recordings.map((r) => r?.length ?? 0),
    perStatement: recordings.map(() => []),
  }
  for (let round = 0; round < rounds; round++) {
    for (const [index, statements] of recordings.entries()) {
      if (!statements) continue
      let total = 0
      for (const statement of statements) {
        const started = performance.now()
        if (statement.exec) await db.exec(statement.sql)
        else await db.query(statement.sql, statement.params)
        const ms = performance.now() - started
        total += ms
        if (round === 0)
          result.perStatement[index]!.push({ kind: statementKind(statement.sql), ms })
      }
      result.ms[index]!.push(total)
    }
  }
  return result
}

const compactNode = (line: string) =>
  line
    .replace(/\(cost=[^)]*\)\s*/, '')
    .replace(/^\s*->\s*/, '')
    .trim()

/**
 * A plan in a few lines (the whole one is printed with --explain and always kept in the
 * JSON): the root, how documents are found, the top node of every CTE and sub-plan with
 * its time, JIT, and the planning and execution times.
 */
function summarizePlan(plan: string[]): string[] {
  const lines: string[] = []
  if (plan[0]) lines.push(compactNode(plan[0]))
  const isPart = (line: string) => /^\s*(CTE|InitPlan|SubPlan) \S+/.test(line)
  for (const [i, line] of plan.entries()) {
    const part = /^\s*((?:CTE|InitPlan|SubPlan) \S+)/.exec(line)
    if (part) {
      // What the part computes, as far as its first key or filter tells.
      const end = plan.findIndex((next, j) => j > i && isPart(next))
      const body = plan.slice(i + 2, end < 0 ? undefined : end)
      const hint = body.map((l) => /(Group Key|Sort Key|Filter): (.*)/.exec(l)).find(Boolean)
      const about = hint ? `  [${hint[1]}: ${hint[2]!.slice(0, 60)}]` : ''
      lines.push(`${part[1]!.padEnd(12)} ${compactNode(plan[i + 1] ?? '')}${about}`)
    } else if (
      /(Scan|Bitmap Heap Scan) (using \S+ )?on documents\b/.test(line) &&
      !isPart(plan[i - 1] ?? '')
    ) {
      lines.push(`  ${compactNode(line)}`)
      const detail = plan[i + 1] ?? ''
      if (/^\s*(Filter|Index Cond|Recheck Cond):/.test(detail)) lines.push(`    ${detail.trim()}`)
    } else if (/^\s*(JIT:|Functions:|Timing:|Planning Time|Execution Time)/.test(line)) {
      lines.push(line.trim())
    }
  }
  return lines
}

async function explain(db: Db, statement: Statement): Promise<string[]> {
  const rows = await db.query<Record<string, string>>(
    `explain (analyze, buffers) ${statement.sql}`,
    statement.params,
  )
  return rows.map((row) => Object.values(row)[0] ?? '')
}

// ---------------------------------------------------------------------------------------
// Targets

interface Target {
  name: string
  limit: number
  value: number
  unit: 'ms' | 'x'
}

function targetsFor(kind: DbKind, docs: number, figures: Figures): Target[] {
  const search1 = figures.api.search[1]!
  const search8 = figures.api.search[8]!
  const complete1 = figures.api.complete[1]!
  const complete8 = figures.api.complete[8]!
  if (kind === 'pglite') {
    return [
      { name: 'search p95, c=1', limit: 250, value: search1.p95, unit: 'ms' },
      { name: 'search p95, c=8', limit: 250, value: search8.p95, unit: 'ms' },
    ]
  }
  void docs
  return [
    { name: 'search p50, c=1', limit: 25, value: search1.p50, unit: 'ms' },
    { name: 'search p50, c=8', limit: 25, value: search8.p50, unit: 'ms' },
    { name: 'search p95, c=1 (aim 50)', limit: 100, value: search1.p95, unit: 'ms' },
    { name: 'search p95, c=8 (aim 50)', limit: 100, value: search8.p95, unit: 'ms' },
    { name: 'suggestions p95, c=1', limit: 15, value: complete1.p95, unit: 'ms' },
    { name: 'suggestions p95, c=8', limit: 15, value: complete8.p95, unit: 'ms' },
    { name: 'search API/bare SQL, p50', limit: 1.3, value: figures.ratio.search.p50, unit: 'x' },
    { name: 'search API/bare SQL, mean', limit: 1.3, value: figures.ratio.search.mean, unit: 'x' },
    { name: 'suggest API/bare SQL, p50', limit: 1.3, value: figures.ratio.complete.p50, unit: 'x' },
    {
      name: 'suggest API/bare SQL, mean',
      limit: 1.3,
      value: figures.ratio.complete.mean,
      unit: 'x',
    },
  ]
}

// ---------------------------------------------------------------------------------------
// Report

interface Figures {
  api: Record<'search' | 'complete', Record<number, Stats & { throughput: number; errors: number }>>
  /** Request event to answer handed over, in the server (c=1, first round). */
  server: Record<'search' | 'complete', Stats>
  /** The statements' own time while the server ran them (same requests). */
  sqlInServer: Record<'search' | 'complete', Stats>
  bare: Record<'search' | 'complete', Stats & { throughput: number }>
  ratio: Record<'search' | 'complete', { p50: number; mean: number }>
  serverRatio: Record<'search' | 'complete', { p50: number; mean: number }>
}

function machine() {
  const cpus = os.cpus()
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  }
}

const statsRow = (name: string, s: Stats, throughput: number, errors: number | string) =>
  `${padEnd(name, 24)}${pad(s.n, 6)}${pad(fmt(s.p50), 9)}${pad(fmt(s.p95), 9)}${pad(fmt(s.p99), 9)}` +
  `${pad(fmt(s.mean), 9)}${pad(fmt(s.max), 9)}${pad(fmt(throughput), 9)}${pad(errors, 8)}`

async function main() {
  const options = readOptions()
  const workload = buildWorkload()
  if (workload.search.length < 200 || workload.prefixes.length < 100) {
    throw new Error(
      `workload too small: ${workload.search.length} searches, ${workload.prefixes.length} prefixes`,
    )
  }
  const log = (line: string) => console.log(line)
  const startedAt = new Date()

  // Database: reuse when asked and it holds exactly the requested catalogue.
  let bench: BenchDatabase | undefined
  let load: LoadSummary | null = null
  const fingerprint = await catalogueFingerprint({ docs: options.docs, seed: options.seed })
  if (options.reuse) {
    bench = await openBenchDatabase(options.kind, false)
    const present = await describeCatalogue(bench.db)
    if (present.docs === options.docs && present.fingerprint === fingerprint) {
      log(`Reusing ${bench.version} at ${bench.location}: ${thousands(present.docs)} documents`)
    } else {
      log(
        present.docs === options.docs
          ? '--reuse: the catalogue was made with other migrations, indexing or generator; rebuilding'
          : `--reuse: the database holds ${thousands(present.docs)} documents, not ${thousands(options.docs)}`,
      )
      await bench.db.close()
      bench = undefined
    }
  }
  if (!bench) {
    bench = await openBenchDatabase(options.kind, true)
    log(
      `Synthesising ${thousands(options.docs)} documents into ${bench.version} at ${bench.location}`,
    )
    load = await loadSyntheticCatalogue(bench.db, { docs: options.docs, seed: options.seed, log })
    await markCatalogue(bench.db, fingerprint, options.docs)
    log(describeLoad(load))
  }
  const { db } = bench
  const [{ docs: totalDocs } = { docs: 0 }] = await db.query<{ docs: number }>(
    `select count(*)::int as docs from documents where status = 'goedgekeurd' and deleted_at is null`,
  )
  await db.query('truncate search_log, search_log_quota')

  // The real app, on a random port, with every statement recorded when asked.
  const recorder = new Recorder()
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-'))
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DEMO_CONTENT: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // Every search comes from this one client: without this, all but its first 100 searches
    // an hour would skip the log row, and the bench would no longer measure logged searches.
    SEARCH_LOG_LIMIT_PER_HOUR: '1000000',
  })
  const app = await buildApp({
    config,
    db: recorder.wrap(db),
    store: new LocalFileStore(path.join(dataDir, 'files')),
    verifyToken: null,
  })
  app.server.prependListener('request', recorder.onRequest)
  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  const client = new LoadClient()

  const searchPaths = workload.search.map((c) => c.path)
  const completePaths = workload.prefixes.map(completePath)
  const kindCounts = QUERY_KINDS.map(
    (kind) => `${kind} ${workload.search.filter((c) => c.kind === kind).length}`,
  ).join(', ')
  log(
    `\nServing on ${address}; ${workload.search.length} searches (${kindCounts}), ${workload.prefixes.length} suggestion prefixes, ${options.rounds} round(s)`,
  )

  const passes: Pass[] = []
  try {
    log('Warming up ...')
    for (const [expect, paths] of [
      ['search', searchPaths.slice(0, 40)],
      ['complete', completePaths.slice(0, 30)],
    ] as const) {
      await client.run({ baseUrl: address, paths, concurrency: 2, recordPrefix: null, expect })
    }
    for (const endpoint of ['search', 'complete'] as const) {
      const paths = endpoint === 'search' ? searchPaths : completePaths
      for (const concurrency of CONCURRENCY) {
        log(`Measuring /pubapi/${endpoint} at ${concurrency} client(s) ...`)
        passes.push(
          await measure(
            client,
            address,
            endpoint,
            paths,
            concurrency,
            options.rounds,
            concurrency === 1,
          ),
        )
      }
    }
  } finally {
    client.close()
    await app.close()
    await fs.rm(dataDir, { recursive: true, force: true })
  }

  log('Replaying the recorded statements as bare SQL ...')
  const searchRecordings = searchPaths.map((_, i) => recorder.byKey.get(`search:${i}`))
  const completeRecordings = completePaths.map((_, i) => recorder.byKey.get(`complete:${i}`))
  // Warm the pool's connections as the HTTP warm-up did for the app.
  await replay(db, searchRecordings.slice(0, 40), 1)
  await replay(db, completeRecordings.slice(0, 30), 1)
  const replayStarted = performance.now()
  const bareSearch = await replay(db, searchRecordings, options.rounds)
  const bareSearchWall = performance.now() - replayStarted
  const completeStarted = performance.now()
  const bareComplete = await replay(db, completeRecordings, options.rounds)
  const bareCompleteWall = performance.now() - completeStarted

  // Plans of the heaviest statement of the two broadest queries.
  const plans: Record<string, string[]> = {}
  for (const word of ['gemeente', 'bevolking']) {
    const index = workload.search.findIndex(
      (c) => c.query === word && Object.keys(c.filters).length === 0,
    )
    const statements = searchRecordings[index]
    const timings = bareSearch.perStatement[index]
    if (!statements?.length || !timings?.length) continue
    const heaviest = timings.reduce((best, t, i) => (t.ms > timings[best]!.ms ? i : best), 0)
    plans[word] = await explain(db, statements[heaviest]!)
  }
  await db.close()

  // Figures.
  const pass = (endpoint: Pass['endpoint'], concurrency: number) =>
    passes.find((p) => p.endpoint === endpoint && p.concurrency === concurrency)!
  const apiStats = (p: Pass) => ({
    ...stats(p.ms.flat()),
    throughput: p.throughput,
    errors: p.errors,
  })
  const bareStats = (r: Replay, wallMs: number) => {
    const all = r.ms.flat()
    return { ...stats(all), throughput: all.length / (wallMs / 1000) }
  }
  const serverMs = (endpoint: Pass['endpoint'], count: number) =>
    Array.from({ length: count }, (_, i) => recorder.serverMs.get(`${endpoint}:${i}`) ?? NaN)
  const serverSearch = serverMs('search', searchPaths.length)
  const serverComplete = serverMs('complete', completePaths.length)
  const sqlMs = (recordings: Array<Statement[] | undefined>) =>
    recordings.map((r) => (r ? r.reduce((sum, statement) => sum + statement.ms, 0) : NaN))
  const figures: Figures = {
    sqlInServer: {
      search: stats(sqlMs(searchRecordings).filter(Number.isFinite)),
      complete: stats(sqlMs(completeRecordings).filter(Number.isFinite)),
    },
    server: {
      search: stats(serverSearch.filter(Number.isFinite)),
      complete: stats(serverComplete.filter(Number.isFinite)),
    },
    api: {
      search: { 1: apiStats(pass('search', 1)), 8: apiStats(pass('search', 8)) },
      complete: { 1: apiStats(pass('complete', 1)), 8: apiStats(pass('complete', 8)) },
    },
    bare: {
      search: bareStats(bareSearch, bareSearchWall),
      complete: bareStats(bareComplete, bareCompleteWall),
    },
    ratio: { search: { p50: NaN, mean: NaN }, complete: { p50: NaN, mean: NaN } },
    serverRatio: { search: { p50: NaN, mean: NaN }, complete: { p50: NaN, mean: NaN } },
  }
  for (const endpoint of ['search', 'complete'] as const) {
    const api = figures.api[endpoint][1]!
    const bare = figures.bare[endpoint]
    const server = figures.server[endpoint]
    figures.ratio[endpoint] = { p50: api.p50 / bare.p50, mean: api.mean / bare.mean }
    figures.serverRatio[endpoint] = { p50: server.p50 / bare.p50, mean: server.mean / bare.mean }
  }

  const search1 = pass('search', 1)
  const perQuery = workload.search.map((c: SearchCase, i) => ({
    kind: c.kind,
    label: c.label,
    path: c.path,
    apiMs: median(search1.ms[i]!),
    apiMs8: median(pass('search', 8).ms[i]!),
    serverMs: serverSearch[i]!,
    bareMs: median(bareSearch.ms[i]!),
    total: search1.samples.find((s) => s.index === i)?.total ?? null,
    status: search1.samples.find((s) => s.index === i)?.status ?? 0,
    statements: bareSearch.statements[i]!,
    perStatement: bareSearch.perStatement[i]!,
  }))
  const perPrefix = workload.prefixes.map((prefix, i) => ({
    prefix,
    apiMs: median(pass('complete', 1).ms[i]!),
    serverMs: serverComplete[i]!,
    bareMs: median(bareComplete.ms[i]!),
    suggestions: pass('complete', 1).samples.find((s) => s.index === i)?.total ?? null,
  }))

  // Printed report.
  const m = machine()
  const out: string[] = []
  const print = (line = '') => out.push(line)
  print()
  print(`Search benchmark, ${startedAt.toISOString()}`)
  print(
    `Database: ${bench.version}; ${thousands(totalDocs)} published documents (seed ${options.seed})`,
  )
  print(`Machine: ${m.cpus} cores (${m.cpuModel}), ${m.memoryGb} GB, Node ${m.node}, ${m.platform}`)
  print(
    `Workload: ${workload.search.length} distinct searches, ${workload.prefixes.length} suggestion prefixes, ` +
      `${options.rounds} round(s); no result cache; client in a child process over HTTP`,
  )
  print()
  print(
    `${padEnd('', 24)}${pad('n', 6)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('p99 ms', 9)}` +
      `${pad('mean ms', 9)}${pad('max ms', 9)}${pad('req/s', 9)}${pad('errors', 8)}`,
  )
  for (const endpoint of ['search', 'complete'] as const) {
    for (const concurrency of CONCURRENCY) {
      const s = figures.api[endpoint][concurrency]!
      print(statsRow(`/pubapi/${endpoint}  c=${concurrency}`, s, s.throughput, s.errors))
    }
    print(statsRow(`  in server  c=1`, figures.server[endpoint], NaN, '-'))
    print(statsRow(`  its SQL    c=1`, figures.sqlInServer[endpoint], NaN, '-'))
    const bare = figures.bare[endpoint]
    print(statsRow(`  bare SQL   c=1`, bare, bare.throughput, '-'))
  }
  print()
  const ratios = (r: Figures['ratio']) =>
    `search p50 ${r.search.p50.toFixed(2)}x, mean ${r.search.mean.toFixed(2)}x; ` +
    `complete p50 ${r.complete.p50.toFixed(2)}x, mean ${r.complete.mean.toFixed(2)}x`
  print(`API/bare SQL at c=1:    ${ratios(figures.ratio)}`)
  print(`server/bare SQL at c=1: ${ratios(figures.serverRatio)}`)
  print(
    '(API: as the client sees it; in server: from the request event until the answer is sent; ' +
      'its SQL: the time of its statements within that; bare SQL: the same statements ' +
      'replayed one after another on the same pool, without HTTP)',
  )
  const httpErrors = passes.flatMap((p) => p.samples.filter((s) => s.error))
  print(
    httpErrors.length
      ? `NOT ALL ANSWERS OK: ${httpErrors.length} failed, e.g. ${httpErrors[0]!.error}`
      : 'Every answer was HTTP 200 with a well-formed body.',
  )

  print()
  print('Search at c=1 by kind of query (ms):')
  print(
    `  ${padEnd('kind', 12)}${pad('n', 4)}${pad('p50', 8)}${pad('p95', 8)}${pad('max', 8)}` +
      `${pad('bare p50', 10)}${pad('bare p95', 10)}${pad('median results', 16)}`,
  )
  for (const kind of QUERY_KINDS) {
    const rows = perQuery.filter((q) => q.kind === kind)
    if (rows.length === 0) continue
    const api = stats(rows.map((q) => q.apiMs))
    const bare = stats(rows.map((q) => q.bareMs))
    print(
      `  ${padEnd(kind, 12)}${pad(rows.length, 4)}${pad(fmt(api.p50), 8)}${pad(fmt(api.p95), 8)}${pad(fmt(api.max), 8)}` +
        `${pad(fmt(bare.p50), 10)}${pad(fmt(bare.p95), 10)}${pad(thousands(median(rows.map((q) => q.total ?? 0))), 16)}`,
    )
  }

  print()
  print('Where the bare SQL time of a search goes (c=1 replay):')
  const byStatement = new Map<string, number[]>()
  for (const q of perQuery) {
    for (const s of q.perStatement)
      byStatement.set(s.kind, [...(byStatement.get(s.kind) ?? []), s.ms])
  }
  const bareTotal = perQuery.reduce(
    (sum, q) => sum + q.perStatement.reduce((a, s) => a + s.ms, 0),
    0,
  )
  print(
    `  ${padEnd('statement', 54)}${pad('count', 6)}${pad('mean ms', 9)}${pad('p95 ms', 9)}${pad('share', 8)}`,
  )
  for (const [kind, values] of [...byStatement].sort(
    (a, b) => b[1].reduce((x, y) => x + y, 0) - a[1].reduce((x, y) => x + y, 0),
  )) {
    const s = stats(values)
    const share = values.reduce((a, b) => a + b, 0) / bareTotal
    print(
      `  ${padEnd(kind, 54)}${pad(values.length, 6)}${pad(fmt(s.mean, 2), 9)}${pad(fmt(s.p95, 2), 9)}${pad(`${(share * 100).toFixed(0)}%`, 8)}`,
    )
  }

  print()
  print(`Results of the broad queries (of ${thousands(totalDocs)} documents):`)
  for (const q of perQuery.filter((q) => q.kind === 'broad' || q.kind === 'browse')) {
    const share = q.total === null ? '-' : `${((q.total / totalDocs) * 100).toFixed(1)}%`
    print(`  ${padEnd(q.label, 30)}${pad(thousands(q.total ?? 0), 9)}${pad(share, 8)}`)
  }
  const empty = perQuery.filter((q) => q.total === 0)
  print(
    `Searches without results: ${empty.length}${empty.length ? ` (${empty.map((q) => q.label).join(', ')})` : ''}`,
  )

  print()
  print('10 slowest searches at c=1 (ms):')
  print(
    `  ${pad('API', 7)}${pad('bare', 7)}${pad('c=8', 7)}${pad('results', 9)}  ${padEnd('kind', 11)} query`,
  )
  for (const q of [...perQuery].sort((a, b) => b.apiMs - a.apiMs).slice(0, 10)) {
    print(
      `  ${pad(fmt(q.apiMs), 7)}${pad(fmt(q.bareMs), 7)}${pad(fmt(q.apiMs8), 7)}${pad(thousands(q.total ?? 0), 9)}  ${padEnd(q.kind, 11)} ${q.label}`,
    )
  }
  print()
  print('10 slowest suggestion prefixes at c=1 (ms):')
  print(`  ${pad('API', 7)}${pad('bare', 7)}${pad('found', 7)}  prefix`)
  for (const p of [...perPrefix].sort((a, b) => b.apiMs - a.apiMs).slice(0, 10)) {
    print(
      `  ${pad(fmt(p.apiMs), 7)}${pad(fmt(p.bareMs), 7)}${pad(p.suggestions ?? '-', 7)}  '${p.prefix}'`,
    )
  }

  print()
  print(
    `Plans of the heaviest statement of the broad searches (EXPLAIN ANALYZE${options.explain ? '' : ', summary; --explain prints them whole'}):`,
  )
  for (const [word, plan] of Object.entries(plans)) {
    print(`  '${word}':`)
    for (const line of options.explain ? plan : summarizePlan(plan)) print(`    ${line}`)
  }

  const targets = targetsFor(options.kind, totalDocs, figures)
  print()
  print(
    `Targets (${options.kind === 'pg' ? 'PostgreSQL' : 'PGlite'}, stated for 100,000 documents; this run: ${thousands(totalDocs)}):`,
  )
  for (const t of targets) {
    const ok = t.value <= t.limit
    const value = t.unit === 'ms' ? `${fmt(t.value)} ms` : `${t.value.toFixed(2)}x`
    const limit = t.unit === 'ms' ? `${t.limit} ms` : `${t.limit}x`
    const miss = ok ? '' : `  (${(t.value / t.limit).toFixed(1)}x the limit)`
    print(
      `  ${padEnd(t.name, 30)} <= ${padEnd(limit, 8)} ${pad(value, 10)}  ${ok ? 'PASS' : 'FAIL'}${miss}`,
    )
  }
  console.log(out.join('\n'))

  // JSON results.
  await fs.mkdir(RESULTS_DIR, { recursive: true })
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-')
  const file = path.join(RESULTS_DIR, `search-${options.kind}-${totalDocs}-${stamp}.json`)
  await fs.writeFile(
    file,
    JSON.stringify(
      {
        startedAt: startedAt.toISOString(),
        options,
        machine: m,
        database: { kind: options.kind, version: bench.version, location: bench.location },
        documents: totalDocs,
        synthesis: load,
        workload: { searches: workload.search.length, prefixes: workload.prefixes.length },
        figures,
        targets: targets.map((t) => ({ ...t, pass: t.value <= t.limit })),
        searches: perQuery,
        prefixes: perPrefix,
        plans,
        errors: httpErrors,
      },
      null,
      2,
    ),
  )
  console.log(`\nResults written to ${path.relative(process.cwd(), file)}`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

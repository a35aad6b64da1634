/** The printed report of a search benchmark run and its JSON file under bench/results. */
import fs from 'node:fs/promises'
import path from 'node:path'
import { fmt, median, pad, padEnd, stats, thousands, type Stats } from '../shared/stats.ts'
import { CONCURRENCY } from './load-client.ts'
import { machine, meets, targetsFor, type Figures, type Target } from './figures.ts'
import type { Pass } from './load-client.ts'
import type { Options } from './options.ts'
import type { PageFigures } from './pages.ts'
import { QUERY_KINDS, type Workload } from './queries.ts'
import type { Results } from './results.ts'
import type { LoadSummary } from './synthesize.ts'
import { summarizePlan } from './replay.ts'
import type { WarmFigures } from './warm.ts'

const RESULTS_DIR = path.resolve(import.meta.dirname, '..', 'results')

/** What the report speaks of besides the figures. */
export interface RunInfo {
  options: Options
  startedAt: Date
  database: { version: string; location: string }
  totalDocs: number
  load: LoadSummary | null
  workload: Workload
  passes: Pass[]
  plans: Record<string, string[]>
}

const HEADER =
  `${padEnd('', 24)}${pad('n', 6)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('p99 ms', 9)}` +
  `${pad('mean ms', 9)}${pad('max ms', 9)}${pad('req/s', 9)}${pad('errors', 8)}`

const statsRow = (name: string, s: Stats, throughput: number, errors: number | string) =>
  `${padEnd(name, 24)}${pad(s.n, 6)}${pad(fmt(s.p50), 9)}${pad(fmt(s.p95), 9)}${pad(fmt(s.p99), 9)}` +
  `${pad(fmt(s.mean), 9)}${pad(fmt(s.max), 9)}${pad(fmt(throughput), 9)}${pad(errors, 8)}`

/** Prints the report and writes the JSON; returns the JSON file's path. */
export async function report(run: RunInfo, results: Results): Promise<string> {
  const { options, startedAt, totalDocs, load, workload, passes, plans } = run
  const { figures, perQuery, perPrefix } = results
  const bench = run.database
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
      `${options.rounds} round(s); result cache off (cold); search index in memory ${options.inMemory ? 'on' : 'off (--sql)'}; client in a child process over HTTP`,
  )
  print()
  print(HEADER)
  for (const endpoint of ['search', 'complete'] as const) {
    for (const concurrency of CONCURRENCY) {
      const s = figures.api[endpoint][concurrency]!
      print(statsRow(`/pubapi/${endpoint}  c=${concurrency}`, s, s.throughput, s.errors))
    }
    print(statsRow(`  in server  c=1`, figures.server[endpoint], NaN, '-'))
    print(statsRow(`  its SQL    c=1`, figures.sqlInServer[endpoint], NaN, '-'))
    const bare = figures.bare[endpoint]
    print(statsRow(`  bare SQL   c=1`, bare, bare.throughput, '-'))
    if (endpoint === 'search') print(statsRow(`  bare work  c=1`, figures.work.search, NaN, '-'))
  }
  print()
  const ratio = (r: Figures['ratio'], endpoint: 'search' | 'complete') =>
    `${endpoint} p50 ${r[endpoint].p50.toFixed(2)}x, mean ${r[endpoint].mean.toFixed(2)}x`
  print(`API/bare work at c=1:    ${ratio(figures.ratio, 'search')}`)
  print(`server/bare work at c=1: ${ratio(figures.serverRatio, 'search')}`)
  print(
    `API/bare SQL at c=1:     ${ratio(figures.sqlRatio, 'search')}; ${ratio(figures.sqlRatio, 'complete')}`,
  )
  print(
    '(API: as the client sees it; in server: from the request event until the answer is sent; ' +
      'its SQL: the time of its statements within that; bare SQL: the same statements ' +
      'replayed one after another on the same pool, without HTTP; bare work: bare SQL plus ' +
      'what the search computed in memory, timed within that replay where the server computes it)',
  )
  const httpErrors = passes.flatMap((p) => p.samples.filter((s) => s.error))
  print(
    httpErrors.length
      ? `NOT ALL ANSWERS OK: ${httpErrors.length} failed, e.g. ${httpErrors[0]!.error}`
      : 'Every answer was HTTP 200 with a well-formed body.',
  )
  if (figures.pages) printPages(print, figures.pages, workload.search.length)

  print()
  print('Search at c=1 by kind of query (ms):')
  print(
    `  ${padEnd('kind', 12)}${pad('n', 4)}${pad('p50', 8)}${pad('p95', 8)}${pad('max', 8)}` +
      `${pad('bare p50', 10)}${pad('work p50', 10)}${pad('median results', 16)}`,
  )
  for (const kind of QUERY_KINDS) {
    const rows = perQuery.filter((q) => q.kind === kind)
    if (rows.length === 0) continue
    const api = stats(rows.map((q) => q.apiMs))
    const bare = stats(rows.map((q) => q.bareMs))
    const work = stats(rows.map((q) => q.workMs))
    print(
      `  ${padEnd(kind, 12)}${pad(rows.length, 4)}${pad(fmt(api.p50), 8)}${pad(fmt(api.p95), 8)}${pad(fmt(api.max), 8)}` +
        `${pad(fmt(bare.p50), 10)}${pad(fmt(work.p50), 10)}${pad(thousands(median(rows.map((q) => q.total ?? 0))), 16)}`,
    )
  }

  print()
  print(
    'Where the bare SQL time of a search goes (c=1 replay; in server: mean of the same statements as served):',
  )
  const byStatement = new Map<string, number[]>()
  const inServer = new Map<string, number[]>()
  for (const q of perQuery) {
    for (const s of q.perStatement)
      byStatement.set(s.kind, [...(byStatement.get(s.kind) ?? []), s.ms])
    for (const s of q.inServerPerStatement)
      inServer.set(s.kind, [...(inServer.get(s.kind) ?? []), s.ms])
  }
  const bareTotal = perQuery.reduce(
    (sum, q) => sum + q.perStatement.reduce((a, s) => a + s.ms, 0),
    0,
  )
  print(
    `  ${padEnd('statement', 54)}${pad('count', 6)}${pad('mean ms', 9)}${pad('p95 ms', 9)}${pad('share', 8)}${pad('in server', 11)}`,
  )
  for (const [kind, values] of [...byStatement].sort(
    (a, b) => b[1].reduce((x, y) => x + y, 0) - a[1].reduce((x, y) => x + y, 0),
  )) {
    const s = stats(values)
    const share = values.reduce((a, b) => a + b, 0) / bareTotal
    const server = stats(inServer.get(kind) ?? [])
    print(
      `  ${padEnd(kind, 54)}${pad(values.length, 6)}${pad(fmt(s.mean, 2), 9)}${pad(fmt(s.p95, 2), 9)}${pad(`${(share * 100).toFixed(0)}%`, 8)}${pad(fmt(server.mean, 2), 11)}`,
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
    `  ${pad('API', 7)}${pad('work', 7)}${pad('c=8', 7)}${pad('results', 9)}  ${padEnd('kind', 11)} query`,
  )
  for (const q of [...perQuery].sort((a, b) => b.apiMs - a.apiMs).slice(0, 10)) {
    print(
      `  ${pad(fmt(q.apiMs), 7)}${pad(fmt(q.workMs), 7)}${pad(fmt(q.apiMs8), 7)}${pad(thousands(q.total ?? 0), 9)}  ${padEnd(q.kind, 11)} ${q.label}`,
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

  const targets = targetsFor(options.kind, figures)
  print()
  print(
    `Targets (issue 16${figures.pages ? ', /zoeken page issue 33' : ''}; ${options.kind === 'pg' ? 'PostgreSQL' : 'PGlite'}, cold passes; ` +
      `stated for 100,000 documents on this machine; this run: ${thousands(totalDocs)}):`,
  )
  const figure = (value: number, unit: Target['unit']) =>
    unit === 'x' ? `${value.toFixed(2)}x` : `${fmt(value)} ${unit}`
  for (const t of targets) {
    const ok = meets(t)
    const bound = `${t.atLeast ? '>=' : '<='} ${t.unit === 'x' ? `${t.limit}x` : `${t.limit} ${t.unit}`}`
    const miss = ok ? '' : `  (${(t.value / t.limit).toFixed(1)}x the limit)`
    print(
      `  ${padEnd(t.name, 30)} ${padEnd(bound, 12)} ${pad(figure(t.value, t.unit), 11)}  ${ok ? 'PASS' : 'FAIL'}${miss}`,
    )
  }
  print(
    `Information, no target: suggestions API/bare SQL at c=1 p50 ${figures.sqlRatio.complete.p50.toFixed(2)}x, ` +
      `mean ${figures.sqlRatio.complete.mean.toFixed(2)}x (their titles come from memory, not timed apart)`,
  )
  if (figures.warm) printWarm(print, figures.warm, workload.search.length)
  console.log(out.join('\n'))

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
        targets: targets.map((t) => ({ ...t, pass: meets(t) })),
        searches: perQuery,
        prefixes: perPrefix,
        plans,
        errors: httpErrors,
      },
      null,
      2,
    ),
  )
  return file
}

/** The server-rendered search page beside its API search on the same instance. */
function printPages(print: (line?: string) => void, pages: PageFigures, searches: number) {
  print()
  const leftOut = pages.leftOut.length
    ? ` (left out, the web app cannot ask them: ${pages.leftOut.join(', ')})`
    : ''
  print(
    `Server-rendered /zoeken (issue 33): ${pages.searches} of the ${searches} searches as the web app's ` +
      `page URL${leftOut}, ${pages.rounds} round(s);`,
  )
  print(
    'an instance of its own serving the web build, result cache off; its /pubapi/search asked ' +
      'the same searches right before; page - API: per search and round.',
  )
  print(HEADER)
  for (const concurrency of CONCURRENCY) {
    const page = pages.page[concurrency]!
    const api = pages.api[concurrency]!
    print(statsRow(`/zoeken page  c=${concurrency}`, page, page.throughput, page.errors))
    print(statsRow(`  its API     c=${concurrency}`, api, api.throughput, api.errors))
    print(statsRow(`  page - API  c=${concurrency}`, pages.rendering[concurrency]!, NaN, '-'))
  }
  const failed = pages.errors[0]
  print(
    failed
      ? `NOT ALL PAGES OK, e.g. ${failed.path} at c=${failed.concurrency}: ${failed.error}`
      : 'Every page was HTTP 200 HTML rendered on the server (data-server-rendered).',
  )
}

/** The warm pass, as information after the targets. */
function printWarm(print: (line?: string) => void, warm: WarmFigures, paths: number) {
  print()
  const share = ((warm.repeats / warm.requests) * 100).toFixed(1)
  print(
    `Warm, no target: ${thousands(warm.requests)} searches drawn from the ${paths} paths with ` +
      `Zipf weights (exponent ${warm.zipfExponent.toFixed(1)}, seeded), ${warm.distinctPaths} different;`,
  )
  print(
    `${thousands(warm.repeats)} of them (${share}%) repeat an earlier one: the most a cache can answer.`,
  )
  print(
    `Result cache on (SEARCH_CACHE_ENTRIES=${warm.cacheEntries}); each pass on a fresh instance ` +
      '(empty cache) on the same database.',
  )
  print(HEADER)
  for (const [concurrency, s] of Object.entries(warm.api)) {
    print(statsRow(`/pubapi/search warm c=${concurrency}`, s, s.throughput, s.errors))
  }
  const failed = warm.errors[0]
  if (failed)
    print(
      `NOT ALL WARM ANSWERS OK, e.g. ${failed.path} at c=${failed.concurrency}: ${failed.error}`,
    )
}

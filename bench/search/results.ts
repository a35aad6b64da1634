/** From what was measured to the figures, per search and per prefix, that the report prints. */
import { median, stats } from '../shared/stats.ts'
import type { Figures } from './figures.ts'
import type { Pass } from './load-client.ts'
import type { SearchCase, Workload } from './queries.ts'
import type { Statement } from './recorder.ts'
import { statementKind, type Replay } from './replay.ts'
import type { PageFigures } from './pages.ts'
import type { WarmFigures } from './warm.ts'

/** Everything a run measured: the HTTP passes, the server's own timings and the bare replay. */
export interface Measurement {
  workload: Workload
  passes: Pass[]
  /** Per recorded request key (`search:3`), its time inside the server. */
  serverMs: ReadonlyMap<string, number>
  searchRecordings: Array<Statement[] | undefined>
  completeRecordings: Array<Statement[] | undefined>
  bareSearch: Replay
  bareSearchWall: number
  bareComplete: Replay
  bareCompleteWall: number
  /** The warm pass; null when it was left out (`--warm 0`). */
  warm: WarmFigures | null
  /** The server-rendered search page; null when left out (`--no-pages`). */
  pages: PageFigures | null
}

export function computeResults(measured: Measurement) {
  const {
    workload,
    passes,
    searchRecordings,
    completeRecordings,
    bareSearch,
    bareSearchWall,
    bareComplete,
    bareCompleteWall,
    warm,
    pages,
  } = measured
  const searchPaths = workload.search
  const completePaths = workload.prefixes
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
    Array.from({ length: count }, (_, i) => measured.serverMs.get(`${endpoint}:${i}`) ?? NaN)
  const serverSearch = serverMs('search', searchPaths.length)
  const serverComplete = serverMs('complete', completePaths.length)
  const sqlMs = (recordings: Array<Statement[] | undefined>) =>
    recordings.map((r) => (r ? r.reduce((sum, statement) => sum + statement.ms, 0) : NaN))
  const search1 = pass('search', 1)
  // A search's own work: its statements bare plus what it computed in memory (timed within
  // the replay; 0 without the index), per round.
  const searchWork = (i: number) =>
    bareSearch.ms[i]!.map((sqlMs, round) => sqlMs + bareSearch.workMs[i]![round]!)
  const browseIndexes = workload.search.flatMap((c, i) => (c.kind === 'browse' ? [i] : []))
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
    work: {
      search: stats(searchPaths.flatMap((_, i) => searchWork(i))),
      complete: stats(bareComplete.ms.flat()),
    },
    browse: stats(browseIndexes.flatMap((i) => search1.ms[i]!)),
    ratio: { search: { p50: NaN, mean: NaN }, complete: { p50: NaN, mean: NaN } },
    sqlRatio: { search: { p50: NaN, mean: NaN }, complete: { p50: NaN, mean: NaN } },
    serverRatio: { search: { p50: NaN, mean: NaN }, complete: { p50: NaN, mean: NaN } },
    warm,
    pages,
  }
  for (const endpoint of ['search', 'complete'] as const) {
    const api = figures.api[endpoint][1]!
    const bare = figures.bare[endpoint]
    const work = figures.work[endpoint]
    const server = figures.server[endpoint]
    figures.ratio[endpoint] = { p50: api.p50 / work.p50, mean: api.mean / work.mean }
    figures.sqlRatio[endpoint] = { p50: api.p50 / bare.p50, mean: api.mean / bare.mean }
    figures.serverRatio[endpoint] = { p50: server.p50 / work.p50, mean: server.mean / work.mean }
  }

  const perQuery = workload.search.map((c: SearchCase, i) => ({
    kind: c.kind,
    label: c.label,
    path: c.path,
    apiMs: median(search1.ms[i]!),
    apiMs8: median(pass('search', 8).ms[i]!),
    serverMs: serverSearch[i]!,
    bareMs: median(bareSearch.ms[i]!),
    workMs: median(searchWork(i)),
    total: search1.samples.find((s) => s.index === i)?.total ?? null,
    status: search1.samples.find((s) => s.index === i)?.status ?? 0,
    statements: bareSearch.statements[i]!,
    perStatement: bareSearch.perStatement[i]!,
    /** The same statements' times inside the server, while it answered the request. */
    inServerPerStatement: (searchRecordings[i] ?? []).map((statement) => ({
      kind: statementKind(statement.sql),
      ms: statement.ms,
    })),
  }))
  const perPrefix = workload.prefixes.map((prefix, i) => ({
    prefix,
    apiMs: median(pass('complete', 1).ms[i]!),
    serverMs: serverComplete[i]!,
    bareMs: median(bareComplete.ms[i]!),
    suggestions: pass('complete', 1).samples.find((s) => s.index === i)?.total ?? null,
  }))

  return { figures, perQuery, perPrefix }
}

export type Results = ReturnType<typeof computeResults>

/**
 * Search benchmark: the real app (buildApp) on a synthetic 100k-document catalogue,
 * measured over HTTP at 1 and 8 concurrent clients without result cache (cold), the same SQL
 * replayed bare, and a skewed mix of the same searches with the result cache on (warm).
 *
 *   npm run bench -- --db pg                     (PostgreSQL at BENCH_DATABASE_URL)
 *   npm run bench -- --db pglite --docs 100000   (PGlite in a temp data directory)
 *   options: --docs N, --reuse (keep a database that already holds N documents),
 *            --rounds N (passes per cold measurement), --warm N (requests of the warm mix,
 *            0: none), --seed TEXT, --explain (print full plans), --no-pages (not the
 *            server-rendered /zoeken), --web-dist DIR (serve the pages from that build)
 */
import fs from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../../apps/server/src/app.ts'
import { FollowedIndex } from '../../apps/server/src/features/search/memory/followed-index.ts'
import { loadConfig } from '../../apps/server/src/config.ts'
import type { Db } from '../../apps/server/src/db/client.ts'
import { LocalFileStore } from '../../apps/server/src/storage/local-file-store.ts'
import { buildWebApp } from '../web/build.ts'
import { thousands } from '../shared/stats.ts'
import {
  catalogueFingerprint,
  describeCatalogue,
  markCatalogue,
  openBenchDatabase,
  type BenchDatabase,
} from './database.ts'
import { CONCURRENCY, LoadClient, measure, type Pass } from './load-client.ts'
import { readOptions } from './options.ts'
import { buildWorkload, completePath, QUERY_KINDS, type Workload } from './queries.ts'
import { Recorder, type Statement } from './recorder.ts'
import { prepareInMemoryWork } from './engine.ts'
import { explain, replay, type Replay } from './replay.ts'
import { measurePages, pageCases, type PageFigures } from './pages.ts'
import { report } from './report.ts'
import { computeResults } from './results.ts'
import { describeLoad, loadSyntheticCatalogue, type LoadSummary } from './synthesize.ts'
import { measureWarm, WARM_CACHE_ENTRIES } from './warm.ts'

const log = (line: string) => console.log(line)

/** The bench's own web build for the pages, so a build elsewhere cannot change what is measured. */
const PAGES_DIST_DIR = path.join(import.meta.dirname, 'dist')

/** Warm-up passes over the searches at one client (result cache off, so each runs). */
const WARM_UP_PASSES = 10

/**
 * Runs the searches until the server answers them about as fast as it will: the database's
 * buffer cache then holds what they read, and the server's code, PGlite's WebAssembly
 * included, is compiled as on a server that has been answering them for a while. Once over
 * at 2 clients, as before 2026-11-27, left the median search 1 ms (PostgreSQL) to 2 ms
 * (PGlite) slower than where it settles after 5 to 10 passes (bench/README.md, 2026-11-27).
 * Each pass's mean is printed, to show it settling.
 */
async function warmUp(client: LoadClient, baseUrl: string, search: string[], complete: string[]) {
  const means: string[] = []
  for (let pass = 1; pass <= WARM_UP_PASSES; pass++) {
    const { samples } = await client.run({
      baseUrl,
      paths: search,
      concurrency: 1,
      recordPrefix: null,
      expect: 'search',
    })
    means.push(
      (samples.reduce((total, sample) => total + sample.ms, 0) / samples.length).toFixed(1),
    )
  }
  log(`  search mean per pass (ms): ${means.join(', ')}`)
  await client.run({
    baseUrl,
    paths: complete,
    concurrency: 2,
    recordPrefix: null,
    expect: 'complete',
  })
}

/** The searches' own work, without HTTP: their statements replayed, and their in-memory work. */
interface BareSearch {
  bareSearch: Replay
  bareSearchWall: number
}

/**
 * Replays each search's recorded statements bare, with what it computed in memory (none
 * with --sql) run and timed where the server runs it. Measured right after the searches at
 * one client: the server still speeds up over thousands of searches (PGlite most), and
 * work timed later, after the 8-client and suggestion passes, would be compared with a
 * slower API than its own.
 */
async function measureBareSearch(
  db: Db,
  recordings: Array<Statement[] | undefined>,
  searchIndex: FollowedIndex | null,
  workload: Workload,
  rounds: number,
): Promise<BareSearch> {
  log("Replaying the searches' statements as bare SQL, with their in-memory work ...")
  const work = searchIndex
    ? await prepareInMemoryWork(db, searchIndex, workload.search, recordings)
    : []
  // Warm the pool's connections as the HTTP warm-up did for the app.
  await replay(db, recordings.slice(0, 40), 1, work.slice(0, 40))
  const started = performance.now()
  const bareSearch = await replay(db, recordings, rounds, work)
  // The statements' wall time, as before the in-memory work ran within the replay.
  const workTotal = bareSearch.workMs.flat().reduce((total, ms) => total + ms, 0)
  const bareSearchWall = performance.now() - started - workTotal
  return { bareSearch, bareSearchWall }
}

async function main() {
  const options = readOptions()
  const workload = buildWorkload()
  if (workload.search.length < 200 || workload.prefixes.length < 100) {
    throw new Error(
      `workload too small: ${workload.search.length} searches, ${workload.prefixes.length} prefixes`,
    )
  }
  const startedAt = new Date()
  // Built first: a build that fails should not wait for the catalogue.
  const webDist = options.webDist ?? PAGES_DIST_DIR
  if (options.pages && !options.webDist) await buildWebApp(webDist)

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

  // The real app, on a random port, with every statement recorded when asked. Its result
  // cache is off ('0'): the cold passes measure what a search costs, so every request must run
  // its SQL, and the bare replay needs every request's statements.
  const recorder = new Recorder()
  // The entries in memory, built before measuring (as main.ts starts it at start-up), on
  // the database itself: its statements are not a request's. Every instance shares it.
  const searchIndex = options.inMemory ? new FollowedIndex(db) : null
  if (searchIndex) {
    const started = performance.now()
    const { index } = await searchIndex.ready()
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    log(`Search index in memory: ${thousands(index.ordinals)} entries in ${seconds} s`)
  } else {
    log('Search index in memory: off (--sql)')
  }
  const cold = await startApp(recorder.wrap(db), '0', searchIndex, recorder.onRequest)
  const address = cold.address
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
  let searchRecordings: Array<Statement[] | undefined> = []
  let bare: BareSearch | null = null
  try {
    log('Warming up ...')
    await warmUp(client, address, searchPaths, completePaths.slice(0, 30))
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
        if (endpoint === 'search' && concurrency === 1) {
          // Right after the pass it is compared with, while the server is as warm as then.
          // The last search's recording ends with it: nothing run meanwhile belongs to it.
          recorder.current = null
          searchRecordings = searchPaths.map((_, i) => recorder.byKey.get(`search:${i}`))
          bare = await measureBareSearch(
            db,
            searchRecordings,
            searchIndex,
            workload,
            options.rounds,
          )
        }
      }
    }
  } finally {
    client.close()
    await cold.close()
  }

  if (!bare) throw new Error('the searches at one client were not measured')
  const { bareSearch, bareSearchWall } = bare
  log("Replaying the suggestions' statements as bare SQL ...")
  const completeRecordings = completePaths.map((_, i) => recorder.byKey.get(`complete:${i}`))
  // Warm the pool's connections as the HTTP warm-up did for the app.
  await replay(db, completeRecordings.slice(0, 30), 1)
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

  // The server-rendered search page, on an instance of its own that serves the web build.
  let pages: PageFigures | null = null
  if (options.pages) {
    const { cases, leftOut } = await pageCases(workload.search)
    const app = await startApp(db, '0', searchIndex, undefined, webDist)
    try {
      pages = await measurePages(app.address, cases, leftOut, options.rounds, log)
    } finally {
      await app.close()
    }
  }

  // Warm: a skewed mix of the same searches to instances with the result cache on.
  const warm =
    options.warmRequests > 0
      ? await measureWarm(
          searchPaths,
          options.warmRequests,
          () => startApp(db, String(WARM_CACHE_ENTRIES), searchIndex),
          log,
        )
      : null
  await db.close()

  const results = computeResults({
    workload,
    passes,
    serverMs: recorder.serverMs,
    searchRecordings,
    completeRecordings,
    bareSearch,
    bareSearchWall,
    bareComplete,
    bareCompleteWall,
    warm,
    pages,
  })
  const file = await report(
    {
      options,
      startedAt,
      database: { version: bench.version, location: bench.location },
      totalDocs,
      load,
      workload,
      passes,
      plans,
    },
    results,
  )
  console.log(`\nResults written to ${path.relative(process.cwd(), file)}`)
}

/**
 * The real app on 127.0.0.1 (random port) on `db`, configured as the bench needs it, with its
 * own temporary data directory; `searchCacheEntries` is its `SEARCH_CACHE_ENTRIES`. With
 * `webDistDir` it serves (and renders) that web build's pages; without, none.
 */
async function startApp(
  db: Db,
  searchCacheEntries: string,
  searchIndex: FollowedIndex | null,
  onRequest?: (request: IncomingMessage, response: ServerResponse) => void,
  webDistDir?: string,
) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-'))
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DEMO_CONTENT: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: webDistDir ?? path.join(dataDir, 'no-web-build'),
    SEARCH_CACHE_ENTRIES: searchCacheEntries,
    // Every search comes from this one client: without this, all but its first 100 searches
    // an hour would skip the log row, and the bench would no longer measure logged searches.
    SEARCH_LOG_LIMIT_PER_HOUR: '1000000',
    // The bench measures how long searches take, also when they queue: the overload guard
    // would answer 503 instead (8 clients on 2 cores can trip its limits), and measure the
    // guard rather than the search.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MAX_DB_WAITING_QUERIES: '0',
    // Its clients all search from 127.0.0.1, as fast as they can: the per-client limit would
    // answer most of them 429 (bench/search-attack.ts measures that limit).
    SEARCH_RATE_LIMIT_PER_MINUTE: '0',
  })
  const app = await buildApp({
    config,
    db,
    store: new LocalFileStore(path.join(dataDir, 'files')),
    verifyToken: null,
    searchIndex,
  })
  if (onRequest) app.server.prependListener('request', onRequest)
  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  return {
    address,
    close: async () => {
      await app.close()
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

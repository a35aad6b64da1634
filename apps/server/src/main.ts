import { inspect } from 'node:util'
import type { FastifyBaseLogger } from 'fastify'
import { assertSignInAllowed, createSignIn } from './auth/sign-in.ts'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig, maskUrlCredentials } from './config.ts'
import { DevIdpRefusedError } from './auth/dev-idp/refused.ts'
import { DataDirFullError, openDatabase } from './db/client.ts'
import { migrate } from './db/migrate.ts'
import { seedDemoCatalogue } from './features/catalogue/demo.ts'
import { requeueDataRequests } from './features/data-requests/outbox.ts'
import { indexUnsplitDocuments, loadCompoundSplitter } from './features/documents/index.ts'
import { FollowedIndex } from './features/search/memory/followed-index.ts'
import { failOrphanedRuns } from './features/harvesting/run.ts'
import { enqueueDueHarvests } from './features/harvesting/schedule.ts'
import { queueDueRound } from './features/links/index.ts'
import { hourlyMaintenance } from './features/maintenance/maintenance.ts'
import { jobHandlers } from './job-handlers.ts'
import { reclaimAbandonedJobs } from './jobs/queue.ts'
import { DEFAULT_TIMING, JobWorker } from './jobs/worker.ts'
import { openFileStore } from './storage/open-file-store.ts'
import { sweepStore } from './storage/sweep.ts'

const SHUTDOWN_GRACE_MS = 10_000
/** How often the harvest schedule is looked at (issue 18). */
const HARVEST_TICK_MS = 60_000

async function main() {
  const config = loadConfig()
  assertSignInAllowed(config)
  const logger = { level: config.logLevel }
  /** The server's logger once it is built; what happens before goes to standard error. */
  let serverLog: FastifyBaseLogger | null = null
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    // PGlite's thread died: every query would fail while /healthz said 200. Exit instead, so
    // the supervisor (systemd, Kubernetes, App Service) starts the portal again.
    onLost: (error) => {
      const reason = 'embedded database stopped; exiting so that the portal is started again'
      if (serverLog) serverLog.fatal({ err: error }, reason)
      else console.error(`${reason}: ${inspect(error)}`)
      process.exit(1)
    },
  })
  const store = openFileStore(config)
  const signIn = await createSignIn({ config, db })
  /** Set on the first stop signal; /readyz answers 503 from then on. */
  let stopping = false
  const searchIndex = config.search.inMemory
    ? new FollowedIndex(db, (error) => app.log.error({ err: error }, 'search index failed'))
    : null
  const app = await buildApp({
    config,
    db,
    store,
    verifyToken: signIn.verifyToken,
    devIdp: signIn.devIdp,
    logger,
    isDraining: () => stopping,
    searchIndex,
  })
  const log = app.log
  serverLog = log

  const applied = await migrate(db)
  log.info({ applied, database: db.kind }, 'database ready')
  // The Dutch lexicon is read before the first request (about 0.3 s), not during it.
  await loadCompoundSplitter()
  const split = await indexUnsplitDocuments(db)
  if (split > 0) log.info({ documents: split }, 'compound words of older documents indexed')
  if (config.demoContent) {
    const started = Date.now()
    if (await seedDemoCatalogue(db, store)) {
      log.info({ ms: Date.now() - started }, 'demo catalogue loaded')
    }
  }
  log.info(`sign-in: ${signIn.description}`)
  if (config.trustProxy === false && config.publicUrl.startsWith('https:')) {
    // The server speaks plain http, so https means a proxy in front; unbelieved, its address
    // is every visitor's, and the per-address limits then count the whole city as one.
    log.warn(
      'PUBLIC_URL is https but TRUST_PROXY is not set: X-Forwarded-For is ignored and all visitors share the proxy address (docs/operations.md, "Behind a reverse proxy")',
    )
  }
  // What a crash left in the store: unfinished uploads, files whose rows never committed.
  // The embedded database locks DATA_DIR, so then a local store is this process's alone.
  const swept = await sweepStore(db, store, {
    exclusive: db.kind === 'pglite' && !store.mayBeShared,
  })
  log.info(swept, 'file store swept')
  if (config.smtpUrl) {
    // Data questions held while no mail was configured go out now.
    const held = await requeueDataRequests(db, {
      statuses: ['held'],
      maxAttempts: config.dataRequests.maxAttempts,
    })
    if (held.length > 0) log.info({ count: held.length }, 'held data requests queued for delivery')
  }
  if (db.kind === 'pglite') {
    // The embedded database is this process's alone: what is still running was cut off by
    // a crash and need not wait for its lease.
    const reclaimed = await reclaimAbandonedJobs(db)
    if (reclaimed > 0) log.warn({ count: reclaimed }, 'jobs of a stopped process given back')
  }
  const worker = new JobWorker({
    db,
    handlers: jobHandlers({ db, store, config, log }),
    log,
    timing: { ...DEFAULT_TIMING, leaseMs: config.jobs.leaseMs },
    maintenance: hourlyMaintenance({ db, store, config, log }),
  })

  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    // A platform (load balancer, Kubernetes) stops with SIGTERM: keep serving while /readyz
    // says 503, until it has stopped sending here. Ctrl-C (SIGINT) at a laptop need not wait.
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0
    log.info({ signal, drainMs }, 'shutting down')
    const force = setTimeout(() => {
      log.error('shutdown took too long, exiting')
      process.exit(1)
    }, drainMs + SHUTDOWN_GRACE_MS)
    force.unref()
    await new Promise((resolve) => setTimeout(resolve, drainMs))
    // Requests in flight and the job in hand finish (a job taking too long is given back).
    await Promise.all([app.close(), worker.stop({ timeoutMs: SHUTDOWN_GRACE_MS / 2 })])
    await db.close()
    log.info('stopped')
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ host: config.host, port: config.port })
  if (app.metricsListener) {
    const address = await app.metricsListener.listen()
    log.info(`metrics at http://${address.address}:${address.port}/metrics`)
  }
  worker.start()
  // Visitors' searches are answered in memory once it holds the entries; until then by SQL.
  if (searchIndex) {
    const started = Date.now()
    searchIndex
      .ready()
      .then(({ index }) => {
        log.info({ entries: index.ordinals, ms: Date.now() - started }, 'search index in memory')
      })
      .catch((error: unknown) => log.error({ err: error }, 'search index failed'))
  }
  // Scheduled harvests: due sources get a run and the worker is woken for it; runs whose
  // job is gone are failed so their source can run again. Any node may tick at once.
  const harvestTick = setInterval(() => {
    if (stopping) return
    failOrphanedRuns(db)
      .then(() => enqueueDueHarvests(db))
      .then((queued) => {
        if (queued > 0) worker.wake()
      })
      .catch((error: unknown) => log.error({ err: error }, 'harvest schedule tick failed'))
  }, HARVEST_TICK_MS)
  harvestTick.unref()
  // The link checks and the file scrub (issue 32): a round when one is due, on any one node.
  if (config.linkCheck.intervalHours > 0) {
    const linkTick = setInterval(() => {
      if (stopping) return
      queueDueRound(db, config.linkCheck)
        .then((round) => {
          if (!round) return
          log.info(round, 'link check round queued')
          worker.wake()
        })
        .catch((error: unknown) => log.error({ err: error }, 'link check schedule tick failed'))
    }, HARVEST_TICK_MS)
    linkTick.unref()
  }
  log.info(`${config.portalName} is running at ${config.publicUrl}`)
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DevIdpRefusedError ||
    error instanceof DataDirFullError
  ) {
    console.error(error.message)
  } else {
    // Any error may quote DATABASE_URL or SMTP_URL, and start-up output ends up in shared logs.
    console.error(`Start-up failed: ${maskUrlCredentials(inspect(error))}`)
  }
  process.exit(1)
})

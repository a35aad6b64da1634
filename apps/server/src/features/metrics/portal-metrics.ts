import type { FastifyBaseLogger } from 'fastify'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Db } from '../../db/client.ts'
import {
  EXTRACTION_STATUSES,
  JOB_STATES,
  OUTBOX_STATUSES,
  readTableStats,
  type TableStats,
} from './table-stats.ts'

export const METRIC_PREFIX = 'dataportaal_'

/** From a cached page (milliseconds) to a large upload on a slow line (minutes). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120]

export type SearchAudience = 'public' | 'employee'

export interface ObservedRequest {
  method: string
  route: string
  statusCode: number
  seconds: number
}

export interface PortalMetrics {
  readonly contentType: string
  observeRequest(request: ObservedRequest): void
  observeSearch(audience: SearchAudience, statusCode: number, seconds: number): void
  /** The exposition text, with the table counts read from the database just now. */
  scrape(): Promise<string>
}

const statusClass = (statusCode: number) => `${Math.floor(statusCode / 100)}xx`

/**
 * The portal's metrics on a registry of their own: the global one would mix in whatever a
 * library registers there, and tests build many apps in one process.
 */
export function createPortalMetrics(deps: { db: Db; log: FastifyBaseLogger }): PortalMetrics {
  const registry = new Registry()
  // Process memory, CPU, heap, garbage collection and event-loop delay.
  collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX })

  const name = (suffix: string) => `${METRIC_PREFIX}${suffix}`
  const requests = new Counter({
    name: name('http_requests_total'),
    help: 'HTTP requests answered, by route pattern (unmatched: no route) and status',
    labelNames: ['method', 'route', 'status_class', 'status_code'],
    registers: [registry],
  })
  const requestDuration = new Histogram({
    name: name('http_request_duration_seconds'),
    help: 'Time from receiving a request to sending the answer, by route pattern',
    labelNames: ['method', 'route', 'status_class'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  })
  const searchDuration = new Histogram({
    name: name('search_duration_seconds'),
    help: 'Time to answer a catalogue search (GET /pubapi/search and /api/search)',
    labelNames: ['audience', 'status_class'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  })

  const jobs = new Gauge({
    name: name('jobs'),
    help: 'Background jobs in the table by kind and state (done ones until they are purged)',
    labelNames: ['kind', 'state'],
    registers: [registry],
  })
  const jobsRetrying = new Gauge({
    name: name('jobs_retrying'),
    help: 'Pending jobs whose last attempt failed and that will run again',
    labelNames: ['kind'],
    registers: [registry],
  })
  const extractionFiles = new Gauge({
    name: name('extraction_files'),
    help: 'Uploaded files by text extraction status (failed: the text could not be read)',
    labelNames: ['status'],
    registers: [registry],
  })
  const outbox = new Gauge({
    name: name('data_requests_outbox'),
    help: 'Data questions not yet delivered by mail, by status',
    labelNames: ['status'],
    registers: [registry],
  })
  const databaseUp = new Gauge({
    name: name('database_up'),
    help: '1 when the database answered the count query of this scrape, else 0',
    registers: [registry],
  })

  new Gauge({
    name: name('db_pool_connections'),
    help: 'Database connections open (PGlite: its one session)',
    registers: [registry],
    collect() {
      this.set(deps.db.connections().open)
    },
  })
  new Gauge({
    name: name('db_pool_idle_connections'),
    help: 'Database connections open and idle',
    registers: [registry],
    collect() {
      this.set(deps.db.connections().idle)
    },
  })
  new Gauge({
    name: name('db_pool_waiting_queries'),
    help: 'Queries and transactions waiting for a database connection',
    registers: [registry],
    collect() {
      this.set(deps.db.waitingQueries())
    },
  })

  const clearTableStats = () => {
    for (const gauge of [jobs, jobsRetrying, extractionFiles, outbox]) gauge.reset()
  }
  const showTableStats = (stats: TableStats) => {
    clearTableStats()
    // Every state of a kind that has jobs, so an emptied queue reads 0 rather than no data.
    for (const kind of new Set(stats.jobs.map((row) => row.kind))) {
      for (const state of JOB_STATES) jobs.set({ kind, state }, 0)
      jobsRetrying.set({ kind }, 0)
    }
    for (const row of stats.jobs) {
      jobs.set({ kind: row.kind, state: row.state }, row.count)
      jobsRetrying.inc({ kind: row.kind }, row.retrying)
    }
    for (const status of EXTRACTION_STATUSES) extractionFiles.set({ status }, 0)
    for (const row of stats.extraction) extractionFiles.set({ status: row.status }, row.count)
    for (const status of OUTBOX_STATUSES) outbox.set({ status }, 0)
    for (const row of stats.outbox) outbox.set({ status: row.status }, row.count)
  }

  return {
    contentType: registry.contentType,
    observeRequest({ method, route, statusCode, seconds }) {
      const status_class = statusClass(statusCode)
      requests.inc({ method, route, status_class, status_code: String(statusCode) })
      requestDuration.observe({ method, route, status_class }, seconds)
    },
    observeSearch(audience, statusCode, seconds) {
      searchDuration.observe({ audience, status_class: statusClass(statusCode) }, seconds)
    },
    async scrape() {
      try {
        showTableStats(await readTableStats(deps.db))
        databaseUp.set(1)
      } catch (error) {
        // The process metrics are still worth having when the database is away; the counts
        // are left out rather than shown as 0, which would read as "nothing failed".
        deps.log.warn({ err: error }, 'metrics: database counts not available')
        clearTableStats()
        databaseUp.set(0)
      }
      return registry.metrics()
    },
  }
}

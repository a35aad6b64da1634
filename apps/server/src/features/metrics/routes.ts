import { createHash, timingSafeEqual } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyBaseLogger, type FastifyPluginAsync } from 'fastify'
import { sendProblem } from '../../http/problem.ts'
import type { PortalMetrics } from './portal-metrics.ts'

export const METRICS_PATH = '/metrics'

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Digests of equal length, so the comparison takes as long whatever was sent. */
function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1] ?? ''
  return timingSafeEqual(digest(given), digest(token))
}

/** GET /metrics in Prometheus' text format; with a token, only for who sends it. */
export const metricsRoutes =
  (deps: { metrics: PortalMetrics; token: string | null }): FastifyPluginAsync =>
  async (app) => {
    app.get(
      METRICS_PATH,
      {
        // Under load the numbers matter most; the scrape is one count query.
        config: { shedUnderLoad: false },
        // For operations, not part of the API.
        schema: { hide: true },
      },
      async (request, reply) => {
        if (deps.token !== null && !bearerMatches(request.headers.authorization, deps.token)) {
          reply.header('www-authenticate', 'Bearer realm="metrics"')
          return sendProblem(reply, 401, 'Voor de metrics is een geldig token nodig.')
        }
        const text = await deps.metrics.scrape()
        return reply.type(deps.metrics.contentType).header('cache-control', 'no-store').send(text)
      },
    )
  }

/**
 * /metrics on a main port that does not serve it: a plain 404, where the web app's history
 * fallback would answer with its page and a scraper would take that for a 200.
 */
export const metricsNotHere: FastifyPluginAsync = async (app) => {
  app.get(
    METRICS_PATH,
    { config: { shedUnderLoad: false }, schema: { hide: true } },
    (_request, reply) => sendProblem(reply, 404, 'Deze URL bestaat niet.'),
  )
}

export interface MetricsListener {
  /** Listens on METRICS_HOST:METRICS_PORT, or on `port` instead (0: any free one). */
  listen(options?: { port?: number }): Promise<AddressInfo>
  close(): Promise<void>
}

/**
 * A server of its own for METRICS_PORT: only /metrics, on an address that is not the public
 * one, so a proxy in front of the portal cannot expose it by mistake.
 */
export function createMetricsListener(deps: {
  metrics: PortalMetrics
  token: string | null
  host: string
  port: number
  log: FastifyBaseLogger
}): MetricsListener {
  // A scrape every 15 seconds would drown the request log: warnings and errors only.
  const server = Fastify({ loggerInstance: deps.log.child({}, { level: 'warn' }) })
  void server.register(metricsRoutes({ metrics: deps.metrics, token: deps.token }))
  return {
    async listen(options = {}) {
      await server.listen({ host: deps.host, port: options.port ?? deps.port })
      return server.server.address() as AddressInfo
    },
    close: () => server.close(),
  }
}

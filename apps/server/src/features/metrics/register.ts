import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { observeRequests } from './http-metrics.ts'
import { createPortalMetrics } from './portal-metrics.ts'
import {
  createMetricsListener,
  metricsNotHere,
  metricsRoutes,
  type MetricsListener,
} from './routes.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The METRICS_PORT server, built but not listening (main.ts starts it); null without. */
    metricsListener: MetricsListener | null
  }
}

/**
 * Prometheus metrics, never public: on METRICS_PORT (then not on the main port), or on the
 * main port behind METRICS_TOKEN, or not at all. Call before the routes are registered.
 */
export async function registerMetrics(
  app: FastifyInstance,
  deps: { config: Config['metrics']; db: Db },
): Promise<void> {
  const { port, host, token } = deps.config
  if (port === null && token === null) {
    app.decorate('metricsListener', null)
    await app.register(metricsNotHere)
    return
  }
  const metrics = createPortalMetrics({ db: deps.db, log: app.log })
  observeRequests(app, metrics)
  if (port === null) {
    app.decorate('metricsListener', null)
    await app.register(metricsRoutes({ metrics, token }))
    return
  }
  const listener = createMetricsListener({ metrics, token, host, port, log: app.log })
  app.decorate('metricsListener', listener)
  app.addHook('onClose', () => listener.close())
  await app.register(metricsNotHere)
}

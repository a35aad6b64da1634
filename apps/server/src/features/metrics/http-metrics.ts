import { API_PREFIX, apiPaths } from '@dataportaal/contract'
import type { FastifyInstance } from 'fastify'
import type { PortalMetrics, SearchAudience } from './portal-metrics.ts'

/** The label of requests no route matched: their raw URLs would make series without end. */
export const UNMATCHED_ROUTE = 'unmatched'

const SEARCH_ROUTES: Record<string, SearchAudience> = {
  [`${API_PREFIX.public}${apiPaths.search}`]: 'public',
  [`${API_PREFIX.authenticated}${apiPaths.search}`]: 'employee',
}

/**
 * Counts and times every answer by its route pattern (`/api/documents/:id`, not the id).
 * Add it before the routes are registered, so that each of them inherits the hook.
 */
export function observeRequests(app: FastifyInstance, metrics: PortalMetrics) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE
    const seconds = reply.elapsedTime / 1000
    metrics.observeRequest({ method: request.method, route, statusCode: reply.statusCode, seconds })
    const audience = request.method === 'GET' ? SEARCH_ROUTES[route] : undefined
    if (audience) metrics.observeSearch(audience, reply.statusCode, seconds)
  })
}

import { Dashboard, DashboardQuery, Problem, type DashboardPeriod } from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { catalogueQuality } from '../quality/service.ts'
import { createTtlCache, type Clock } from './cache.ts'
import { computeDashboard } from './statistics.ts'

/** Refreshing the dashboard within this time shows the same figures without recomputing. */
export const DASHBOARD_CACHE_TTL_MS = 60_000

/** The admin statistics; on /api only. */
export const dashboardRoutes =
  (deps: { db: Db; defaultSpatial: string; clock?: Clock }): FastifyPluginAsyncZod =>
  async (app) => {
    const cache = createTtlCache<DashboardPeriod, Dashboard>({
      ttlMs: DASHBOARD_CACHE_TTL_MS,
      clock: deps.clock ?? Date.now,
    })

    app.get(
      '/search/dashboard',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['beheer'],
          summary: 'Statistieken van het portaal voor het dashboard',
          description:
            'Aantallen documenten, uploads per maand (12 maanden), openingen per dag, meest geopende documenten, zoekvragen (ook zonder resultaat), gemiddelde waardering, actieve medewerkers en de kwaliteit van de metadata (MQA) per catalogus. `period` geldt voor openingen, zoekvragen en actieve medewerkers. De cijfers worden per periode een minuut bewaard (`generatedAt`).',
          querystring: DashboardQuery,
          response: { 200: Dashboard, 422: Problem },
        },
      },
      (request) =>
        cache.get(request.query.period, async (now) => {
          const [dashboard, quality] = await Promise.all([
            computeDashboard(deps.db, request.query.period, new Date(now)),
            catalogueQuality(deps.db, deps.defaultSpatial),
          ])
          return { ...dashboard, quality }
        }),
    )
  }

import { Health } from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'

export const healthRoutes =
  (deps: { db: Db; isShuttingDown: () => boolean }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/healthz',
      { schema: { tags: ['beheer'], summary: 'Het proces leeft', response: { 200: Health } } },
      () => ({ status: 'ok' as const }),
    )

    app.get(
      '/readyz',
      {
        schema: {
          tags: ['beheer'],
          summary: 'Klaar voor verkeer: database bereikbaar en niet aan het afsluiten',
          response: { 200: Health, 503: Health },
        },
      },
      async (request, reply) => {
        if (deps.isShuttingDown()) return reply.status(503).send({ status: 'unavailable' })
        try {
          await deps.db.query('select 1')
          return { status: 'ok' as const }
        } catch (error) {
          request.log.warn({ err: error }, 'database not reachable')
          return reply.status(503).send({ status: 'unavailable' })
        }
      },
    )
  }

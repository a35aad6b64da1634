import { Health } from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import type { OverloadMonitor } from '../../http/overload.ts'
import type { FileStore } from '../../storage/file-store.ts'

export const healthRoutes =
  (deps: {
    db: Db
    /** Only whether files can be stored: the local and the Azure store both answer that. */
    store: Pick<FileStore, 'ready'>
    isShuttingDown: () => boolean
    overload: OverloadMonitor
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/healthz',
      {
        // Liveness: a busy process is still alive, and must not be restarted for it.
        config: { shedUnderLoad: false },
        schema: { tags: ['beheer'], summary: 'Het proces leeft', response: { 200: Health } },
      },
      () => ({ status: 'ok' as const }),
    )

    app.get(
      '/readyz',
      {
        // Answers for itself: under load it reports 503, so a load balancer sends less.
        config: { shedUnderLoad: false },
        schema: {
          tags: ['beheer'],
          summary:
            'Klaar voor verkeer: database en bestandsopslag bereikbaar, niet overbelast en niet aan het afsluiten',
          response: { 200: Health, 503: Health },
        },
      },
      async (request, reply) => {
        if (deps.isShuttingDown()) return reply.status(503).send({ status: 'unavailable' })
        if (deps.overload.isOverloaded()) {
          return reply
            .status(503)
            .header('retry-after', String(deps.overload.retryAfterSeconds))
            .send({ status: 'unavailable' })
        }
        try {
          await deps.db.query('select 1')
        } catch (error) {
          request.log.warn({ err: error }, 'database not reachable')
          return reply.status(503).send({ status: 'unavailable' })
        }
        try {
          // Uploads would fail, so this node should get no traffic until the store is back.
          await deps.store.ready()
        } catch (error) {
          request.log.warn({ err: error }, 'file store not ready')
          return reply.status(503).send({ status: 'unavailable' })
        }
        return { status: 'ok' as const }
      },
    )
  }

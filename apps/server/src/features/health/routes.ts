import { Health } from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import type { OverloadMonitor } from '../../http/overload.ts'
import type { FileStore } from '../../storage/file-store.ts'
import { freeBytes } from '../../storage/full.ts'

const MB = 1024 * 1024

export const healthRoutes =
  (deps: {
    db: Db
    /** Only whether files can be stored: the local and the Azure store both answer that. */
    store: Pick<FileStore, 'ready'>
    isShuttingDown: () => boolean
    overload: OverloadMonitor
    /** Where uploads, their temporary files and PGlite's database are written. */
    dataDir: string
    /** Less free space on `dataDir`'s disk than this is not ready (0: not checked). */
    minFreeMb: number
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
            'Klaar voor verkeer: database en bestandsopslag bereikbaar, genoeg vrije schijfruimte, niet overbelast en niet aan het afsluiten',
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
        if (deps.minFreeMb > 0) {
          // Before the disk is full: then uploads fail (507) and PGlite's writes with them.
          const freeMb = Math.floor((await freeBytes(deps.dataDir)) / MB)
          if (freeMb < deps.minFreeMb) {
            request.log.warn(
              { dataDir: deps.dataDir, freeMb, minFreeMb: deps.minFreeMb },
              'data directory low on disk space (DATA_DIR_MIN_FREE_MB)',
            )
            return reply.status(503).send({ status: 'unavailable' })
          }
        }
        return { status: 'ok' as const }
      },
    )
  }

import {
  DocumentHistory,
  DocumentIdParams,
  DocumentVersionParams,
  NoQuery,
  Problem,
} from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import type { FileStore } from '../../storage/file-store.ts'
import { sendStoredFile } from '../documents/index.ts'
import { getHistory, getVersionFile } from './service.ts'

/** A document's history, on /pubapi and /api alike; the service decides what a viewer sees. */
export const historyRoutes =
  (deps: { db: Db; store: FileStore }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/documents/:id/history',
      {
        config: { access: 'everyone' },
        schema: {
          tags: ['documenten'],
          summary: 'Eerdere versies en wijzigingen van een document',
          description:
            'Eerdere bestanden (nieuwste eerst) en wat er wanneer veranderde. Bezoekers zien alleen wat goedgekeurd is; wie iets veranderde alleen beheerders.',
          querystring: NoQuery,
          params: DocumentIdParams,
          response: { 200: DocumentHistory, 404: Problem },
        },
      },
      (request) => getHistory(deps.db, request.viewer, request.params.id),
    )

    app.get(
      '/documents/:id/versions/:versionId/file',
      {
        config: { access: 'everyone' },
        schema: {
          tags: ['documenten'],
          summary: 'Een eerdere versie van een bestand downloaden',
          description:
            'Antwoordt met het bestand zelf (Content-Disposition: attachment), met dezelfde zichtbaarheid als de geschiedenis, of 404 als problem details.',
          params: DocumentVersionParams,
          querystring: NoQuery,
        },
      },
      async (request, reply) => {
        const { id, versionId } = request.params
        const file = await getVersionFile(deps.db, request.viewer, id, versionId)
        return sendStoredFile(request, reply, deps.store, file)
      },
    )
  }

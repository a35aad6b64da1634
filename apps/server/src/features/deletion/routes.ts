import {
  DeletedDocumentList,
  DeletedDocumentsQuery,
  DocumentIdParams,
  NoQuery,
  Problem,
  RestoreResult,
} from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { adminOf } from '../../http/access.ts'
import { listDeletedDocuments, restoreDocument, type Retention } from './service.ts'

/** Deleted documents: the list an admin restores from, and the restore (/api only, admins). */
export const deletionRoutes =
  (deps: { db: Db; config: Retention }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/documents/deleted',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['verwijderd'],
          summary: 'Verwijderde documenten die nog te herstellen zijn; laatst verwijderd eerst',
          description:
            'Met de status van voor het verwijderen, wie het verwijderde en wanneer, en wanneer het definitief wordt verwijderd (DELETED_RETENTION_DAYS na het verwijderen).',
          querystring: DeletedDocumentsQuery,
          response: { 200: DeletedDocumentList, 403: Problem, 422: Problem },
        },
      },
      (request) => listDeletedDocuments(deps.db, request.query, deps.config),
    )

    app.post(
      '/documents/:id/restore',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['verwijderd'],
          summary: 'Een verwijderd document herstellen',
          description:
            'Het document is meteen weer overal terug, in de status die het had, en het herstel staat in het auditlog. 404 als het niet verwijderd is of de bewaartermijn voorbij is.',
          querystring: NoQuery,
          params: DocumentIdParams,
          response: { 200: RestoreResult, 403: Problem, 404: Problem, 422: Problem },
        },
      },
      (request) => restoreDocument(deps.db, adminOf(request), request.params.id, deps.config),
    )
  }

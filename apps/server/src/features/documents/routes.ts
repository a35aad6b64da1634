import {
  DocumentDetail,
  DocumentFileParams,
  DocumentIdParams,
  Problem,
  BucketList,
  DocumentList,
  ValidationList,
  NoQuery,
  OwnDocumentsQuery,
  ValidationQuery,
} from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from '../../config.ts'
import type { FileStore } from '../../storage/file-store.ts'
import type { Db } from '../../db/client.ts'
import { adminOf, employeeOf } from '../../http/access.ts'
import { activityClient } from '../activity-logs/client.ts'
import { withQuality } from '../quality/service.ts'
import type { DocumentAdditions } from './additions.ts'
import { sendStoredFile } from './download.ts'
import { listForValidation, listOwnDocuments } from './lists.ts'
import { countByContentType, getDocument, getDocumentFile, recordOpen } from './service.ts'

export const documentRoutes =
  (deps: {
    db: Db
    store: FileStore
    config: Pick<Config, 'validation' | 'catalogue'>
    audience: 'public' | 'employee'
    /** What other features add to the answers (app.ts); none on /pubapi. */
    additions?: DocumentAdditions
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/documents/categorytypenameaggregation',
      {
        config: { access: 'everyone' },
        schema: {
          tags: ['documenten'],
          summary: 'Aantal zichtbare documenten per soort (categoryType)',
          querystring: NoQuery,
          response: { 200: BucketList },
        },
      },
      async (request) => {
        const results = await countByContentType(deps.db, request.viewer)
        return { Results: results, Total: results.length }
      },
    )

    app.get(
      '/documents/:id',
      {
        config: { access: 'everyone' },
        schema: {
          tags: ['documenten'],
          summary: 'Een document met zijn bestanden',
          querystring: NoQuery,
          params: DocumentIdParams,
          response: { 200: DocumentDetail, 404: Problem },
        },
      },
      async (request) => {
        const document = await getDocument(deps.db, request.viewer, request.params.id)
        const added = await deps.additions?.detail(request.viewer, document)
        const detail = { ...document, ...added }
        if (!detail.abilities.edit) return detail
        const [withScore] = await withQuality(deps.db, deps.config.catalogue.spatial, [detail])
        return withScore ?? detail
      },
    )

    app.get(
      '/documents/:id/files/:fileId',
      {
        config: { access: 'everyone' },
        schema: {
          tags: ['documenten'],
          summary: 'Een bestand van een document downloaden',
          description:
            'Antwoordt met het bestand zelf (Content-Disposition: attachment), of 404 als problem details.',
          params: DocumentFileParams,
          querystring: NoQuery,
        },
      },
      async (request, reply) => {
        const { id, fileId } = request.params
        const file = await getDocumentFile(deps.db, request.viewer, id, fileId)
        return sendStoredFile(request, reply, deps.store, file)
      },
    )

    app.post(
      '/documents/open/:id',
      {
        config: { access: 'everyone' },
        schema: {
          tags: ['documenten'],
          summary: 'Vastleggen dat een document is geopend',
          querystring: NoQuery,
          params: DocumentIdParams,
          response: { 204: z.null(), 404: Problem },
        },
      },
      async (request, reply) => {
        await recordOpen(deps.db, request.viewer, request.params.id, activityClient(request))
        return reply.status(204).send(null)
      },
    )

    if (deps.audience === 'public') return

    app.get(
      '/documents/user',
      {
        config: { access: 'employee' },
        schema: {
          tags: ['documenten'],
          summary: 'Eigen documenten in elke status, nieuwste eerst',
          description:
            'Met `status=openstaand` en `pageSize=1` geeft `Total` het aantal eigen documenten dat op validatie wacht.',
          querystring: OwnDocumentsQuery,
          response: { 200: DocumentList, 422: Problem },
        },
      },
      (request) => listOwnDocuments(deps.db, employeeOf(request), request.query),
    )

    app.get(
      '/documents/validate',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['validatie'],
          summary: 'Documenten per status, voor validatie; nieuwste eerst',
          description:
            '`status` is `openstaand` tenzij anders gevraagd; `Total` daarvan is het aantal documenten dat op validatie wacht.',
          querystring: ValidationQuery,
          response: { 200: ValidationList, 403: Problem, 422: Problem },
        },
      },
      async (request) => {
        const list = await listForValidation(
          deps.db,
          adminOf(request),
          request.query,
          deps.config.validation,
          deps.additions,
        )
        const Results = await withQuality(deps.db, deps.config.catalogue.spatial, list.Results)
        return { ...list, Results }
      },
    )
  }

import { DocumentIdParams, NoQuery, Problem, RatingQuery, RatingState } from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { employeeOf } from '../../http/access.ts'
import { rateDocument } from './service.ts'

/** The signed-in employee's rating of a document; on /api only. */
export const ratingRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/documents/:id/rating',
      {
        config: { access: 'employee' },
        schema: {
          tags: ['waarderingen'],
          summary: 'Document waarderen met 1 tot en met 5 sterren',
          description:
            'Eén waardering per medewerker per document; een nieuwe vervangt de vorige. Antwoordt met de eigen waardering en het nieuwe gemiddelde en aantal.',
          querystring: RatingQuery,
          params: DocumentIdParams,
          response: { 200: RatingState, 404: Problem, 422: Problem },
        },
      },
      (request) =>
        rateDocument(deps.db, employeeOf(request), request.params.id, request.query.rating),
    )

    app.put(
      '/documents/:id/resetrating',
      {
        config: { access: 'employee' },
        schema: {
          tags: ['waarderingen'],
          summary: 'Eigen waardering van een document verwijderen',
          description: 'Antwoordt met `rating: null` en het nieuwe gemiddelde en aantal.',
          querystring: NoQuery,
          params: DocumentIdParams,
          response: { 200: RatingState, 404: Problem, 422: Problem },
        },
      },
      (request) => rateDocument(deps.db, employeeOf(request), request.params.id, null),
    )
  }

import {
  DocumentIdParams,
  DocumentList,
  FavoriteState,
  FavoritesQuery,
  NoQuery,
  Problem,
} from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { employeeOf } from '../../http/access.ts'
import { listFavorites, setFavorite } from './service.ts'

/** Favourites of the signed-in employee; on /api only. */
export const favoriteRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/documents/favorites',
      {
        config: { access: 'employee' },
        schema: {
          tags: ['favorieten'],
          summary: 'Eigen favorieten, nieuwste favoriet eerst',
          description:
            'Verwijderde documenten en documenten die de gebruiker niet (meer) mag zien vallen weg.',
          querystring: FavoritesQuery,
          response: { 200: DocumentList, 422: Problem },
        },
      },
      (request) => listFavorites(deps.db, employeeOf(request), request.query),
    )

    for (const [method, favorited] of [
      ['PUT', true],
      ['DELETE', false],
    ] as const) {
      app.route({
        method,
        url: '/documents/:id/favorite',
        config: { access: 'employee' },
        schema: {
          tags: ['favorieten'],
          summary: favorited ? 'Document als favoriet bewaren' : 'Document uit de favorieten halen',
          description: 'Tweemaal hetzelfde verandert niets. 404 voor een document dat u niet ziet.',
          querystring: NoQuery,
          params: DocumentIdParams,
          response: { 200: FavoriteState, 404: Problem, 422: Problem },
        },
        handler: (request) =>
          setFavorite(deps.db, employeeOf(request), request.params.id, favorited),
      })
    }
  }

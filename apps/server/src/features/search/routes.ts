import {
  CompleteParams,
  CompleteResponse,
  EmployeeSearchQuery,
  Problem,
  PublicSearchQuery,
  SearchResponse,
  NoQuery,
} from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { activityClient } from '../activity-logs/client.ts'
import { limitPerClient, type ClientLimiter } from './client-limit.ts'
import { suggest } from './complete.ts'
import { searchDocuments, type SearchNode } from './service.ts'

export const searchRoutes =
  (deps: {
    db: Db
    config: Pick<Config, 'activityLogs'>
    audience: 'public' | 'employee'
    /** Shared by both audiences: a visitor's answer is the same through either API. */
    node: SearchNode
    /** Shared by both audiences too: one budget per client (docs/security.md). */
    limiter: ClientLimiter
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const onRequest = limitPerClient(deps.limiter)
    app.get(
      '/search',
      {
        config: { access: 'everyone' },
        onRequest,
        schema: {
          tags: ['zoeken'],
          summary: 'Zoeken in de catalogus, met facetten',
          querystring: deps.audience === 'public' ? PublicSearchQuery : EmployeeSearchQuery,
          response: { 200: SearchResponse, 422: Problem, 429: Problem },
        },
      },
      (request) =>
        searchDocuments(
          deps.db,
          request.viewer,
          request.query,
          {
            client: activityClient(request),
            limitPerHour: deps.config.activityLogs.searchesPerClientPerHour,
            onFailure: (error) =>
              request.log.error({ err: error }, 'search answered but not logged'),
          },
          deps.node,
        ),
    )

    app.get(
      '/complete/:query',
      {
        config: { access: 'everyone' },
        onRequest,
        schema: {
          tags: ['zoeken'],
          summary: 'Zoeksuggesties (titels en thema’s), hoogstens 8',
          querystring: NoQuery,
          params: CompleteParams,
          response: { 200: CompleteResponse, 422: Problem, 429: Problem },
        },
      },
      (request) => suggest(deps.db, request.params.query, deps.node.index),
    )
  }

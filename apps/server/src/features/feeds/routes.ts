import { ATOM_MEDIA_TYPE, apiPaths, FeedQuery, FEED_LIMITS, Problem } from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { renderAtom } from './atom.ts'
import { documentsFeed, type FeedSite } from './service.ts'

/** Public on /pubapi only: a feed reader has no account. */
export const feedRoutes =
  (deps: { db: Db; config: FeedSite }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      apiPaths.documentsFeed,
      {
        config: { access: 'everyone' },
        schema: {
          tags: ['feeds'],
          summary:
            'Atom-feed van nieuw gepubliceerde documenten (alles, een thema of een zoekopdracht)',
          description: `De ${FEED_LIMITS.maxEntries} laatst gepubliceerde documenten die bij de zoekopdracht passen, nieuwste eerst. Dezelfde zoektekst en filters als \`/search\` (\`tags\` voor een thema; zonder parameters de hele catalogus), zonder \`offset\`, \`pageSize\` en \`sort\`.`,
          querystring: FeedQuery,
          response: {
            200: {
              description: 'Een Atom 1.0-feed (RFC 4287).',
              content: { [ATOM_MEDIA_TYPE]: { schema: z.string() } },
            },
            422: Problem,
          },
        },
      },
      async (request, reply) => {
        const feed = await documentsFeed(deps.db, request.viewer, request.query, deps.config)
        return (
          reply
            .type(`${ATOM_MEDIA_TYPE}; charset=utf-8`)
            // Readers poll; each poll asks again, so an unpublished document leaves at once.
            .header('Cache-Control', 'no-cache')
            .send(renderAtom(feed))
        )
      },
    )
  }

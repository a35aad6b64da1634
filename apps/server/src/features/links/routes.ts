import { apiPaths, LinkReport, NoQuery, Problem } from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { linkReport } from './report.ts'

/** The link checker's and the file scrub's findings, for admins on /api. */
export const linkRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      apiPaths.linkReport,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['validatie'],
          summary: 'Kapotte links en beschadigde bestanden',
          description:
            "De externe links (bestanden van geharveste documenten, bronpagina's) die drie controles op rij faalden, en de opgeslagen bestanden die ontbreken of niet meer bij hun SHA-256 passen, met het document, de fout en sinds wanneer. Alleen beheerders; niets wordt vanzelf hersteld.",
          querystring: NoQuery,
          response: { 200: LinkReport, 401: Problem, 403: Problem },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'no-store')
        return linkReport(deps.db)
      },
    )
  }

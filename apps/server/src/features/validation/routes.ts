import {
  DocumentIdParams,
  Disapproval,
  NoQuery,
  Problem,
  ValidationResult,
} from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { adminOf } from '../../http/access.ts'
import { decide } from './service.ts'

/**
 * Approving and disapproving, on /api only. GET, as spec section 7 has it: these change
 * state, so they are admin-only (bearer token and role, which no prefetch or link carries),
 * never cached, and have no automatic HEAD twin that would approve as well.
 */
export const validationRoutes =
  (deps: { db: Db; config: Pick<Config, 'validation'> }): FastifyPluginAsyncZod =>
  async (app) => {
    const responses = {
      200: ValidationResult,
      403: Problem,
      404: Problem,
      409: Problem,
      422: Problem,
    }
    // Every answer of these routes, errors included, is never stored by a cache.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store')
    })

    app.get(
      '/documents/validate/:id/approve',
      {
        config: { access: 'admin' },
        exposeHeadRoute: false,
        schema: {
          tags: ['validatie'],
          summary: 'Een document goedkeuren (publiceren)',
          description:
            'Zet de status op `goedgekeurd` en `published` op nu, en legt dat vast in het auditlog. Nogmaals goedkeuren geeft 200 met `changed: false`; een door een ander afgekeurd document 409; een verwijderd document 404; een document dat de beheerder zelf heeft geüpload of als laatste heeft bewerkt 403 (vier ogen, tenzij ALLOW_SELF_VALIDATION). GET volgens de specificatie; wijzigt toch de status, dus alleen met bearer token.',
          querystring: NoQuery,
          params: DocumentIdParams,
          response: responses,
        },
      },
      (request) =>
        decide(
          deps.db,
          adminOf(request),
          request.params.id,
          { status: 'goedgekeurd' },
          deps.config.validation,
        ),
    )

    app.get(
      '/documents/validate/:id/disapprove',
      {
        config: { access: 'admin' },
        exposeHeadRoute: false,
        schema: {
          tags: ['validatie'],
          summary: 'Een document afkeuren, met categorie en toelichting',
          description:
            'Zet de status op `afgekeurd` met `statusCategory` en een verplichte `statusDescription`, die de uploader op /data ziet, en legt dat vast in het auditlog. Nogmaals afkeuren geeft 200 met `changed: false`; een door een ander goedgekeurd document 409; een verwijderd document 404; een eigen upload of eigen laatste bewerking 403 (vier ogen).',
          querystring: Disapproval,
          params: DocumentIdParams,
          response: responses,
        },
      },
      (request) =>
        decide(
          deps.db,
          adminOf(request),
          request.params.id,
          { status: 'afgekeurd', ...request.query },
          deps.config.validation,
        ),
    )
  }

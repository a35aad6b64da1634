import {
  DocumentIdParams,
  DocumentPrivacy,
  NoQuery,
  PrivacyFindingParams,
  PrivacyOwnerNote,
  PrivacyReviewRequest,
  Problem,
  PublishedWithFindingsList,
  PublishedWithFindingsQuery,
} from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { adminOf, employeeOf } from '../../http/access.ts'
import { listPublishedWithFindings } from './published.ts'
import { noteFinding, reviewPrivacy } from './review.ts'

const TAG = 'persoonsgegevens'

/** The personal-data check on /api only: findings are never public. */
export const privacyRoutes =
  (deps: { db: Db; config: Pick<Config, 'validation'> }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store')
    })

    app.post(
      '/documents/:id/privacy-review',
      {
        config: { access: 'admin' },
        schema: {
          tags: [TAG],
          summary: 'De mogelijke persoonsgegevens van een document beoordelen',
          description:
            "Per bevinding `geen-persoonsgegeven` of `mag-openbaar` met een reden, en per deel dat niet gecontroleerd kon worden (`fileId` null: titel en beschrijving) een verklaring dat het met de hand is gecontroleerd. Pas als alles is beoordeeld kan het document worden goedgekeurd. Niet door de beheerder die het document heeft geüpload of als laatste heeft bewerkt (403, vier ogen); een bevinding die er niet meer is 409. 'Moet weg' is geen beoordeling maar een afkeuring.",
          querystring: NoQuery,
          params: DocumentIdParams,
          body: PrivacyReviewRequest,
          response: {
            200: DocumentPrivacy,
            403: Problem,
            404: Problem,
            409: Problem,
            422: Problem,
          },
        },
      },
      (request) =>
        reviewPrivacy(
          deps.db,
          adminOf(request),
          request.params.id,
          request.body,
          deps.config.validation,
        ),
    )

    app.post(
      '/documents/:id/privacy-findings/:findingId/owner-note',
      {
        config: { access: 'employee' },
        schema: {
          tags: [TAG],
          summary: "Een bevinding als 'geen persoonsgegeven' markeren (eigenaar)",
          description:
            'De eigenaar legt met een reden uit waarom een bevinding geen persoonsgegeven is. Dat is een toelichting voor de beheerder, geen beoordeling: de bevinding blijft open tot een beheerder haar beoordeelt.',
          querystring: NoQuery,
          params: PrivacyFindingParams,
          body: PrivacyOwnerNote,
          response: {
            200: DocumentPrivacy,
            403: Problem,
            404: Problem,
            409: Problem,
            422: Problem,
          },
        },
      },
      (request) =>
        noteFinding(
          deps.db,
          employeeOf(request),
          request.params.id,
          request.params.findingId,
          request.body,
        ),
    )

    app.get(
      '/documents/privacy/published',
      {
        config: { access: 'admin' },
        schema: {
          tags: [TAG],
          summary: 'Gepubliceerd met mogelijke persoonsgegevens',
          description:
            'Gepubliceerde documenten met bevindingen of niet-gecontroleerde delen die nog geen beheerder heeft beoordeeld; nieuwst gepubliceerd eerst. Er wordt niets automatisch teruggetrokken.',
          querystring: PublishedWithFindingsQuery,
          response: { 200: PublishedWithFindingsList, 403: Problem, 422: Problem },
        },
      },
      (request) => listPublishedWithFindings(deps.db, request.query),
    )
  }

import {
  HarvestRun,
  HarvestRunList,
  HarvestRunParams,
  HarvestSource,
  HarvestSourceInput,
  HarvestSourceList,
  HarvestSourceParams,
  NoQuery,
  Problem,
} from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { adminOf } from '../../http/access.ts'
import { createSource, getRun, listRuns, listSources, requestRun, updateSource } from './service.ts'

const TAG = 'oogsten'

/** Admins manage the catalogues the portal harvests and ask for runs; on /api only. */
export const harvestingRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/harvest/sources',
      {
        config: { access: 'admin' },
        schema: {
          tags: [TAG],
          summary: 'De bronnen die het portaal oogst, met hun laatste run',
          description:
            'Op naam. Per bron het aantal documenten (ingetrokken niet meegeteld), de volgende geplande run en de laatste run.',
          querystring: NoQuery,
          response: { 200: HarvestSourceList },
        },
      },
      () => listSources(deps.db),
    )

    app.post(
      '/harvest/sources',
      {
        config: { access: 'admin' },
        schema: {
          tags: [TAG],
          summary: 'Een bron toevoegen',
          description:
            'Een naam (hoofdletters tellen niet mee) of URL die een andere bron al heeft: 409. Een geplande bron die aan staat wordt na één interval voor het eerst opgehaald.',
          querystring: NoQuery,
          body: HarvestSourceInput,
          response: { 201: HarvestSource, 409: Problem, 422: Problem },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createSource(deps.db, adminOf(request), request.body)),
    )

    app.put(
      '/harvest/sources/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: [TAG],
          summary: 'De instellingen van een bron wijzigen',
          description:
            'Vervangt alle instellingen. De volgende geplande run verschuift alleen als het schema verandert of de bron weer aan gaat.',
          querystring: NoQuery,
          params: HarvestSourceParams,
          body: HarvestSourceInput,
          response: { 200: HarvestSource, 404: Problem, 409: Problem, 422: Problem },
        },
      },
      (request) => updateSource(deps.db, adminOf(request), request.params.id, request.body),
    )

    app.post(
      '/harvest/sources/:id/runs',
      {
        config: { access: 'admin' },
        schema: {
          tags: [TAG],
          summary: 'Een bron nu laten ophalen',
          description:
            'Zet een run in de wachtrij en antwoordt met 202 en die run; volg de voortgang met GET /harvest/runs/{id}. Terwijl een run van de bron wacht of loopt, of als de bron uit staat: 409.',
          querystring: NoQuery,
          params: HarvestSourceParams,
          response: { 202: HarvestRun, 404: Problem, 409: Problem, 422: Problem },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await requestRun(deps.db, adminOf(request), request.params.id)),
    )

    app.get(
      '/harvest/sources/:id/runs',
      {
        config: { access: 'admin' },
        schema: {
          tags: [TAG],
          summary: 'De laatste runs van een bron, met hun verslag',
          description: 'Nieuwste eerst; `Total` telt alle runs van de bron.',
          querystring: NoQuery,
          params: HarvestSourceParams,
          response: { 200: HarvestRunList, 404: Problem, 422: Problem },
        },
      },
      (request) => listRuns(deps.db, request.params.id),
    )

    app.get(
      '/harvest/runs/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: [TAG],
          summary: 'Eén run: zijn voortgang terwijl hij loopt, zijn verslag als hij klaar is',
          querystring: NoQuery,
          params: HarvestRunParams,
          response: { 200: HarvestRun, 404: Problem, 422: Problem },
        },
      },
      (request) => getRun(deps.db, request.params.id),
    )
  }

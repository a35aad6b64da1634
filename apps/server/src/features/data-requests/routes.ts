import { DataRequest, DataRequestAccepted, Problem } from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { sendProblem } from '../../http/problem.ts'
import { submitDataRequest } from './service.ts'

/** The wait in whole minutes, so the form can say when to try again. */
function tooManyDetail(seconds: number) {
  const minutes = Math.ceil(seconds / 60)
  const wait = minutes === 1 ? '1 minuut' : `${minutes} minuten`
  return `U hebt het afgelopen uur al veel vragen gestuurd. Probeer het over ${wait} opnieuw.`
}

/** POST /mail: the data question of /datavraag; anonymous, registered under the mail prefix. */
export const dataRequestRoutes =
  (deps: { db: Db; config: Config }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '',
      {
        config: { access: 'everyone' },
        schema: {
          tags: ['datavraag'],
          summary: 'Een datavraag aan het datateam sturen',
          description:
            'Zonder aanmelding. De vraag wordt opgeslagen en op de achtergrond gemaild naar het datateam, met de vraagsteller als antwoordadres. 429 met Retry-After na te veel vragen van één adres binnen een uur.',
          body: DataRequest,
          response: { 202: DataRequestAccepted, 415: Problem, 422: Problem, 429: Problem },
        },
      },
      async (request, reply) => {
        const outcome = await submitDataRequest(
          deps.db,
          deps.config.dataRequests,
          request.body,
          request.ip,
        )
        if (outcome.kind === 'rate-limited') {
          reply.header('Retry-After', String(outcome.retryAfterSeconds))
          return sendProblem(reply, 429, tooManyDetail(outcome.retryAfterSeconds))
        }
        return reply.status(202).send({ id: outcome.id })
      },
    )
  }

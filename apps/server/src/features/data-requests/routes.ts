import {
  DataRequest,
  DataRequestAccepted,
  DataRequestHeaders,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_HOURS,
  Problem,
} from '@dataportaal/contract'
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

/** IETF draft "The Idempotency-Key HTTP Header Field": a key reused with another body is 422. */
const KEY_REUSED_DETAIL =
  'Deze Idempotency-Key hoort bij een andere vraag. Stuur een nieuwe vraag met een nieuwe sleutel.'

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
          description: `Zonder aanmelding. De vraag wordt opgeslagen en op de achtergrond gemaild naar het datateam, met de vraagsteller als antwoordadres. 429 met Retry-After na te veel vragen van één adres binnen een uur. Met de kopregel Idempotency-Key (een UUID, nieuw per vraag) mag een vraag opnieuw worden verstuurd als het antwoord niet aankwam: een herhaling binnen ${IDEMPOTENCY_KEY_HOURS} uur krijgt het eerste antwoord (202 met hetzelfde id) en wordt niet nog eens opgeslagen of gemaild; dezelfde sleutel met een andere vraag krijgt 422.`,
          headers: DataRequestHeaders,
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
          request.headers[IDEMPOTENCY_KEY_HEADER],
        )
        if (outcome.kind === 'key-reused') return sendProblem(reply, 422, KEY_REUSED_DETAIL)
        if (outcome.kind === 'rate-limited') {
          reply.header('Retry-After', String(outcome.retryAfterSeconds))
          return sendProblem(reply, 429, tooManyDetail(outcome.retryAfterSeconds))
        }
        return reply.status(202).send({ id: outcome.id })
      },
    )
  }

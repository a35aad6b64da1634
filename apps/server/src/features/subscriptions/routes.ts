import {
  ManagedSubscriptions,
  OneClickUnsubscribeBody,
  Problem,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_PATHS,
  SubscriptionAccepted,
  SubscriptionIdParams,
  SubscriptionOutcome,
  SubscriptionRequest,
  SubscriptionTokenBody,
  SubscriptionTokenQuery,
} from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { sendProblem } from '../../http/problem.ts'
import {
  confirm,
  InvalidSubscriptionQuery,
  listManaged,
  removeManaged,
  subscribe,
  unsubscribe,
} from './service.ts'

const TAGS = ['volgen']

/** Under /pubapi: following a search, theme or document by e-mail, without an account. */
export const subscriptionRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    // RFC 8058: a mail client's one-click POST is form-encoded.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1_000 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )

    app.post(
      SUBSCRIPTION_PATHS.subscribe,
      {
        config: { access: 'everyone' },
        schema: {
          tags: TAGS,
          summary: 'Een zoekopdracht, thema of document volgen via e-mail',
          description:
            'Zonder account. Altijd 202 met hetzelfde antwoord, of het adres bekend is of niet; een bevestigingsmail volgt (double opt-in). 429 wanneer deze client het afgelopen uur te veel aanmeldingen stuurde.',
          body: SubscriptionRequest,
          response: { 202: SubscriptionAccepted, 422: Problem, 429: Problem },
        },
      },
      async (request, reply) => {
        try {
          const outcome = await subscribe(deps.db, request.body, request.ip)
          if (outcome.kind === 'rate-limited') {
            reply.header('Retry-After', '3600')
            return sendProblem(reply, 429, SUBSCRIPTION_MESSAGES.tooMany)
          }
        } catch (error) {
          if (error instanceof InvalidSubscriptionQuery) {
            return sendProblem(reply, 422, 'Deze zoekopdracht kan niet gevolgd worden.')
          }
          throw error
        }
        return reply.status(202).send({ message: SUBSCRIPTION_MESSAGES.accepted })
      },
    )

    app.post(
      SUBSCRIPTION_PATHS.confirm,
      {
        config: { access: 'everyone' },
        schema: {
          tags: TAGS,
          summary: 'Een aanmelding bevestigen met de link uit de bevestigingsmail',
          body: SubscriptionTokenBody,
          response: { 200: SubscriptionOutcome, 404: Problem },
        },
      },
      async (request, reply) => {
        if (!(await confirm(deps.db, request.body.token))) {
          return sendProblem(reply, 404, SUBSCRIPTION_MESSAGES.unknownToken)
        }
        return { changed: true }
      },
    )

    app.post(
      SUBSCRIPTION_PATHS.unsubscribe,
      {
        config: { access: 'everyone' },
        schema: {
          tags: TAGS,
          summary: 'Afmelden met één klik (RFC 8058)',
          description:
            'De List-Unsubscribe-URL van elk bericht: een POST (ook met List-Unsubscribe=One-Click) beëindigt zonder meer de aanmeldingen van dat bericht. 200 ook als dat al gebeurd was.',
          querystring: SubscriptionTokenQuery,
          body: OneClickUnsubscribeBody,
          response: { 200: SubscriptionOutcome },
        },
      },
      async (request) => ({ changed: await unsubscribe(deps.db, request.query.token) }),
    )

    app.get(
      SUBSCRIPTION_PATHS.manage,
      {
        config: { access: 'everyone' },
        schema: {
          tags: TAGS,
          summary: 'De aanmeldingen van een adres, met de beheerlink uit een bericht',
          description: 'Het adres zelf staat er nooit in.',
          querystring: SubscriptionTokenQuery,
          response: { 200: ManagedSubscriptions, 404: Problem },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store')
        const subscriptions = await listManaged(deps.db, request.query.token)
        if (!subscriptions) return sendProblem(reply, 404, SUBSCRIPTION_MESSAGES.unknownToken)
        return { subscriptions }
      },
    )

    app.delete(
      '/subscriptions/manage/:id',
      {
        config: { access: 'everyone' },
        schema: {
          tags: TAGS,
          summary: 'Eén aanmelding beëindigen vanaf de beheerpagina',
          params: SubscriptionIdParams,
          querystring: SubscriptionTokenQuery,
          response: { 200: SubscriptionOutcome, 404: Problem },
        },
      },
      async (request, reply) => {
        const removed = await removeManaged(deps.db, request.query.token, request.params.id)
        if (removed === null) return sendProblem(reply, 404, SUBSCRIPTION_MESSAGES.unknownToken)
        return { changed: removed }
      },
    )
  }

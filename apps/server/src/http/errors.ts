import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import {
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  isDomainError,
  NotFoundError,
  TooLargeError,
  UnsupportedTypeError,
  type DomainError,
} from '../shared/errors.ts'
import { isDatabaseUnavailable, isTransientDatabaseError } from '../db/unavailable.ts'
import { isStorageFull } from '../storage/full.ts'
import { HttpProblem, sendProblem } from './problem.ts'

/** The one table from the services' errors to HTTP statuses. */
const DOMAIN_STATUS = new Map<abstract new (...args: never[]) => DomainError, number>([
  [NotFoundError, 404],
  [ForbiddenError, 403],
  [InvalidInputError, 422],
  [ConflictError, 409],
  [TooLargeError, 413],
  [UnsupportedTypeError, 415],
])

const domainStatus = (error: DomainError) => {
  for (const [type, status] of DOMAIN_STATUS) if (error instanceof type) return status
  return 500
}

/**
 * Where a named field came from, in the form the schema validation reports it
 * (`body.name`, `querystring.themes`): the part of the request that holds it; a multipart
 * form (no parsed body) counts as the body.
 */
function fieldLocation(request: FastifyRequest, field: string): string {
  const top = field.split('.')[0] ?? field
  const parts: Array<[string, unknown]> = [
    ['body', request.body],
    ['querystring', request.query],
    ['params', request.params],
  ]
  for (const [part, value] of parts) {
    if (typeof value === 'object' && value !== null && top in value) return `${part}.${field}`
  }
  return `body.${field}`
}

/**
 * The Retry-After of an answer while the database cannot be reached. A restart of PostgreSQL
 * takes seconds; at this interval the web app's three retries of a reading request cover
 * 15 of its 30 seconds per request.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5

/** Every failure leaves the server as RFC 9457 problem details; nothing leaks a stack. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpProblem | DomainError, request, reply) => {
    if (isDomainError(error)) {
      const errors = error.fields.map(({ field, message }) => ({
        path: fieldLocation(request, field),
        message,
      }))
      return sendProblem(
        reply,
        domainStatus(error),
        error.detail,
        errors.length ? errors : undefined,
      )
    }
    if (error instanceof HttpProblem) {
      return sendProblem(reply, error.status, error.detail, error.errors)
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)]
          .filter(Boolean)
          .join('.'),
        message: issue.message ?? 'Ongeldige waarde',
      }))
      return sendProblem(reply, 422, 'De invoer voldoet niet aan de regels.', errors)
    }
    if (isTransientDatabaseError(error)) {
      request.log.warn({ err: error }, 'transaction rolled back by the database, client may retry')
      reply.header('Retry-After', '1')
      return sendProblem(reply, 503, 'Het portaal was even te druk. Probeer het opnieuw.')
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unreachable, answered 503')
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
      return sendProblem(
        reply,
        503,
        'Het portaal kan zijn gegevens nu niet bereiken. Probeer het over enkele seconden opnieuw.',
      )
    }
    if (isStorageFull(error)) {
      request.log.error({ err: error }, 'disk full, answered 507')
      return sendProblem(
        reply,
        507,
        'De opslag van het portaal is vol, daarom is niets opgeslagen. Meld dit bij de beheerder van het portaal.',
      )
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      return sendProblem(reply, 500, 'Probeer het later opnieuw.')
    }
    // Fastify's own client errors (bad JSON, wrong content type, too large): keep the status.
    return sendProblem(reply, status === 400 ? 422 : status, error.message)
  })
}

import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { HttpProblem, sendProblem } from './problem.ts'

/**
 * PostgreSQL's deadlock and serialization failures: two transactions met in opposite order
 * (the typo vocabulary's word counts can, rarely). The work was rolled back whole, so the
 * client may simply try again.
 */
const TRANSIENT_DATABASE_ERRORS = new Set(['40P01', '40001'])

const isTransientDatabaseError = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  typeof error.code === 'string' &&
  TRANSIENT_DATABASE_ERRORS.has(error.code)

/** Every failure leaves the server as RFC 9457 problem details; nothing leaks a stack. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpProblem, request, reply) => {
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
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      return sendProblem(reply, 500, 'Probeer het later opnieuw.')
    }
    // Fastify's own client errors (bad JSON, wrong content type, too large): keep the status.
    return sendProblem(reply, status === 400 ? 422 : status, error.message)
  })
}

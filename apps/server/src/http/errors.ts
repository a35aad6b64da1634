import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { HttpProblem, sendProblem } from './problem.ts'

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
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      return sendProblem(reply, 500, 'Probeer het later opnieuw.')
    }
    // Fastify's own client errors (bad JSON, wrong content type, too large): keep the status.
    return sendProblem(reply, status === 400 ? 422 : status, error.message)
  })
}

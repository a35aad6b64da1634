import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ProviderUnavailableError } from '../auth/identity-provider.ts'
import { InvalidTokenError, type TokenIdentity, type TokenVerifier } from '../auth/verify-token.ts'
import { PUBLIC_VIEWER, type Employee, type Viewer } from '../auth/viewer.ts'
import { HttpProblem } from './problem.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the prefix's onRequest hook before any handler runs. */
    viewer: Viewer
  }
}

const BEARER = /^Bearer ([A-Za-z0-9\-_.~+/]+=*)$/

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization
  const match = header ? BEARER.exec(header) : null
  if (!match?.[1]) throw new HttpProblem(401, 'Meld u aan om deze functie te gebruiken.')
  return match[1]
}

/** Routes under /pubapi see an anonymous visitor. */
export function usePublicViewer(scope: FastifyInstance) {
  scope.addHook('onRequest', async (request) => {
    request.viewer = PUBLIC_VIEWER
  })
}

/**
 * Routes under /api require a verified bearer token. `recordViewer` turns its identity into
 * the employee (keeping the employees table in step); it comes from the composition in
 * app.ts, so this plugin knows no feature.
 */
export function useEmployeeViewer(
  scope: FastifyInstance,
  deps: {
    verifyToken: TokenVerifier | null
    recordViewer: (identity: TokenIdentity) => Promise<Employee>
  },
) {
  scope.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ bearer: [] }] }
  })
  scope.addHook('onRequest', async (request, reply) => {
    reply.header('WWW-Authenticate', 'Bearer')
    const token = bearerToken(request)
    if (!deps.verifyToken) {
      throw new HttpProblem(401, 'Aanmelden is op deze server niet ingericht.')
    }
    try {
      const identity = await deps.verifyToken(token)
      request.viewer = await deps.recordViewer(identity)
      reply.removeHeader('WWW-Authenticate')
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        throw new HttpProblem(401, 'Uw aanmelding is verlopen of ongeldig. Meld u opnieuw aan.')
      }
      if (error instanceof ProviderUnavailableError) {
        // Once per back-off: the requests failed fast during it carry no cause.
        if (error.cause) request.log.error({ err: error.cause }, 'identity provider unreachable')
        // The token may be fine: no WWW-Authenticate, so the web app does not sign out.
        reply.removeHeader('WWW-Authenticate')
        reply.header('Retry-After', String(error.retryAfterSeconds))
        throw new HttpProblem(
          503,
          'De aanmeldservice is tijdelijk niet bereikbaar. Probeer het over een ogenblik opnieuw.',
        )
      }
      throw error
    }
  })
}

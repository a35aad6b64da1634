import helmet from '@fastify/helmet'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { API_PREFIX } from '@dataportaal/contract'
import type { TokenVerifier } from './auth/verify-token.ts'
import type { Config } from './config.ts'
import type { Db } from './db/client.ts'
import { clientConfigRoutes } from './features/client-config/routes.ts'
import { documentRoutes } from './features/documents/routes.ts'
import { healthRoutes } from './features/health/routes.ts'
import { searchRoutes } from './features/search/routes.ts'
import { tagRoutes } from './features/tags/routes.ts'
import { registerErrorHandling } from './http/errors.ts'
import { sendProblem } from './http/problem.ts'
import { useEmployeeViewer, usePublicViewer } from './http/viewer-plugin.ts'
import { registerWebApp } from './http/web-app.ts'
import type { FileStore } from './storage/file-store.ts'

export interface AppDeps {
  config: Config
  db: Db
  store: FileStore
  /** Verifies bearer tokens on /api; null when no identity provider is configured. */
  verifyToken: TokenVerifier | null
  logger?: FastifyServerOptions['logger']
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, store } = deps
  let shuttingDown = false
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: true,
    // Ids of request logs; a proxy's X-Request-Id is kept.
    requestIdHeader: 'x-request-id',
    // Long enough for any encoded suggestion text; longer paths get a problem answer.
    routerOptions: { maxParamLength: 2_000 },
    frameworkErrors: (error, _request, reply) =>
      sendProblem(reply, error.statusCode ?? 400, 'Deze URL kan niet worden verwerkt.'),
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('preClose', async () => {
    shuttingDown = true
  })
  registerErrorHandling(app)

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'https:'],
        'connect-src': ["'self'", ...(config.oidc.authority ? [config.oidc.authority] : [])],
        // Upgrading to https would break a portal served over plain http on a laptop.
        'upgrade-insecure-requests': config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
  })
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.portalName} API`,
        version: '1.0.0',
        description:
          'De API van het dataportaal. `/pubapi` is openbaar; `/api` vraagt een bearer token (id token van de identity provider). Fouten zijn RFC 9457 problem details.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })

  await app.register(healthRoutes({ db, isShuttingDown: () => shuttingDown }))

  const adminRule = { adminGroups: config.adminGroups, adminEmails: config.adminEmails }
  await app.register(
    async (scope) => {
      usePublicViewer(scope)
      await scope.register(clientConfigRoutes({ config }))
      await scope.register(searchRoutes({ db, audience: 'public' }))
      await scope.register(documentRoutes({ db, store }))
      await scope.register(tagRoutes({ db, audience: 'public' }))
    },
    { prefix: API_PREFIX.public },
  )
  await app.register(
    async (scope) => {
      useEmployeeViewer(scope, { db, verifyToken: deps.verifyToken, adminRule })
      await scope.register(searchRoutes({ db, audience: 'employee' }))
      await scope.register(documentRoutes({ db, store }))
      await scope.register(tagRoutes({ db, audience: 'employee' }))
    },
    { prefix: API_PREFIX.authenticated },
  )

  await registerWebApp(app, { webDistDir: config.webDistDir, portalName: config.portalName })
  return app
}

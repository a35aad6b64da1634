import helmet from '@fastify/helmet'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { API_PREFIX } from '@dataportaal/contract'
import type { AdminRule } from './auth/admin-rule.ts'
import type { DevIdpMount } from './auth/dev-idp/index.ts'
import type { TokenVerifier } from './auth/verify-token.ts'
import type { Config } from './config.ts'
import type { Db } from './db/client.ts'
import { clientConfig, clientConfigRoutes } from './features/client-config/routes.ts'
import { classificationRoutes } from './features/classification/routes.ts'
import { dataRequestRoutes } from './features/data-requests/routes.ts'
import { dashboardRoutes } from './features/dashboard/routes.ts'
import { dcatRoutes } from './features/dcat/routes.ts'
import { deletionRoutes } from './features/deletion/routes.ts'
import { documentRoutes } from './features/documents/routes.ts'
import { historyRoutes } from './features/history/index.ts'
import { employeeRoutes } from './features/employees/routes.ts'
import { recordEmployee } from './features/employees/service.ts'
import { favoriteRoutes } from './features/favorites/routes.ts'
import { feedRoutes } from './features/feeds/routes.ts'
import { followingRoutes, themeDocumentRoutes } from './features/following/routes.ts'
import { harvestingRoutes } from './features/harvesting/routes.ts'
import { healthRoutes } from './features/health/routes.ts'
import { linkRoutes } from './features/links/index.ts'
import { registerMetrics } from './features/metrics/register.ts'
import { privacyAdditions, privacyRoutes } from './features/privacy/index.ts'
import { publicationPageHead, publicationRoutes } from './features/publication/routes.ts'
import { ratingRoutes } from './features/ratings/routes.ts'
import { clientLimiter } from './features/search/client-limit.ts'
import { searchRoutes } from './features/search/routes.ts'
import { subscriptionRoutes } from './features/subscriptions/index.ts'
import { searchNode } from './features/search/service.ts'
import { FollowedIndex } from './features/search/memory/followed-index.ts'
import { vocabularyAdminRoutes } from './features/vocabulary/admin-routes.ts'
import { vocabularyRoutes } from './features/vocabulary/routes.ts'
import { tableRoutes } from './features/tables/index.ts'
import { uploadRoutes } from './features/uploads/routes.ts'
import { validationRoutes } from './features/validation/routes.ts'
import { enforceAccess, type RouteAccess } from './http/access.ts'
import { closeAfterEarlyAnswer, connectionOptions } from './http/connections.ts'
import { registerErrorHandling } from './http/errors.ts'
import { registerOverloadProtection } from './http/overload.ts'
import { sendProblem } from './http/problem.ts'
import { useEmployeeViewer, usePublicViewer } from './http/viewer-plugin.ts'
import { registerWebApp } from './http/web-app.ts'
import type { FileStore } from './storage/file-store.ts'

export interface AppDeps {
  config: Config
  db: Db
  store: FileStore
  /**
   * Verifies bearer tokens on /api (see auth/sign-in.ts); null makes a server without
   * sign-in, whose /api answers 401 (the search benchmark).
   */
  verifyToken: TokenVerifier | null
  /** The built-in development identity provider, served under /oidc. */
  devIdp?: DevIdpMount | undefined
  logger?: FastifyServerOptions['logger']
  /** True while the process drains before closing (main.ts): /readyz then answers 503. */
  isDraining?: () => boolean
  /**
   * The entries in memory for visitors' searches; by default one of its own when
   * SEARCH_IN_MEMORY is on. main.ts and the benchmark pass theirs, to build it at start.
   */
  searchIndex?: FollowedIndex | null
}

/** Admins by group or e-mail (decisions.md); the demo admin's group while the dev IdP serves. */
function adminRuleOf(config: Config, devIdp: DevIdpMount | undefined): AdminRule {
  const groups = config.adminGroups
  const extra = devIdp && !groups.includes(devIdp.adminGroup) ? [devIdp.adminGroup] : []
  return { adminGroups: [...groups, ...extra], adminEmails: config.adminEmails }
}

/** Fastify takes a hop count at run time but not in its types; this function is that rule. */
const fastifyTrustProxy = (trust: Config['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, store } = deps
  let shuttingDown = false
  const app = Fastify({
    logger: deps.logger ?? false,
    // X-Forwarded-For of the proxies TRUST_PROXY names only; request.ip feeds the rate limits.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Ids of request logs; a proxy's X-Request-Id is kept.
    requestIdHeader: 'x-request-id',
    // Long enough for any encoded suggestion text; longer paths get a problem answer.
    routerOptions: { maxParamLength: 2_000 },
    frameworkErrors: (error, _request, reply) =>
      sendProblem(reply, error.statusCode ?? 400, 'Deze URL kan niet worden verwerkt.'),
    // Timeouts, and too-long URLs and headers answered as problem details.
    ...connectionOptions(config.http),
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('preClose', async () => {
    shuttingDown = true
  })
  registerErrorHandling(app)
  closeAfterEarlyAnswer(app)
  const overload = await registerOverloadProtection(app, { db, overload: config.overload })
  // Before the routes, so that each of them is counted and timed.
  await registerMetrics(app, { config: config.metrics, db })

  const https = config.publicUrl.startsWith('https:')
  await app.register(helmet, {
    // Only over https: on a laptop's http://localhost it would stick to the browser for a year.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'https:'],
        // The browser fetches discovery, keys and tokens from the identity provider.
        'connect-src': ["'self'", new URL(clientConfig(config).auth.authority).origin],
        // Upgrading to https would break a portal served over plain http on a laptop.
        'upgrade-insecure-requests': https ? [] : null,
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
    // Fills components.schemas with the contract's named schemas that the operations $ref.
    transformObject: jsonSchemaTransformObject,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })

  await app.register(
    healthRoutes({
      db,
      store,
      isShuttingDown: () => shuttingDown || (deps.isDraining?.() ?? false),
      overload,
      dataDir: config.dataDir,
      minFreeMb: config.dataDirMinFreeMb,
    }),
  )

  if (deps.devIdp) await app.register(deps.devIdp.routes)
  const adminRule = adminRuleOf(config, deps.devIdp)

  const routeAccess: RouteAccess[] = []
  const search = searchNode(
    config.search.cacheEntries,
    deps.searchIndex !== undefined
      ? deps.searchIndex
      : config.search.inMemory
        ? new FollowedIndex(db, (error) => app.log.error({ err: error }, 'search index failed'))
        : null,
  )
  // One budget per client for both prefixes, so a client cannot double it through /api.
  const searchLimiter = clientLimiter(config.search.rateLimit)
  app.decorate('routeAccess', routeAccess)
  await app.register(
    async (scope) => {
      usePublicViewer(scope)
      enforceAccess(scope, { allowed: ['everyone'], table: routeAccess })
      await scope.register(clientConfigRoutes({ config }))
      await scope.register(
        searchRoutes({ db, config, audience: 'public', node: search, limiter: searchLimiter }),
      )
      await scope.register(documentRoutes({ db, store, config, audience: 'public' }))
      await scope.register(historyRoutes({ db, store }))
      await scope.register(tableRoutes({ db, audience: 'public' }))
      await scope.register(vocabularyRoutes({ db, audience: 'public' }))
      await scope.register(themeDocumentRoutes({ db }))
      await scope.register(feedRoutes({ db, config }))
      await scope.register(subscriptionRoutes({ db }))
    },
    { prefix: API_PREFIX.public },
  )
  await app.register(
    async (scope) => {
      useEmployeeViewer(scope, {
        verifyToken: deps.verifyToken,
        recordViewer: (identity) => recordEmployee(db, identity, adminRule),
      })
      enforceAccess(scope, { allowed: ['everyone', 'employee', 'admin'], table: routeAccess })
      await scope.register(
        searchRoutes({ db, config, audience: 'employee', node: search, limiter: searchLimiter }),
      )
      await scope.register(
        documentRoutes({
          db,
          store,
          config,
          audience: 'employee',
          additions: privacyAdditions(db),
        }),
      )
      await scope.register(historyRoutes({ db, store }))
      await scope.register(tableRoutes({ db, audience: 'employee' }))
      await scope.register(vocabularyRoutes({ db, audience: 'employee' }))
      await scope.register(vocabularyAdminRoutes({ db }))
      await scope.register(employeeRoutes())
      await scope.register(uploadRoutes({ db, store, config }))
      await scope.register(favoriteRoutes({ db }))
      await scope.register(ratingRoutes({ db }))
      await scope.register(classificationRoutes({ db }))
      await scope.register(followingRoutes({ db }))
      await scope.register(themeDocumentRoutes({ db }))
      await scope.register(dashboardRoutes({ db, defaultSpatial: config.catalogue.spatial }))
      await scope.register(validationRoutes({ db, config }))
      await scope.register(privacyRoutes({ db, config }))
      await scope.register(deletionRoutes({ db, config }))
      await scope.register(harvestingRoutes({ db }))
      await scope.register(linkRoutes({ db }))
    },
    { prefix: API_PREFIX.authenticated },
  )

  await app.register(
    async (scope) => {
      // Anonymous, like /pubapi, but outside its access table: the only route is POST /mail.
      usePublicViewer(scope)
      enforceAccess(scope, { allowed: ['everyone'], table: [] })
      await scope.register(dataRequestRoutes({ db, config }))
    },
    { prefix: API_PREFIX.mail },
  )

  // Outside the API: robots.txt and the sitemaps, for search engines.
  await app.register(publicationRoutes({ db, config }))
  // Outside the API too: the DCAT-AP-NL catalogue that data.overheid.nl harvests.
  await app.register(dcatRoutes({ db, config }))

  await registerWebApp(app, {
    webDistDir: config.webDistDir,
    portalName: config.portalName,
    // A published document's page carries its title, link preview and JSON-LD in the HTML.
    pageHead: publicationPageHead({ db, config }),
  })
  return app
}

import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errors, type default as Provider } from 'oidc-provider'
import { z } from 'zod'
import type { DemoAccount } from './accounts.ts'
import { ASSET_PATHS, errorPage, LOGOUT_SCRIPT, signInPage, STYLE_SHEET } from './pages.ts'
import { DEV_IDP_PATH } from './provider.ts'
import { isLoopbackAddress } from './refused.ts'

export interface DevIdpRouteDeps {
  provider: Provider
  accounts: DemoAccount[]
  adminGroup: string
  portalName: string
  portalUrl: string
  /** Origins the pages' forms may end up at: the app's, after sign-in and logout. */
  appOrigins: string[]
  /**
   * Answer only this machine. The provider runs without DEV_IDP=true because PUBLIC_URL is
   * a loopback address, but HOST (0.0.0.0 by default) may still face a network, on which
   * anyone could otherwise sign in as the demo admin.
   */
  loopbackOnly: boolean
}

const InteractionParams = z.strictObject({ uid: z.string().min(1).max(100) })

/**
 * The pages need no more than their own style sheet and script, and their forms lead
 * through the provider back to the web app.
 */
const contentSecurityPolicy = (appOrigins: string[]) =>
  [
    "default-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "img-src 'self'",
    "style-src 'self'",
    "script-src 'self'",
    `form-action 'self' ${appOrigins.join(' ')}`,
  ].join('; ')

/**
 * Mounts the development identity provider under /oidc: the sign-in page (the provider's
 * "interaction") is ours, every other path is handed to oidc-provider itself.
 */
export const devIdpRoutes =
  (deps: DevIdpRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { provider } = deps
    const csp = contentSecurityPolicy(deps.appOrigins)
    const accountNames = deps.accounts.map((account) => account.username)
    provider.on('server_error', (_ctx: unknown, error: unknown) => {
      app.log.error({ err: error }, 'development identity provider failed')
    })

    // Set on the raw response, so it also holds for what oidc-provider writes itself.
    app.addHook('onRequest', async (request, reply) => {
      reply.raw.setHeader('Content-Security-Policy', csp)
      // The socket's address, not request.ip: no forwarded header can make a peer local.
      if (deps.loopbackOnly && !isLoopbackAddress(request.socket.remoteAddress)) {
        return showError(
          reply,
          403,
          'access_denied',
          'Het ingebouwde aanmelden voor ontwikkeling werkt alleen op deze computer zelf.',
        )
      }
    })

    const showError = (reply: FastifyReply, status: number, error: string, description: string) =>
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(errorPage({ ...deps, error, description }))

    /** The provider's interaction for this browser; a stale or foreign one is a clear error. */
    const interactionFor = async (uid: string, request: FastifyRequest, reply: FastifyReply) => {
      const interaction = await provider.interactionDetails(request.raw, reply.raw)
      if (interaction.uid !== uid) throw new errors.SessionNotFound('interaction mismatch')
      return interaction
    }

    const pagePlugin: FastifyPluginAsyncZod = async (pages) => {
      pages.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      )
      pages.setErrorHandler((error, _request, reply) => {
        if (error instanceof errors.SessionNotFound) {
          return showError(
            reply,
            400,
            'session_not_found',
            'Deze inlogpoging is verlopen of niet gevonden. Begin opnieuw vanuit het portaal.',
          )
        }
        throw error
      })

      pages.get(ASSET_PATHS.style, { schema: { hide: true } }, (_request, reply) =>
        reply.type('text/css; charset=utf-8').header('Cache-Control', 'no-cache').send(STYLE_SHEET),
      )
      pages.get(ASSET_PATHS.logoutScript, { schema: { hide: true } }, (_request, reply) =>
        reply
          .type('text/javascript; charset=utf-8')
          .header('Cache-Control', 'no-cache')
          .send(LOGOUT_SCRIPT),
      )

      pages.get(
        `${DEV_IDP_PATH}/interaction/:uid`,
        { schema: { hide: true, params: InteractionParams } },
        async (request, reply) => {
          const interaction = await interactionFor(request.params.uid, request, reply)
          // Consent is never asked (see loadExistingGrant), so signing in is all there is.
          if (interaction.prompt.name !== 'login') {
            return showError(reply, 400, 'unexpected_prompt', interaction.prompt.name)
          }
          return reply
            .header('Cache-Control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(signInPage({ ...deps, uid: interaction.uid }))
        },
      )

      pages.post(
        `${DEV_IDP_PATH}/interaction/:uid/login`,
        {
          schema: {
            hide: true,
            params: InteractionParams,
            body: z.object({ account: z.string() }),
          },
        },
        async (request, reply) => {
          const { account } = request.body
          if (!accountNames.includes(account as DemoAccount['username'])) {
            return showError(reply, 400, 'unknown_account', 'Dit demo-account bestaat niet.')
          }
          await interactionFor(request.params.uid, request, reply)
          const returnTo = await provider.interactionResult(request.raw, reply.raw, {
            login: { accountId: account },
          })
          return reply.redirect(returnTo, 303)
        },
      )

      pages.post(
        `${DEV_IDP_PATH}/interaction/:uid/abort`,
        { schema: { hide: true, params: InteractionParams } },
        async (request, reply) => {
          await interactionFor(request.params.uid, request, reply)
          const returnTo = await provider.interactionResult(request.raw, reply.raw, {
            error: 'access_denied',
            error_description: 'Inloggen is afgebroken.',
          })
          return reply.redirect(returnTo, 303)
        },
      )
    }
    await app.register(pagePlugin)

    await app.register(async (scope) => {
      // oidc-provider reads request bodies itself.
      scope.removeAllContentTypeParsers()
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null))
      const handle = provider.callback()
      scope.all(`${DEV_IDP_PATH}/*`, { schema: { hide: true } }, (request, reply) => {
        reply.hijack()
        const raw = request.raw
        // The provider's routes start at its issuer's path; it finds its mount point
        // from originalUrl to build its own URLs.
        const originalUrl = raw.url ?? DEV_IDP_PATH
        Object.assign(raw, { originalUrl, url: originalUrl.slice(DEV_IDP_PATH.length) || '/' })
        return handle(raw, reply.raw)
      })
    })
  }

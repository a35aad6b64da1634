import { PublicConfig, NoQuery } from '@dataportaal/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Config } from '../../config.ts'

const BASE_SCOPES = ['openid', 'profile', 'email', 'offline_access']

/** The run-time settings the web app needs, so one build serves every city. */
export function clientConfig(config: Config): PublicConfig {
  const authority = config.oidc.authority ?? `${config.publicUrl}/oidc`
  const isEntra = /login\.microsoftonline\.com/i.test(authority)
  return {
    portalName: config.portalName,
    logoUrl: '/logo.svg',
    auth: {
      authority,
      clientId: config.oidc.clientId,
      scopes: isEntra ? [...BASE_SCOPES, 'user.read'] : BASE_SCOPES,
    },
    serviceDeskUrl: config.serviceDeskUrl,
    footerLinks: config.footerLinks,
    maxUploadMb: config.maxUploadMb,
    map: config.map,
  }
}

export const clientConfigRoutes =
  (deps: { config: Config }): FastifyPluginAsyncZod =>
  async (app) => {
    const body = clientConfig(deps.config)
    app.get(
      '/config',
      {
        config: { access: 'everyone' },
        schema: {
          tags: ['beheer'],
          summary: 'Instellingen voor de webapplicatie',
          querystring: NoQuery,
          response: { 200: PublicConfig },
        },
      },
      () => body,
    )
  }

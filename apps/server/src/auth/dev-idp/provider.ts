import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider'
import type { Queryable } from '../../db/client.ts'
import { accountClaims, type DemoAccount } from './accounts.ts'
import { databaseAdapter } from './adapter.ts'
import type { DevIdpKeys } from './keys.ts'
import { errorPage, signedOutPage, signOutPage } from './pages.ts'

/** Where the provider is mounted; its issuer is PUBLIC_URL followed by this. */
export const DEV_IDP_PATH = '/oidc'

/** Vite's dev server, where `npm run dev` serves the web app. */
export const VITE_DEV_ORIGIN = 'http://localhost:5173'

const REFRESH_TOKEN_TTL_SECONDS = 14 * 24 * 60 * 60

export interface DevProviderOptions {
  issuer: string
  clientId: string
  /** Where the web app runs: sign-in and logout return to `${origin}/`. */
  appOrigins: string[]
  portalName: string
  portalUrl: string
  tokenTtlSeconds: number
  /** TRUST_PROXY is set: believe the proxy's X-Forwarded-Proto and -Host. */
  behindProxy: boolean
  accounts: DemoAccount[]
  keys: DevIdpKeys
  db: Queryable
}

function sendHtml(ctx: KoaContextWithOIDC, body: string) {
  ctx.type = 'html'
  ctx.body = body
}

/**
 * A real OpenID Provider (oidc-provider) for development and tests: one public client
 * (the web app, authorization code flow with PKCE), the demo accounts, id tokens with the
 * claims Entra ID sends, and refresh tokens without a consent screen.
 */
export function createDevProvider(options: DevProviderOptions): Provider {
  const accounts = new Map(options.accounts.map((account) => [account.username, account]))
  const returnUris = options.appOrigins.map((origin) => `${origin}/`)
  const page = { portalName: options.portalName, portalUrl: options.portalUrl }

  const configuration: Configuration = {
    adapter: databaseAdapter(options.db),
    jwks: { keys: [options.keys.signingKey] },
    cookies: { keys: options.keys.cookieKeys },
    clients: [
      {
        client_id: options.clientId,
        client_name: options.portalName,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: returnUris,
        post_logout_redirect_uris: returnUris,
      },
    ],
    // The web app uses the authorization code flow only; discovery says so.
    responseTypes: ['code'],
    clientBasedCORS: (_ctx, origin) => options.appOrigins.includes(origin),
    pkce: { required: () => true },
    // `user.read` is what the web app asks of Entra ID; accepted here and ignored.
    scopes: ['openid', 'offline_access', 'profile', 'email', 'user.read'],
    claims: {
      openid: ['sub', 'oid', 'groups'],
      profile: ['name', 'preferred_username'],
      email: ['email', 'email_verified'],
    },
    // Like Entra ID: the profile claims go in the id token, which the portal's API reads.
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub as DemoAccount['username'])
      if (!account) return undefined
      return { accountId: sub, claims: () => accountClaims(account) }
    },
    // A first-party app: whatever it asks for is granted, so there is no consent screen.
    loadExistingGrant: async (ctx) => {
      const { oidc } = ctx
      if (!oidc.client || !oidc.session?.accountId) return undefined
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId)
      const grant =
        (grantId ? await oidc.provider.Grant.find(grantId) : undefined) ??
        new oidc.provider.Grant({
          clientId: oidc.client.clientId,
          accountId: oidc.session.accountId,
        })
      grant.addOIDCScope(oidc.requestParamOIDCScopes)
      await grant.save()
      return grant
    },
    // Refresh tokens for the web app whenever it may use them, as Entra ID does for SPAs.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: options.tokenTtlSeconds,
      IdToken: options.tokenTtlSeconds,
      AuthorizationCode: 60,
      Interaction: 60 * 60,
      Session: REFRESH_TOKEN_TTL_SECONDS,
      Grant: REFRESH_TOKEN_TTL_SECONDS,
      // Rotated tokens keep the first one's end: signed in for at most 14 days.
      RefreshToken: (ctx) =>
        ctx.oidc.entities.RotatedRefreshToken?.remainingTTL ?? REFRESH_TOKEN_TTL_SECONDS,
    },
    interactions: {
      url: (_ctx, interaction) => `${DEV_IDP_PATH}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => sendHtml(ctx, signOutPage({ ...page, form })),
        postLogoutSuccessSource: (ctx) => sendHtml(ctx, signedOutPage(page)),
      },
    },
    renderError: (ctx, out) =>
      sendHtml(ctx, errorPage({ ...page, error: out.error, description: out.error_description })),
  }

  const provider = new Provider(options.issuer, configuration)
  // Like Fastify (TRUST_PROXY): without a proxy in front, a client's X-Forwarded-* is not believed.
  provider.proxy = options.behindProxy
  return provider
}

import type { FastifyPluginAsync } from 'fastify'
import type { Config } from '../../config.ts'
import type { Queryable } from '../../db/client.ts'
import { createTokenVerifier, localKeys, type TokenVerifier } from '../verify-token.ts'
import { demoAccounts, DEV_ADMIN_GROUP } from './accounts.ts'
import { loadOrCreateKeys } from './keys.ts'
import { createDevProvider, DEV_IDP_PATH, VITE_DEV_ORIGIN } from './provider.ts'
import { refuseDevIdp } from './refused.ts'
import { devIdpRoutes } from './routes.ts'

/** What the app mounts: the provider's routes, and the group its demo admin is in. */
export interface DevIdpMount {
  /** Everything under /oidc. */
  routes: FastifyPluginAsync
  /** The admin rule must include it (ADMIN_GROUPS' first value, else DEV_ADMIN_GROUP). */
  adminGroup: string
}

export interface DevIdentityProvider extends DevIdpMount {
  issuer: string
  /** Verifies this provider's tokens with its public key, in-process. */
  verifyToken: TokenVerifier
}

/**
 * The built-in identity provider for laptops and tests, used when OIDC_AUTHORITY is not
 * set. Refused in production and on a public address (refused.ts): there the city's
 * identity provider signs people in.
 */
export async function createDevIdentityProvider(deps: {
  config: Config
  db: Queryable
}): Promise<DevIdentityProvider> {
  const { config } = deps
  refuseDevIdp(config)
  const keys = await loadOrCreateKeys(config.dataDir)
  const issuer = `${config.publicUrl}${DEV_IDP_PATH}`
  const adminGroup = config.adminGroups[0] ?? DEV_ADMIN_GROUP
  const accounts = demoAccounts(adminGroup)
  const appOrigins = [...new Set([new URL(config.publicUrl).origin, VITE_DEV_ORIGIN])]
  const portalUrl = `${config.publicUrl}/`
  const provider = createDevProvider({
    issuer,
    clientId: config.oidc.clientId,
    appOrigins,
    portalName: config.portalName,
    portalUrl,
    tokenTtlSeconds: config.devIdp.tokenTtlSeconds,
    behindProxy: config.trustProxy !== false,
    accounts,
    keys,
    db: deps.db,
  })
  return {
    issuer,
    adminGroup,
    // The same verifier as for any identity provider; only the keys come from here.
    verifyToken: createTokenVerifier({
      issuer,
      audience: config.oidc.clientId,
      keys: localKeys(keys.publicKeys),
    }),
    routes: devIdpRoutes({
      provider,
      accounts,
      adminGroup,
      portalName: config.portalName,
      portalUrl,
      appOrigins,
      loopbackOnly: !config.devIdp.allowedOffLoopback,
    }),
  }
}

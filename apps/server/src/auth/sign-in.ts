import type { Config } from '../config.ts'
import type { Queryable } from '../db/client.ts'
import type { DevIdpMount } from './dev-idp/index.ts'
import { refuseDevIdp } from './dev-idp/refused.ts'
import { createOidcVerifier } from './identity-provider.ts'
import type { TokenVerifier } from './verify-token.ts'

/** How employees sign in on this server. */
export interface SignIn {
  verifyToken: TokenVerifier
  /** Set when the built-in development identity provider serves /oidc. */
  devIdp?: DevIdpMount
  /** For the start-up log. */
  description: string
}

/** Stops start-up early (before the database opens) when sign-in cannot work here. */
export function assertSignInAllowed(config: Config) {
  if (!config.oidc.authority) refuseDevIdp(config)
}

/**
 * With OIDC_AUTHORITY: that provider's tokens, its keys fetched once and cached. Without:
 * the built-in development identity provider (loaded only then), where refused.ts allows it.
 */
export async function createSignIn(deps: { config: Config; db: Queryable }): Promise<SignIn> {
  const { config } = deps
  if (config.oidc.authority) {
    return {
      verifyToken: createOidcVerifier(config.oidc.authority, config.oidc.clientId),
      description: `identity provider ${config.oidc.authority}`,
    }
  }
  assertSignInAllowed(config)
  const { createDevIdentityProvider } = await import('./dev-idp/index.ts')
  const { verifyToken, issuer, routes, adminGroup } = await createDevIdentityProvider(deps)
  return {
    verifyToken,
    devIdp: { routes, adminGroup },
    description: `built-in development identity provider at ${issuer}, accounts medewerker and beheerder`,
  }
}

import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose'
import { z } from 'zod'

/** The claims the portal reads from an Entra ID (or any OIDC) id token. */
const Claims = z.object({
  oid: z.string().min(1).optional(),
  sub: z.string().min(1),
  preferred_username: z.string().optional(),
  email: z.string().optional(),
  name: z.string().optional(),
  groups: z.array(z.string()).optional(),
  roles: z.array(z.string()).optional(),
})

export interface TokenIdentity {
  id: string
  email: string | null
  name: string
  groups: string[]
}

export type TokenVerifier = (token: string) => Promise<TokenIdentity>

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError'
}

type KeySet = JWTVerifyGetKey

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA']

function toIdentity(payload: JWTPayload): TokenIdentity {
  const claims = Claims.safeParse(payload)
  if (!claims.success) throw new InvalidTokenError('token lacks the expected claims')
  const { oid, sub, preferred_username, email, name, groups, roles } = claims.data
  const address = preferred_username ?? email ?? null
  return {
    id: oid ?? sub,
    email: address,
    name: name ?? address ?? sub,
    groups: [...(groups ?? []), ...(roles ?? [])],
  }
}

export function createTokenVerifier(options: {
  issuer: string
  audience: string
  keys: KeySet
}): TokenVerifier {
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, options.keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ALGORITHMS,
        clockTolerance: 30,
      })
      return toIdentity(payload)
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error
      if (error instanceof joseErrors.JOSEError) throw new InvalidTokenError(error.code)
      throw error
    }
  }
}

export const localKeys = (jwks: JSONWebKeySet) => createLocalJWKSet(jwks)

const Discovery = z.object({ issuer: z.string(), jwks_uri: z.url() })

/**
 * Verifies tokens of an OpenID provider found by discovery. The discovery document is
 * fetched once, on first use; jose caches the key set and refetches it on an unknown key id.
 */
export function createOidcVerifier(authority: string, audience: string): TokenVerifier {
  let verifier: Promise<TokenVerifier> | undefined
  const discover = async () => {
    const url = `${authority.replace(/\/$/, '')}/.well-known/openid-configuration`
    const response = await fetch(url)
    if (!response.ok) throw new Error(`OIDC discovery failed: ${response.status} at ${url}`)
    const { issuer, jwks_uri } = Discovery.parse(await response.json())
    return createTokenVerifier({ issuer, audience, keys: createRemoteJWKSet(new URL(jwks_uri)) })
  }
  return async (token) => {
    verifier ??= discover().catch((error: unknown) => {
      verifier = undefined
      throw error
    })
    return (await verifier)(token)
  }
}

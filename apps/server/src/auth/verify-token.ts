import {
  createLocalJWKSet,
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
  // Anything but a real true (some providers send the string "true") vouches for nothing.
  email_verified: z.unknown().optional(),
  name: z.string().optional(),
  groups: z.array(z.string()).optional(),
  roles: z.array(z.string()).optional(),
})

export interface TokenIdentity {
  id: string
  /** The address shown for the employee: preferred_username (Entra ID's UPN), else email. */
  email: string | null
  /**
   * `email` when the provider vouches for it (`email_verified: true`); the only address the
   * admin rule (ADMIN_EMAILS) may match, since a user can often edit their own e-mail claim.
   */
  verifiedEmail: string | null
  name: string
  groups: string[]
}

export type TokenVerifier = (token: string) => Promise<TokenIdentity>

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError'
}

export type KeySet = JWTVerifyGetKey

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA']

function toIdentity(payload: JWTPayload): TokenIdentity {
  const claims = Claims.safeParse(payload)
  if (!claims.success) throw new InvalidTokenError('token lacks the expected claims')
  const { oid, sub, preferred_username, email, email_verified, name, groups, roles } = claims.data
  const address = preferred_username ?? email ?? null
  return {
    id: oid ?? sub,
    email: address,
    verifiedEmail: email !== undefined && email_verified === true ? email : null,
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
        // A token without an expiry would stay valid forever once it leaked.
        requiredClaims: ['exp'],
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

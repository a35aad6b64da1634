import { createRemoteJWKSet, errors as joseErrors } from 'jose'
import { z } from 'zod'
import { createTokenVerifier, type KeySet, type TokenVerifier } from './verify-token.ts'

/** How long to wait for the identity provider, and how long to stop asking after a failure. */
export interface ProviderTiming {
  timeoutMs: number
  backoffMs: number
}

/**
 * A provider that stalls must not make every /api request hang with it; after a failure,
 * requests fail fast for a while instead of piling up on the provider as it comes back.
 */
export const PROVIDER_TIMING: ProviderTiming = { timeoutMs: 5_000, backoffMs: 15_000 }

/** The identity provider could not be reached: not the token's fault, so no 401. */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError'
  constructor(
    readonly retryAfterSeconds: number,
    /** The failure that started the back-off; absent for the requests failed fast during it. */
    override readonly cause?: unknown,
  ) {
    super('the identity provider cannot be reached')
  }
}

/** Key set errors that say something about the token, not about the provider. */
const TOKEN_FAULTS = [
  joseErrors.JWKSNoMatchingKey,
  joseErrors.JWKSMultipleMatchingKeys,
  joseErrors.JOSENotSupported,
  joseErrors.JWSInvalid,
]

function backOff(ms: number) {
  let until = 0
  const secondsLeft = () => Math.max(1, Math.ceil((until - Date.now()) / 1000))
  return {
    /** Fails fast while backing off. */
    check() {
      if (Date.now() < until) throw new ProviderUnavailableError(secondsLeft())
    },
    /** Runs a fetch from the provider; a failure (as `isFailure` judges) starts the back-off. */
    async guard<T>(fetchIt: () => Promise<T>, isFailure: (error: unknown) => boolean) {
      this.check()
      try {
        return await fetchIt()
      } catch (error) {
        if (!isFailure(error)) throw error
        until = Date.now() + ms
        throw new ProviderUnavailableError(secondsLeft(), error)
      }
    },
  }
}

const Discovery = z.object({ issuer: z.string(), jwks_uri: z.url() })

/**
 * Verifies tokens of an OpenID provider found by discovery. The discovery document is
 * fetched once, on first use; jose caches the key set and refetches it on an unknown key id.
 * Both fetches give up after `timing.timeoutMs`, and then every request fails fast with
 * ProviderUnavailableError for `timing.backoffMs`.
 */
export function createOidcVerifier(
  authority: string,
  audience: string,
  timing: ProviderTiming = PROVIDER_TIMING,
): TokenVerifier {
  const gate = backOff(timing.backoffMs)
  let verifier: Promise<TokenVerifier> | undefined
  const discover = async () => {
    const url = `${authority.replace(/\/$/, '')}/.well-known/openid-configuration`
    const response = await fetch(url, { signal: AbortSignal.timeout(timing.timeoutMs) })
    if (!response.ok) throw new Error(`OIDC discovery failed: ${response.status} at ${url}`)
    const { issuer, jwks_uri } = Discovery.parse(await response.json())
    const remoteKeys = createRemoteJWKSet(new URL(jwks_uri), { timeoutDuration: timing.timeoutMs })
    const keys: KeySet = (header, token) =>
      gate.guard(
        () => remoteKeys(header, token),
        (error) => !TOKEN_FAULTS.some((fault) => error instanceof fault),
      )
    return createTokenVerifier({ issuer, audience, keys })
  }
  return async (token) => {
    gate.check()
    // Whatever goes wrong in discovery (no answer, an error page, a wrong document) means no
    // sign-in for anyone until the provider answers properly.
    verifier ??= gate
      .guard(discover, () => true)
      .catch((error: unknown) => {
        verifier = undefined
        throw error
      })
    return (await verifier)(token)
  }
}

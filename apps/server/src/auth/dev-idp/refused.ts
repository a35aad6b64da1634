import { isIPv4 } from 'node:net'
import type { Config } from '../../config.ts'

/** Start-up stops with this when the development identity provider must not run here. */
export class DevIdpRefusedError extends Error {
  override name = 'DevIdpRefusedError'
}

/**
 * Whether PUBLIC_URL can only be reached from this machine: localhost, 127.0.0.0/8, ::1.
 * The URL parser has already normalised the spellings (127.1, [0:0:0:0:0:0:0:1]).
 */
export function isLoopbackUrl(url: string): boolean {
  const { hostname } = new URL(url)
  return (
    hostname === 'localhost' ||
    (isIPv4(hostname) && hostname.startsWith('127.')) ||
    hostname === '[::1]'
  )
}

/** Whether a peer address is this machine: 127.0.0.0/8 or ::1, also IPv4-mapped. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address
  return address === '::1' || (isIPv4(v4) && v4.startsWith('127.'))
}

const SET_PROVIDER =
  'Set OIDC_AUTHORITY and OIDC_CLIENT_ID to the identity provider of the organisation (see docs/sign-in.md)'

/**
 * Anyone who reaches the built-in provider can sign in as an admin, so it runs only where
 * nobody else can reach it, or where the operator says it may (a test server). A deployment
 * that forgot OIDC_AUTHORITY must stop, not serve 'Inloggen als beheerder' to the world.
 */
export function refuseDevIdp(config: Pick<Config, 'nodeEnv' | 'publicUrl' | 'devIdp'>) {
  if (config.nodeEnv === 'production') {
    throw new DevIdpRefusedError(
      `OIDC_AUTHORITY is not set, and the built-in development identity provider does not run with NODE_ENV=production, not even with DEV_IDP=true. ${SET_PROVIDER}.`,
    )
  }
  if (!config.devIdp.allowedOffLoopback && !isLoopbackUrl(config.publicUrl)) {
    throw new DevIdpRefusedError(
      `OIDC_AUTHORITY is not set, and PUBLIC_URL (host ${new URL(config.publicUrl).hostname}) is not a loopback address, so the built-in development identity provider would let anyone who reaches this server sign in as an admin. ${SET_PROVIDER}, or set DEV_IDP=true for a test server.`,
    )
  }
}

/** Start-up stops with this when the development identity provider would run in production. */
export class DevIdpRefusedError extends Error {
  override name = 'DevIdpRefusedError'
}

export function refuseInProduction(nodeEnv: string) {
  if (nodeEnv === 'production') {
    throw new DevIdpRefusedError(
      'OIDC_AUTHORITY is not set, and the built-in development identity provider does not run with NODE_ENV=production. Set OIDC_AUTHORITY and OIDC_CLIENT_ID to the identity provider of the organisation (see docs/sign-in.md).',
    )
  }
}

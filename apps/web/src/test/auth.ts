import { vi } from 'vitest'
import type { Account, AuthClient } from '../shared/auth/auth-client.ts'
import { VISITOR, authStateFor, type AuthState } from '../shared/auth/auth-state.ts'
import { createAuthSession } from '../shared/auth/session.ts'
import { browserStorage } from '../shared/auth/stored-flags.ts'

const HOUR_S = 3600

/** An account as the identity provider's tokens would give it, valid for an hour. */
export function testAccount(
  claims: Record<string, unknown> = {},
  overrides: Partial<Account> = {},
): Account {
  const now = Math.floor(Date.now() / 1000)
  return {
    idToken: 'header.id-token.signature',
    accessToken: 'access-token',
    idTokenExpiresAt: now + HOUR_S,
    accessTokenExpiresAt: now + HOUR_S,
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    claims: {
      sub: 'sub-medewerker',
      oid: '0b7c8c4e-1111-4b8e-9a57-3f5a1c2d0e01',
      name: 'Mirjam Medewerker',
      preferred_username: 'medewerker@voorbeeldstad.nl',
      email: 'm.medewerker@voorbeeldstad.nl',
      groups: ['medewerkers'],
      exp: now + HOUR_S,
      ...claims,
    },
    ...overrides,
  }
}

export const EMPLOYEE: AuthState = authStateFor(testAccount())
export const ADMIN: AuthState = authStateFor(
  testAccount({ name: 'Bert Beheerder', groups: ['medewerkers', 'dataportaal-beheer'] }),
  true,
)

/** The identity provider is outside the app: a fake client whose every method can be told what to do. */
export function fakeAuthClient(overrides: Partial<AuthClient> = {}) {
  const fake = {
    completeSignIn: vi.fn<AuthClient['completeSignIn']>(async () => testAccount()),
    getAccount: vi.fn<AuthClient['getAccount']>(async () => null),
    renewSilently: vi.fn<AuthClient['renewSilently']>(async () => testAccount()),
    redirectToSignIn: vi.fn<AuthClient['redirectToSignIn']>(async () => undefined),
    redirectToSignOut: vi.fn<AuthClient['redirectToSignOut']>(async () => undefined),
    removeAccount: vi.fn<AuthClient['removeAccount']>(async () => undefined),
    keepRenewed: vi.fn<AuthClient['keepRenewed']>(),
  } satisfies AuthClient
  return Object.assign(fake, overrides)
}

/** A session for components under test, with a fake client behind sign-in and logout. */
export function testSession(state: AuthState = VISITOR) {
  const auth = fakeAuthClient()
  const session = createAuthSession(state, {
    auth,
    storage: browserStorage,
    leaveTo: vi.fn(),
    logger: { error: vi.fn() },
  })
  return { session, auth }
}

/** What sign-in leaves in storage: calls then go to /api with the bearer token. */
export function storeSignedIn() {
  window.localStorage.setItem('authenticated', 'true')
  window.localStorage.setItem('token', 'h.p.s')
}

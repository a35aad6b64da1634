import { User } from 'oidc-client-ts'
import { describe, expect, it } from 'vitest'
import { testAccount } from '../../test/auth.ts'
import {
  accountFromUser,
  createAuthClient,
  hasValidTokens,
  idTokenRenewalDelayMs,
} from './auth-client.ts'

const NOW_MS = 1_800_000_000_000
const NOW_S = NOW_MS / 1000

describe('the account of an oidc-client-ts user', () => {
  it('takes the id token, its expiry and the claims', () => {
    const user = new User({
      id_token: 'h.p.s',
      access_token: 'access',
      token_type: 'Bearer',
      scope: 'openid profile offline_access',
      expires_at: NOW_S + 5400,
      profile: { sub: 's', iss: 'i', aud: 'a', exp: NOW_S + 3600, iat: NOW_S, name: 'Naam' },
    })
    expect(accountFromUser(user)).toMatchObject({
      idToken: 'h.p.s',
      accessToken: 'access',
      idTokenExpiresAt: NOW_S + 3600,
      accessTokenExpiresAt: NOW_S + 5400,
      scopes: ['openid', 'profile', 'offline_access'],
      claims: { name: 'Naam' },
    })
  })
})

describe('token validity', () => {
  it('needs an id token valid for more than the renewal margin', () => {
    const at = (expiresIn: number) => testAccount({}, { idTokenExpiresAt: NOW_S + expiresIn })
    expect(hasValidTokens(at(3600), NOW_MS)).toBe(true)
    expect(hasValidTokens(at(30), NOW_MS)).toBe(false)
    expect(hasValidTokens(at(-1), NOW_MS)).toBe(false)
    expect(hasValidTokens(testAccount({}, { idToken: '' }), NOW_MS)).toBe(false)
  })
})

describe('renewal for an id token that expires before the access token', () => {
  it('is due a minute before the id token expires', () => {
    const account = testAccount(
      {},
      { idTokenExpiresAt: NOW_S + 3600, accessTokenExpiresAt: NOW_S + 5400 },
    )
    expect(idTokenRenewalDelayMs(account, NOW_MS)).toBe(3540_000)
  })

  it('is left to the library when the access token expires first or at the same time', () => {
    const account = testAccount(
      {},
      { idTokenExpiresAt: NOW_S + 3600, accessTokenExpiresAt: NOW_S + 3600 },
    )
    expect(idTokenRenewalDelayMs(account, NOW_MS)).toBeNull()
  })
})

describe('the browser client', () => {
  const settings = {
    authority: 'http://localhost/oidc',
    clientId: 'dataportaal',
    scopes: ['openid'],
  }

  it('has no account when oidc-client-ts stored no user', async () => {
    const client = createAuthClient(settings, 'http://localhost')
    expect(await client.getAccount()).toBeNull()
  })

  it('reads the user oidc-client-ts stored in local storage', async () => {
    const user = new User({
      id_token: 'h.p.s',
      access_token: 'access',
      token_type: 'Bearer',
      profile: { sub: 's', iss: 'i', aud: 'a', exp: NOW_S, iat: NOW_S, name: 'Naam' },
    })
    window.localStorage.setItem(
      `oidc.user:${settings.authority}:${settings.clientId}`,
      user.toStorageString(),
    )
    const client = createAuthClient(settings, 'http://localhost')
    expect(await client.getAccount()).toMatchObject({ idToken: 'h.p.s', claims: { name: 'Naam' } })
  })
})

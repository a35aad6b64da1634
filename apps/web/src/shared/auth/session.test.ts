import { describe, expect, it, vi } from 'vitest'
import { fakeAuthClient, testAccount } from '../../test/auth.ts'
import { VISITOR, authStateFor } from './auth-state.ts'
import { createAuthSession, signOutAfterRefusal } from './session.ts'
import { browserStorage, storeSignIn } from './stored-flags.ts'

const stored = (key: string) => window.localStorage.getItem(key)

function sessionWith(auth = fakeAuthClient()) {
  const deps = { auth, storage: browserStorage, leaveTo: vi.fn(), logger: { error: vi.fn() } }
  return { session: createAuthSession(authStateFor(testAccount()), deps), ...deps }
}

describe('login', () => {
  it('stores the id token, authenticated and the choice', () => {
    storeSignIn(browserStorage, testAccount({}, { idToken: 'a.b.c' }))
    expect(stored('token')).toBe('a.b.c')
    expect(stored('authenticated')).toBe('true')
    expect(stored('choice')).toBe('employees')
  })

  it('fills the auth state from the claims, email from preferred_username', () => {
    const account = testAccount()
    expect(authStateFor(account, true)).toEqual({
      tokenResponse: {
        idToken: account.idToken,
        accessToken: account.accessToken,
        expiresAt: account.idTokenExpiresAt,
        scopes: account.scopes,
      },
      authenticated: true,
      emailAddress: 'medewerker@voorbeeldstad.nl',
      userName: 'Mirjam Medewerker',
      userAADId: '0b7c8c4e-1111-4b8e-9a57-3f5a1c2d0e01',
      assignedGroups: ['medewerkers'],
      isAdmin: true,
    })
  })

  it('takes the email claim without preferred_username, and the subject without oid', () => {
    const state = authStateFor(testAccount({ preferred_username: undefined, oid: undefined }))
    expect(state.emailAddress).toBe('m.medewerker@voorbeeldstad.nl')
    expect(state.userAADId).toBe('sub-medewerker')
  })

  it('is not authenticated, with cleared identity fields, for a null or empty response', () => {
    expect(authStateFor(null)).toEqual(VISITOR)
    expect(authStateFor(testAccount({}, { idToken: '' }))).toEqual(VISITOR)
    expect(VISITOR).toMatchObject({
      tokenResponse: {},
      authenticated: false,
      emailAddress: '',
      userName: '',
      userAADId: '',
      assignedGroups: [],
    })
  })
})

describe('logout', () => {
  it('removes the choice, stores not authenticated and signs out at the provider', async () => {
    const account = testAccount({}, { idToken: 'cached.id.token' })
    const { session, auth } = sessionWith(
      fakeAuthClient({ getAccount: vi.fn(async () => account) }),
    )
    storeSignIn(browserStorage, account)
    window.localStorage.setItem('isAdmin', 'true')

    await session.signOut()

    expect(stored('choice')).toBeNull()
    expect(stored('authenticated')).toBe('false')
    expect(stored('token')).toBe('not authenticated')
    expect(stored('isAdmin')).toBeNull()
    expect(auth.removeAccount).toHaveBeenCalledOnce()
    expect(auth.redirectToSignOut).toHaveBeenCalledWith('cached.id.token')
  })

  it('still ends as a visitor at the site root when the provider cannot be reached', async () => {
    const { session, leaveTo, logger } = sessionWith(
      fakeAuthClient({
        redirectToSignOut: vi.fn(async () => {
          throw new TypeError('Failed to fetch')
        }),
      }),
    )
    await session.signOut()
    expect(stored('authenticated')).toBe('false')
    expect(logger.error).toHaveBeenCalled()
    expect(leaveTo).toHaveBeenCalledWith('/')
  })
})

describe('sign-in from the portal', () => {
  it("stores choice 'employees' and redirects to the provider", async () => {
    window.localStorage.setItem('authenticated', 'false')
    const { session, auth } = sessionWith()
    await session.signIn()
    expect(stored('choice')).toBe('employees')
    expect(auth.redirectToSignIn).toHaveBeenCalledOnce()
  })
})

describe('a refused token (401 from /api)', () => {
  it('signs out locally, once, and starts again at the site root', async () => {
    const auth = fakeAuthClient()
    const leaveTo = vi.fn()
    storeSignIn(browserStorage, testAccount())
    const onRefused = signOutAfterRefusal({
      auth,
      storage: browserStorage,
      leaveTo,
      logger: { error: vi.fn() },
    })

    onRefused()
    onRefused()

    expect(stored('authenticated')).toBe('false')
    expect(stored('token')).toBe('not authenticated')
    await vi.waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/'))
    expect(auth.removeAccount).toHaveBeenCalledOnce()
    expect(leaveTo).toHaveBeenCalledOnce()
  })
})

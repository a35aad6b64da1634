import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeAuthClient, testAccount } from '../../test/auth.ts'
import type { AuthClient } from './auth-client.ts'
import { runStartup } from './startup.ts'
import { browserStorage } from './stored-flags.ts'

const ROOT = 'http://localhost/'

function start({ href = ROOT, client = {} }: { href?: string; client?: Partial<AuthClient> } = {}) {
  const auth = fakeAuthClient(client)
  const location = { href, replaceUrl: vi.fn() }
  const reload = vi.fn()
  const logger = { error: vi.fn(), warn: vi.fn() }
  const outcome = runStartup({
    auth,
    storage: browserStorage,
    location,
    reload,
    logger,
    now: Date.now,
  })
  return { outcome, auth, location, reload, logger }
}

const stored = (key: string) => window.localStorage.getItem(key)

afterEach(() => window.sessionStorage.clear())

describe('start-up sequence (spec section 4)', () => {
  it('steps 1 and 2: uses the account of a pending redirect result and cleans the URL', async () => {
    const account = testAccount()
    const { outcome, auth, location } = start({
      href: `${ROOT}?code=abc&state=xyz`,
      client: { completeSignIn: vi.fn(async () => account) },
    })
    expect(await outcome).toEqual({ kind: 'signed-in', account })
    expect(auth.completeSignIn).toHaveBeenCalledWith(`${ROOT}?code=abc&state=xyz`)
    expect(location.replaceUrl).toHaveBeenCalledWith('/')
    expect(stored('token')).toBe(account.idToken)
    expect(stored('authenticated')).toBe('true')
    expect(stored('choice')).toBe('employees')
    expect(auth.getAccount).not.toHaveBeenCalled()
  })

  it('step 3: a cached account with valid tokens is used as it is', async () => {
    const account = testAccount()
    const { outcome, auth } = start({ client: { getAccount: vi.fn(async () => account) } })
    expect(await outcome).toEqual({ kind: 'signed-in', account })
    expect(auth.renewSilently).not.toHaveBeenCalled()
    expect(stored('token')).toBe(account.idToken)
  })

  it('step 3: a cached account without valid tokens is renewed silently', async () => {
    const expired = testAccount({}, { idTokenExpiresAt: Math.floor(Date.now() / 1000) - 10 })
    const renewed = testAccount({}, { idToken: 'header.renewed.signature' })
    const { outcome, auth } = start({
      client: {
        getAccount: vi.fn(async () => expired),
        renewSilently: vi.fn(async () => renewed),
      },
    })
    expect(await outcome).toEqual({ kind: 'signed-in', account: renewed })
    expect(auth.redirectToSignIn).not.toHaveBeenCalled()
    expect(stored('token')).toBe('header.renewed.signature')
    expect(stored('authenticated')).toBe('true')
  })

  it('step 3: when silent renewal fails, signs in interactively with a redirect', async () => {
    const { outcome, auth, reload } = start({
      client: {
        getAccount: vi.fn(async () => testAccount({}, { idToken: '' })),
        renewSilently: vi.fn(async () => {
          throw new Error('invalid_grant')
        }),
      },
    })
    expect(await outcome).toEqual({ kind: 'leaving' })
    expect(auth.redirectToSignIn).toHaveBeenCalledOnce()
    expect(reload).not.toHaveBeenCalled()
  })

  it('step 4: without an account or a stored choice, shows the pop-up', async () => {
    const { outcome, auth } = start()
    expect(await outcome).toEqual({ kind: 'choose' })
    expect(auth.redirectToSignIn).not.toHaveBeenCalled()
  })

  it("step 4: choice 'employees' without an account starts the redirect login", async () => {
    window.localStorage.setItem('choice', 'employees')
    const { outcome, auth } = start()
    expect(await outcome).toEqual({ kind: 'leaving' })
    expect(auth.redirectToSignIn).toHaveBeenCalledOnce()
  })

  it("step 4: choice 'open' proceeds as a visitor", async () => {
    window.localStorage.setItem('choice', 'open')
    const { outcome, auth } = start()
    expect(await outcome).toEqual({ kind: 'visitor' })
    expect(auth.redirectToSignIn).not.toHaveBeenCalled()
    expect(stored('authenticated')).toBeNull()
  })

  it("step 5: authenticated 'false' is a visitor, even without a choice", async () => {
    window.localStorage.setItem('authenticated', 'false')
    const { outcome, auth } = start()
    expect(await outcome).toEqual({ kind: 'visitor' })
    expect(auth.redirectToSignIn).not.toHaveBeenCalled()
  })

  it("step 5: authenticated 'false' wins over choice 'employees' (after a logout)", async () => {
    window.localStorage.setItem('authenticated', 'false')
    window.localStorage.setItem('choice', 'employees')
    const { outcome, auth } = start()
    expect(await outcome).toEqual({ kind: 'visitor' })
    expect(auth.redirectToSignIn).not.toHaveBeenCalled()
  })

  it('step 6: on an error, logs the message, clears local and session storage and reloads', async () => {
    window.localStorage.setItem('choice', 'employees')
    window.localStorage.setItem('contrast', 'true')
    window.sessionStorage.setItem('anything', 'x')
    const failure = new Error('State does not match')
    const { outcome, logger, reload, location } = start({
      href: `${ROOT}?code=abc&state=stale`,
      client: {
        completeSignIn: vi.fn(async () => {
          throw failure
        }),
      },
    })
    expect(await outcome).toEqual({ kind: 'leaving' })
    expect(logger.error).toHaveBeenCalledWith('Failed to handleRedirectPromise()', failure)
    expect(window.localStorage).toHaveLength(0)
    expect(window.sessionStorage).toHaveLength(0)
    // The failed result is not processed again after the reload.
    expect(location.replaceUrl).toHaveBeenCalledWith('/')
    expect(reload).toHaveBeenCalledOnce()
  })

  it('step 6 also covers a redirect login that cannot start (provider unreachable)', async () => {
    window.localStorage.setItem('choice', 'employees')
    const { outcome, logger, reload, location } = start({
      client: {
        redirectToSignIn: vi.fn(async () => {
          throw new TypeError('Failed to fetch')
        }),
      },
    })
    expect(await outcome).toEqual({ kind: 'leaving' })
    expect(logger.error).toHaveBeenCalledWith(
      'Failed to handleRedirectPromise()',
      expect.any(TypeError),
    )
    expect(stored('choice')).toBeNull()
    expect(location.replaceUrl).not.toHaveBeenCalled()
    expect(reload).toHaveBeenCalledOnce()
  })

  it('treats an error answer of the provider as a redirect result (step 6 when refused)', async () => {
    const { outcome, auth, reload } = start({
      href: `${ROOT}?error=access_denied&state=xyz`,
      client: {
        completeSignIn: vi.fn(async () => {
          throw new Error('access_denied')
        }),
      },
    })
    expect(await outcome).toEqual({ kind: 'leaving' })
    expect(auth.completeSignIn).toHaveBeenCalledOnce()
    expect(reload).toHaveBeenCalledOnce()
  })

  it('does not take a code parameter of another page for a redirect result', async () => {
    window.localStorage.setItem('choice', 'open')
    const { outcome, auth } = start({ href: `${ROOT}zoeken?code=1&state=2` })
    expect(await outcome).toEqual({ kind: 'visitor' })
    expect(auth.completeSignIn).not.toHaveBeenCalled()
  })
})

import { API_PREFIX, apiPaths } from '@dataportaal/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeAuthClient, testAccount } from '../../test/auth.ts'
import { TEST_CONFIG, createTestQueryClient, json, stubApi } from '../../test/render.tsx'
import { apiFetch, setUnauthorizedHandler } from '../api/client.ts'
import { configQuery } from '../api/config.ts'
import type { AuthClient } from './auth-client.ts'
import { startAuth } from './start.ts'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  setUnauthorizedHandler(null)
})

const ADMIN_URL = `${API_PREFIX.authenticated}${apiPaths.userAdmin}`

function startWith(client: Partial<AuthClient>) {
  const auth = fakeAuthClient(client)
  const createClient = vi.fn(() => auth)
  const leaveTo = vi.fn()
  const started = startAuth(createTestQueryClient(), {
    createClient,
    deps: {
      location: { href: 'http://localhost/', replaceUrl: vi.fn() },
      reload: vi.fn(),
      leaveTo,
    },
  })
  return { started, auth, createClient, leaveTo }
}

describe('start-up of the app', () => {
  it('builds the client from the run-time configuration', async () => {
    stubApi(() => json(false))
    window.localStorage.setItem('choice', 'open')
    const { started, createClient } = startWith({})
    expect(await started).toMatchObject({ kind: 'portal' })
    expect(createClient).toHaveBeenCalledWith(TEST_CONFIG.auth, window.location.origin)
  })

  it('checks once whether a signed-in user is an admin, stores it and keeps it in the state', async () => {
    const { calls } = stubApi((url) => json(url.pathname === ADMIN_URL))
    const account = testAccount()
    const { started, auth } = startWith({ getAccount: vi.fn(async () => account) })
    const result = await started
    if (result.kind !== 'portal') throw new Error(`Expected the portal, got ${result.kind}`)

    expect(calls.map((url) => url.pathname)).toEqual([ADMIN_URL])
    expect(window.localStorage.getItem('isAdmin')).toBe('true')
    expect(result.session.getState()).toMatchObject({
      authenticated: true,
      isAdmin: true,
      userName: 'Mirjam Medewerker',
    })
    expect(auth.keepRenewed).toHaveBeenCalledWith(account, expect.any(Function))
  })

  it('stores a renewed id token as the bearer token', async () => {
    stubApi(() => json(false))
    const { started, auth } = startWith({ getAccount: vi.fn(async () => testAccount()) })
    const result = await started
    const onRenewed = auth.keepRenewed.mock.calls[0]![1]
    onRenewed(testAccount({ name: 'Mirjam M.' }, { idToken: 'renewed.id.token' }))
    expect(window.localStorage.getItem('token')).toBe('renewed.id.token')
    if (result.kind === 'portal') expect(result.session.getState().userName).toBe('Mirjam M.')
  })

  it('asks nothing of the API for a visitor', async () => {
    const { calls } = stubApi(() => json(true))
    window.localStorage.setItem('authenticated', 'false')
    const result = await startWith({}).started
    expect(result.kind).toBe('portal')
    if (result.kind === 'portal') expect(result.session.getState().authenticated).toBe(false)
    expect(calls).toHaveLength(0)
    expect(window.localStorage.getItem('isAdmin')).toBeNull()
  })

  it('signs out when the API refuses the token of a cached account', async () => {
    stubApi(() => json({ title: 'Niet ingelogd', status: 401 }, 401))
    const { started, auth, leaveTo } = startWith({ getAccount: vi.fn(async () => testAccount()) })
    expect(await started).toEqual({ kind: 'leaving' })
    expect(window.localStorage.getItem('authenticated')).toBe('false')
    expect(auth.removeAccount).toHaveBeenCalledOnce()
    await vi.waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/'))
  })

  it('registers the sign-out for a 401 from /api during use', async () => {
    stubApi((url) => (url.pathname === ADMIN_URL ? json(false) : json({}, 401)))
    const { started, leaveTo } = startWith({ getAccount: vi.fn(async () => testAccount()) })
    expect((await started).kind).toBe('portal')
    await expect(apiFetch('/documents/favorites')).rejects.toMatchObject({ status: 401 })
    expect(window.localStorage.getItem('authenticated')).toBe('false')
    expect(window.localStorage.getItem('token')).toBe('not authenticated')
    await vi.waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/'))
  })

  it('reports the portal unavailable when the configuration cannot be loaded', async () => {
    stubApi(() => json({ title: 'Storing', status: 503 }, 503))
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const queryClient = createTestQueryClient()
    queryClient.removeQueries({ queryKey: configQuery.queryKey })
    const createClient = vi.fn(() => fakeAuthClient())
    expect(await startAuth(queryClient, { createClient })).toEqual({ kind: 'unavailable' })
    expect(createClient).not.toHaveBeenCalled()
  })
})

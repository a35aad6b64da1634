import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, stubApi } from '../../test/render.tsx'
import { ApiError, apiFetch, setUnauthorizedHandler } from './client.ts'

afterEach(() => {
  vi.unstubAllGlobals()
  setUnauthorizedHandler(null)
})

const signIn = () => {
  window.localStorage.setItem('authenticated', 'true')
  window.localStorage.setItem('token', 'h.p.s')
}

describe('calls of a signed-in user', () => {
  it('go to /api with the stored id token as bearer token', async () => {
    signIn()
    const { calls, fetchMock } = stubApi(() => json([]))
    await apiFetch('/tags')
    expect(calls[0]!.pathname).toBe('/api/tags')
    const init = fetchMock.mock.calls[0]![1]
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer h.p.s')
  })

  it('send a JSON body as a string with its content type', async () => {
    signIn()
    const { fetchMock } = stubApi(() => json({ id: 1 }))
    await apiFetch('/tags', { method: 'PUT', json: { name: 'Wonen' } })
    const init = fetchMock.mock.calls[0]![1]
    expect(init?.body).toBe('{"name":"Wonen"}')
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json')
  })

  it('hand a 401 of /api to the registered handler, and still fail', async () => {
    signIn()
    const onUnauthorized = vi.fn()
    setUnauthorizedHandler(onUnauthorized)
    stubApi(() => json({ title: 'Niet ingelogd', status: 401 }, 401))
    await expect(apiFetch('/tags')).rejects.toBeInstanceOf(ApiError)
    expect(onUnauthorized).toHaveBeenCalledOnce()
  })

  it('leave a 403 to the screen that made the call', async () => {
    signIn()
    const onUnauthorized = vi.fn()
    setUnauthorizedHandler(onUnauthorized)
    stubApi(() => json({ title: 'Geen toegang', status: 403 }, 403))
    await expect(apiFetch('/tags')).rejects.toMatchObject({ status: 403 })
    expect(onUnauthorized).not.toHaveBeenCalled()
  })
})

describe('calls of a visitor', () => {
  it('go to /pubapi without a token, and a 401 there signs nobody out', async () => {
    const onUnauthorized = vi.fn()
    setUnauthorizedHandler(onUnauthorized)
    const { calls, fetchMock } = stubApi(() => json({ title: 'x', status: 401 }, 401))
    await expect(apiFetch('/tags')).rejects.toMatchObject({ status: 401 })
    expect(calls[0]!.pathname).toBe('/pubapi/tags')
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).has('Authorization')).toBe(false)
    expect(onUnauthorized).not.toHaveBeenCalled()
  })
})

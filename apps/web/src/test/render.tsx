import type { PublicConfig } from '@dataportaal/contract'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { Suspense, type ReactElement } from 'react'
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router'
import { vi } from 'vitest'
import { AuthProvider } from '../shared/auth/AuthContext.tsx'
import type { AuthSession } from '../shared/auth/session.ts'
import { configQuery } from '../shared/api/config.ts'
import { testSession } from './auth.ts'

export const TEST_CONFIG: PublicConfig = {
  portalName: 'Dataportaal Teststad',
  logoUrl: '/logo.svg',
  auth: { authority: 'http://localhost/oidc', clientId: 'dataportaal', scopes: ['openid'] },
  serviceDeskUrl: null,
  footerLinks: {
    privacy: 'https://example.org/privacy',
    disclaimer: 'https://example.org/disclaimer',
    accessibility: 'https://example.org/toegankelijkheid',
    city: 'https://example.org',
  },
  maxUploadMb: 100,
  map: { tileUrl: null, attribution: '' },
}

/** A query client as the app has it, with the run-time config already loaded. */
export function createTestQueryClient() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  })
  client.setQueryData(configQuery.queryKey, TEST_CONFIG)
  return client
}

export interface RenderOptions {
  /** Who is using the app; a visitor unless given. */
  auth?: AuthSession
  config?: Partial<PublicConfig>
}

/**
 * Renders routes in a memory router, as the app would at `url`. Extra routes let a test see
 * where a navigation went (e.g. a route for /zoeken that prints its search string).
 */
export function renderRoutes(routes: RouteObject[], url = '/', options: RenderOptions = {}) {
  const queryClient = createTestQueryClient()
  if (options.config)
    queryClient.setQueryData(configQuery.queryKey, { ...TEST_CONFIG, ...options.config })
  const router = createMemoryRouter(routes, { initialEntries: [url] })
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider session={options.auth ?? testSession().session}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </AuthProvider>
    </QueryClientProvider>,
  )
  return { ...view, router, queryClient }
}

export const renderAt = (element: ReactElement, url = '/', path = '*', options?: RenderOptions) =>
  renderRoutes([{ path, element }], url, options)

type Responder = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>

/** The server is outside the unit under test: answer fetches by path. */
export function stubApi(responder: Responder) {
  const calls: URL[] = []
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    )
    calls.push(url)
    return responder(url, init)
  })
  vi.stubGlobal('fetch', fetchMock)
  return { calls, fetchMock }
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

import { API_PREFIX, SERVER_RENDERED_ATTRIBUTE, type SearchResponse } from '@dataportaal/contract'
import { act } from '@testing-library/react'
import { StrictMode } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ServerRenderedPortal } from './app/App.tsx'
import { createHydratingRouter } from './app/router.tsx'
import { hydrateServerData } from './app/server-data.ts'
import { createRenderer } from './entry-server.tsx'
import { createQueryClient } from './shared/api/query-client.ts'
import { activeAuthSession } from './shared/auth/session.ts'
import { DOCUMENT_ID, aDocument } from './test/documents.ts'
import { TEST_CONFIG } from './test/render.tsx'

const NO_BUCKETS = {
  sourceFriendlyName: [],
  contentTypeName: [],
  rating: [],
  date: [],
  wooCategory: [],
}

const PDF = {
  id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  fileName: 'rapport.pdf',
  mediaType: 'application/pdf',
  size: 1234,
  sha256: 'a'.repeat(64),
  url: `/documents/${DOCUMENT_ID}/files/3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b`,
}

const SEARCH: SearchResponse = {
  Results: [
    {
      contentUID: DOCUMENT_ID,
      title: 'Bevolking per wijk',
      titleHighlight: '<mark>Bevolking</mark> per wijk',
      snippet: 'Aantal inwoners per wijk',
      contentTypeName: 'Dataset',
      sourceFriendlyName: 'Gemeente',
      themes: ['Bevolking'],
      status: 'goedgekeurd',
      averageRating: null,
      ratingCount: 0,
      date: '2026-01-01',
      published: '2026-01-02T10:00:00.000Z',
      fileFormats: ['CSV'],
    },
  ],
  Total: 1,
  Aggregations: { ...NO_BUCKETS, themes: [{ key: 'Bevolking', count: 1 }] },
}

/** The portal's API as the server calls it in process: a few answers, 404 for the rest. */
const serverFetch = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://portal.invalid')
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
  if (!url.pathname.startsWith(API_PREFIX.public)) return json({ title: 'Niet openbaar' }, 403)
  const path = url.pathname.slice(API_PREFIX.public.length)
  if (path === '/config') return json(TEST_CONFIG)
  if (path === '/search') return json(SEARCH)
  if (path === `/documents/${DOCUMENT_ID}`) return json(aDocument({ files: [PDF] }))
  return json({ type: 'about:blank', title: 'Niet gevonden', status: 404 }, 404)
})

const renderPage = createRenderer(serverFetch)

let root: Root | null = null
afterEach(() => {
  act(() => root?.unmount())
  root = null
  document.body.innerHTML = ''
  document.head.innerHTML = ''
  vi.restoreAllMocks()
})

/** The server's page put in the document, then hydrated as main.tsx does; console errors collected. */
async function renderAndHydrate(url: string) {
  const page = await renderPage(url)
  if (page.kind !== 'page') throw new Error(`${url} was not rendered`)
  window.history.replaceState(null, '', url)
  document.head.innerHTML = page.head
  document.body.innerHTML =
    `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}>${page.html}</div>` +
    `<script type="application/json" id="portal-data">${page.data}</script>`
  const errors = vi.spyOn(console, 'error')
  const queryClient = createQueryClient()
  expect(hydrateServerData(queryClient, document)).toBe(true)
  const router = await createHydratingRouter()
  const container = document.getElementById('root')!
  const heading = container.querySelector('h1')
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <ServerRenderedPortal queryClient={queryClient} session={activeAuthSession()}>
          <RouterProvider router={router} />
        </ServerRenderedPortal>
      </StrictMode>,
      { onRecoverableError: (error) => console.error('Hydration: the page differed', error) },
    )
  })
  return { page, errors, heading, container }
}

describe('a public page rendered on the server and hydrated in the browser', () => {
  it('is a search page with its results, title and feed link, taken over without a warning', async () => {
    const { page, errors, heading, container } = await renderAndHydrate(
      '/zoeken?query=bevolking&offset=1',
    )
    expect(page.status).toBe(200)
    expect(page.head).toContain(
      `<title>Zoekresultaten voor &quot;bevolking&quot; | ${TEST_CONFIG.portalName}</title>`,
    )
    expect(page.head).toMatch(
      /<link rel="alternate" type="application\/atom\+xml"[^>]*query=bevolking/,
    )
    expect(page.html).toContain('<mark>Bevolking</mark> per wijk')
    expect(errors).not.toHaveBeenCalled()
    // The server's elements are kept, not drawn anew.
    expect(container.querySelector('h1')).toBe(heading)
    expect(document.documentElement.dataset['hydrated']).toBe('true')
  })

  it('is a document page, taken over without a warning', async () => {
    const { page, errors } = await renderAndHydrate(`/documenten/${DOCUMENT_ID}`)
    expect(page.status).toBe(200)
    expect(page.html).toContain(aDocument().title)
    expect(page.html).toContain('rapport.pdf')
    expect(errors).not.toHaveBeenCalled()
  })

  it("leaves a file's content to the browser: the server never fetches it into the page", async () => {
    serverFetch.mockClear()
    await renderPage(`/documenten/${DOCUMENT_ID}`)
    const called = serverFetch.mock.calls.map(([input]) => String(input))
    expect(called).toContain(`${API_PREFIX.public}/documents/${DOCUMENT_ID}`)
    expect(called.filter((url) => url.includes('/files/'))).toEqual([])
  })

  it("leaves the search bar's suggestions to the browser: its list is closed on a rendered page", async () => {
    serverFetch.mockClear()
    await renderPage('/zoeken?query=bevolking&offset=1')
    const called = serverFetch.mock.calls.map(([input]) => String(input))
    expect(called.some((url) => url.includes('/search?'))).toBe(true)
    expect(called.filter((url) => url.includes('/complete/'))).toEqual([])
  })

  it('answers 404 for a document that is not there, with the page that says so', async () => {
    const { page, errors, heading, container } = await renderAndHydrate(
      '/documenten/00000000-0000-4000-8000-000000000000',
    )
    expect(page.status).toBe(404)
    expect(heading?.textContent).toBe('Document niet gevonden')
    expect(errors).not.toHaveBeenCalled()
    // Taken over as it is: the server's answer is not asked again, nor shown as loading.
    expect(container.querySelector('h1')).toBe(heading)
    expect(container.textContent).not.toMatch(/geladen/)
  })

  it('leaves the screens behind sign-in to the browser', async () => {
    expect(await renderPage('/favorieten')).toEqual({ kind: 'browser' })
    expect(await renderPage('/validatie')).toEqual({ kind: 'browser' })
  })

  it('calls the API only as a visitor, on /pubapi', async () => {
    await renderPage('/')
    const called = serverFetch.mock.calls.map(([input]) => String(input))
    expect(called.length).toBeGreaterThan(0)
    expect(called.every((url) => url.startsWith(API_PREFIX.public))).toBe(true)
  })
})

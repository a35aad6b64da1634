import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TEST_CONFIG, json, renderRoutes, stubApi } from '../test/render.tsx'
import { routes } from './router.tsx'

afterEach(() => vi.unstubAllGlobals())

function renderApp(url: string) {
  stubApi((request) =>
    request.pathname.endsWith('/search')
      ? json({
          Results: [],
          Total: 0,
          Aggregations: {
            sourceFriendlyName: [],
            contentTypeName: [],
            themes: [],
            rating: [],
            date: [],
          },
        })
      : json({ Results: [], Total: 0 }),
  )
  return renderRoutes(routes, url)
}

const titleEndsWithPortalName = () =>
  expect(document.title.endsWith(TEST_CONFIG.portalName)).toBe(true)

describe('routes', () => {
  it('sends any unknown path home', async () => {
    const { router } = renderApp('/bestaat/niet')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    expect(document.title).toBe(TEST_CONFIG.portalName)
  })

  it.each([
    ['/info', 'Veelgestelde vragen'],
    ['/themas', 'Thema’s'],
    ['/themas/Zorg%2FWelzijn', 'Zorg/Welzijn'],
    ['/datavraag', 'Datavraag'],
    ['/favorieten', 'Favorieten'],
    ['/favorieten/2', 'Favorieten'],
    ['/data', 'Mijn data'],
    ['/data/3', 'Mijn data'],
    ['/document/upload', 'Data uploaden'],
    ['/validatie', 'Data validatie'],
    ['/dashboard', 'Dashboard'],
  ])('%s shows its screen and sets the title', async (url, heading) => {
    renderApp(url)
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe(`${heading} | ${TEST_CONFIG.portalName}`))
    titleEndsWithPortalName()
  })

  it('offers sign-in on screens for employees instead of a blank page', async () => {
    renderApp('/favorieten')
    expect(await screen.findByText(/alleen beschikbaar voor medewerkers/)).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Inloggen' }).length).toBeGreaterThan(0)
  })

  it.each(['/thema', '/tag', '/harvesten'])(
    '%s redirects home unless authenticated and isAdmin are stored',
    async (url) => {
      window.localStorage.setItem('authenticated', 'true')
      const { router } = renderApp(url)
      await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    },
  )

  it.each([
    ['/thema', "Thema's"],
    ['/tag', 'Labels'],
    ['/harvesten', 'Harvesten uit andere catalogi'],
  ])('%s opens for a stored admin', async (url, heading) => {
    window.localStorage.setItem('authenticated', 'true')
    window.localStorage.setItem('isAdmin', 'true')
    const { router } = renderApp(url)
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(url)
  })
})

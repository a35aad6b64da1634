import { apiPaths, type DocumentSummary } from '@dataportaal/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TEST_CONFIG, json, renderRoutes, stubApi, type RenderOptions } from '../../test/render.tsx'
import { employeeApi, heldAnswer, signedIn } from '../../test/documents.ts'
import { FavoritesPage } from './FavoritesPage.tsx'
import { FAVORITES_PATH, favoritesHref } from '../../shared/routes.ts'

afterEach(() => vi.unstubAllGlobals())

function aSummary(index: number, overrides: Partial<DocumentSummary> = {}): DocumentSummary {
  return {
    contentUID: `0f6c1b8e-5d2a-4c1e-9b7a-00000000000${index}`,
    title: `Favoriet document ${index}`,
    contentTypeName: 'Dataset',
    sourceFriendlyName: 'Onderzoek en Statistiek',
    themes: ['Wonen'],
    status: 'goedgekeurd',
    averageRating: null,
    ratingCount: 0,
    contentUserUse: { favorited: true, rating: null },
    owner: null,
    date: '2024-03-01',
    created: '2024-03-02T10:00:00Z',
    modified: '2024-03-02T10:00:00Z',
    published: '2024-03-03T10:00:00Z',
    fileFormats: ['CSV'],
    ...overrides,
  }
}

/** The server's favourites, with DELETE answered by `remove` (which may refuse). */
function stubFavorites(
  favorites: DocumentSummary[],
  remove: (id: string) => Promise<Response> | Response = () => json({ favorited: false }),
) {
  let current = [...favorites]
  return stubApi(async (url, init) => {
    if (url.pathname === employeeApi(apiPaths.favorites)) {
      const page = Number(url.searchParams.get('offset') ?? 1)
      const size = Number(url.searchParams.get('pageSize') ?? 10)
      return json({ Results: current.slice((page - 1) * size, page * size), Total: current.length })
    }
    const match = /\/documents\/([^/]+)\/favorite$/.exec(url.pathname)
    if (match && init?.method === 'DELETE') {
      const answer = await remove(match[1]!)
      if (answer.ok) current = current.filter((item) => item.contentUID !== match[1])
      return answer
    }
    return json({ title: 'Niet gevonden', status: 404 }, 404)
  })
}

const renderFavorites = (url: string, options: RenderOptions = signedIn()) =>
  renderRoutes(
    [
      { path: FAVORITES_PATH, element: <FavoritesPage /> },
      { path: `${FAVORITES_PATH}/:page`, element: <FavoritesPage /> },
    ],
    url,
    options,
  )

const items = () =>
  within(screen.getByRole('list', { name: 'Uw favorieten' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent)

describe('favourites screen', () => {
  it('lists the favourites with title link, type, source, date and themes', async () => {
    const { calls } = stubFavorites([aSummary(1), aSummary(2, { themes: null })])
    renderFavorites(FAVORITES_PATH)

    const link = await screen.findByRole('link', { name: 'Favoriet document 1' })
    expect(link).toHaveAttribute('href', `/documenten/${aSummary(1).contentUID}`)
    const item = link.closest('li')!
    expect(item).toHaveTextContent('SoortDataset')
    expect(item).toHaveTextContent('BronOnderzoek en Statistiek')
    expect(item).toHaveTextContent('Datum1 maart 2024')
    expect(within(item).getByRole('list', { name: 'Thema’s' })).toHaveTextContent('Wonen')
    expect(items()).toEqual(['Favoriet document 1', 'Favoriet document 2'])
    expect(screen.getByText('U hebt 2 favorieten.')).toBeVisible()
    expect(calls[0]!.searchParams.get('offset')).toBe('1')
    expect(calls[0]!.searchParams.get('pageSize')).toBe('10')
    await waitFor(() => expect(document.title).toBe(`Favorieten | ${TEST_CONFIG.portalName}`))
  })

  it('removes an item only after the server has confirmed the DELETE', async () => {
    const answer = heldAnswer()
    stubFavorites([aSummary(1), aSummary(2)], async () => {
      await answer.released
      return json({ favorited: false })
    })
    renderFavorites(FAVORITES_PATH)

    const remove = await screen.findByRole('button', {
      name: 'Verwijder uit favorieten: Favoriet document 1',
    })
    await userEvent.click(remove)
    // Still there while the server has not answered.
    expect(items()).toEqual(['Favoriet document 1', 'Favoriet document 2'])
    expect(remove).toHaveAttribute('aria-busy', 'true')

    answer.release()
    await waitFor(() => expect(items()).toEqual(['Favoriet document 2']))
    expect(screen.getByRole('heading', { level: 1, name: 'Favorieten' })).toHaveFocus()
    expect(screen.getByText('Favoriet document 1 is uit uw favorieten verwijderd.')).toBeVisible()
  })

  it('keeps an item whose DELETE failed and says so', async () => {
    stubFavorites([aSummary(1)], () => json({ title: 'Er ging iets mis', status: 500 }, 500))
    renderFavorites(FAVORITES_PATH)

    await userEvent.click(
      await screen.findByRole('button', { name: 'Verwijder uit favorieten: Favoriet document 1' }),
    )
    expect(
      await screen.findByText(/^Favoriet document 1 kon niet uit uw favorieten worden verwijderd/),
    ).toBeVisible()
    expect(items()).toEqual(['Favoriet document 1'])
  })

  it('pages with the page number in the path', async () => {
    const favorites = Array.from({ length: 25 }, (_, index) =>
      aSummary(index % 10, {
        contentUID: `0f6c1b8e-5d2a-4c1e-9b7a-0000000000${String(index).padStart(2, '0')}`,
        title: `Favoriet ${index + 1}`,
      }),
    )
    const { calls } = stubFavorites(favorites)
    renderFavorites(favoritesHref(2))

    expect(await screen.findByRole('link', { name: 'Favoriet 11' })).toBeVisible()
    expect(calls[0]!.searchParams.get('offset')).toBe('2')
    const pagination = screen.getByRole('navigation', { name: 'Paginering van uw favorieten' })
    expect(within(pagination).getByRole('link', { name: /Vorige/ })).toHaveAttribute(
      'href',
      FAVORITES_PATH,
    )
    expect(within(pagination).getByRole('link', { name: /Volgende/ })).toHaveAttribute(
      'href',
      `${FAVORITES_PATH}/3`,
    )
    await waitFor(() =>
      expect(document.title).toBe(`Favorieten – pagina 2 | ${TEST_CONFIG.portalName}`),
    )
  })

  it('goes to the page before when the last item of the last page is removed', async () => {
    const favorites = Array.from({ length: 11 }, (_, index) =>
      aSummary(index % 10, {
        contentUID: `0f6c1b8e-5d2a-4c1e-9b7a-0000000000${String(index).padStart(2, '0')}`,
        title: `Favoriet ${index + 1}`,
      }),
    )
    stubFavorites(favorites)
    const { router } = renderFavorites(favoritesHref(2))

    await userEvent.click(
      await screen.findByRole('button', { name: 'Verwijder uit favorieten: Favoriet 11' }),
    )

    await waitFor(() => expect(router.state.location.pathname).toBe(FAVORITES_PATH))
    expect(await screen.findByRole('link', { name: 'Favoriet 10' })).toBeVisible()
  })

  it('explains how to add favourites when there are none', async () => {
    stubFavorites([])
    renderFavorites(FAVORITES_PATH)
    expect(
      await screen.findByRole('heading', { level: 2, name: 'U hebt nog geen favorieten' }),
    ).toBeVisible()
    expect(
      screen.getByRole('link', { name: 'Zoek in alle datasets en documenten' }),
    ).toHaveAttribute('href', '/zoeken?offset=1')
  })

  it('sends a path that is not a page number to the first page', async () => {
    stubFavorites([aSummary(1)])
    const { router } = renderFavorites(`${FAVORITES_PATH}/nul`)
    await waitFor(() => expect(router.state.location.pathname).toBe(FAVORITES_PATH))
  })

  it('offers a visitor sign-in and asks the server nothing', async () => {
    const { calls } = stubFavorites([aSummary(1)])
    renderFavorites(FAVORITES_PATH, {})
    expect(screen.getByRole('heading', { level: 1, name: 'Favorieten' })).toBeVisible()
    expect(screen.getByText(/alleen beschikbaar voor medewerkers/)).toBeVisible()
    expect(screen.getByRole('button', { name: 'Inloggen' })).toBeVisible()
    await waitFor(() => expect(document.title).toBe(`Favorieten | ${TEST_CONFIG.portalName}`))
    expect(calls).toHaveLength(0)
  })
})

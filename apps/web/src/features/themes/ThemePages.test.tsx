import { API_PREFIX, ATOM_MEDIA_TYPE, apiPaths, type DocumentSummary } from '@dataportaal/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, renderAt, stubApi } from '../../test/render.tsx'
import { employeeApi, signedIn } from '../../test/documents.ts'
import { ThemePage } from './ThemePage.tsx'
import { ThemesPage } from './ThemesPage.tsx'
import { THEME_PAGE_SIZE } from './api.ts'

afterEach(() => {
  vi.unstubAllGlobals()
  window.localStorage.clear()
})

const publicApi = (path: string) => `${API_PREFIX.public}${path}`
const NOT_FOUND = { title: 'Niet gevonden', status: 404, detail: 'Dit thema bestaat niet.' }

function aSummary(index: number): DocumentSummary {
  return {
    contentUID: `5a0c7a52-33c4-4f1e-8c59-2d4b8f1e9a${String(index).padStart(2, '0')}`,
    title: `Fietstelling ${index}`,
    contentTypeName: 'Dataset',
    sourceFriendlyName: 'Mobiliteit',
    themes: ['Zorg/Welzijn'],
    status: 'goedgekeurd',
    averageRating: null,
    ratingCount: 0,
    owner: null,
    date: '2024-02-01',
    created: '2024-04-01T10:00:00Z',
    modified: '2024-04-01T10:00:00Z',
    published: '2024-04-03T10:00:00Z',
    fileFormats: ['CSV'],
  }
}

describe('/themas', () => {
  it('lists the published themes with their counts, each linking to its page', async () => {
    const { calls } = stubApi(() =>
      json({
        Results: [
          { key: 'Zorg/Welzijn', count: 12 },
          { key: 'Afval', count: 1 },
          { key: 'Geen Thema', count: 3 },
        ],
        Total: 3,
      }),
    )
    renderAt(<ThemesPage />, '/themas', '/themas', signedIn())

    const link = await screen.findByRole('link', { name: /^Zorg\/Welzijn/ })
    expect(link).toHaveAttribute('href', '/themas/Zorg%2FWelzijn')
    expect(link).toHaveTextContent('12 documenten')
    const single = screen.getByRole('link', { name: /^Afval/ })
    expect(single).toHaveAttribute('href', '/themas/Afval')
    expect(single).toHaveTextContent('1 document')
    expect(screen.queryByRole('link', { name: /Geen Thema/ })).not.toBeInTheDocument()
    // Published documents only, also for a signed-in employee: the visitor's counts.
    expect(calls.map((url) => url.pathname)).toEqual([publicApi(apiPaths.tagsAggregation)])
  })

  it('says so when there are no themes yet', async () => {
    stubApi(() => json({ Results: [{ key: 'Geen Thema', count: 2 }], Total: 1 }))
    renderAt(<ThemesPage />, '/themas', '/themas')
    expect(await screen.findByRole('heading', { name: 'Nog geen thema’s' })).toBeVisible()
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
  })

  it('shows an error when the themes cannot be loaded', async () => {
    stubApi(() => json({ title: 'Fout', status: 503 }, 503))
    renderAt(<ThemesPage />, '/themas', '/themas')
    expect(await screen.findByText('De thema’s konden niet worden geladen.')).toBeVisible()
  })
})

describe('/themas/{name}', () => {
  const THEME_URL = '/themas/Zorg%2FWelzijn'

  it('shows a visitor the theme’s documents from /pubapi, its feed, and pages with links', async () => {
    const { calls } = stubApi((url) => {
      if (url.pathname === publicApi(apiPaths.tagDocuments('Zorg/Welzijn')))
        return json({ Results: [aSummary(11), aSummary(12)], Total: THEME_PAGE_SIZE + 2 })
      return json(NOT_FOUND, 404)
    })
    renderAt(<ThemePage />, `${THEME_URL}?offset=2`, '/themas/:name')

    expect(await screen.findByRole('heading', { level: 1, name: 'Zorg/Welzijn' })).toBeVisible()
    const list = await screen.findByRole('list', { name: 'Documenten in Zorg/Welzijn' })
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Fietstelling 11', 'Fietstelling 12'])
    expect(screen.getByRole('status')).toHaveTextContent(
      '12 documenten, nieuwste eerst, pagina 2 van 2',
    )
    expect(calls[0]?.searchParams.get('offset')).toBe('2')
    expect(calls[0]?.searchParams.get('pageSize')).toBe(String(THEME_PAGE_SIZE))

    const feed = screen.getByRole('link', { name: /Volg nieuwe documenten in Zorg\/Welzijn/ })
    const feedHref = `${publicApi(apiPaths.documentsFeed)}?tags=Zorg%2FWelzijn`
    expect(feed).toHaveAttribute('href', feedHref)
    expect(
      document.head.querySelector(`link[rel="alternate"][type="${ATOM_MEDIA_TYPE}"]`),
    ).toHaveAttribute('href', feedHref)

    const paging = screen.getByRole('navigation', { name: 'Paginering' })
    expect(within(paging).getByRole('link', { name: /Vorige/ })).toHaveAttribute('href', THEME_URL)
    // No followers for a visitor: that call is for employees.
    expect(screen.queryByRole('heading', { name: 'Collega’s die dit thema volgen' })).toBeNull()
    expect(calls.some((url) => url.pathname.endsWith('/followers'))).toBe(false)
  })

  it('says the theme does not exist for an unknown name, instead of failing', async () => {
    stubApi(() => json(NOT_FOUND, 404))
    renderAt(<ThemePage />, '/themas/Onbekend', '/themas/:name')
    expect(await screen.findByRole('heading', { name: 'Thema niet gevonden' })).toBeVisible()
    expect(screen.getByText('Er is geen thema ‘Onbekend’.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Bekijk alle thema’s' })).toHaveAttribute(
      'href',
      '/themas',
    )
  })

  it('says so when the theme has no published documents', async () => {
    stubApi(() => json({ Results: [], Total: 0 }))
    renderAt(<ThemePage />, '/themas/Afval', '/themas/:name')
    expect(
      await screen.findByText('Er zijn nog geen gepubliceerde documenten in dit thema.'),
    ).toBeVisible()
  })

  it('shows an employee the followers from /api and lets them follow the theme', async () => {
    let followed: string[] = []
    const { calls } = stubApi((url, init) => {
      if (url.pathname === employeeApi(apiPaths.tagDocuments('Afval')))
        return json({ Results: [aSummary(1)], Total: 1 })
      if (url.pathname === employeeApi(apiPaths.tagFollowers('Afval')))
        return json({ Results: ['Anna de Vries', 'Bram Jansen'], Total: 2 })
      if (url.pathname === employeeApi(apiPaths.followedTags)) {
        if (init?.method === 'PUT') followed = ['Afval']
        return json({ Results: followed, Total: followed.length })
      }
      return json(NOT_FOUND, 404)
    })
    renderAt(<ThemePage />, '/themas/Afval', '/themas/:name', signedIn())

    const followers = within(
      await screen.findByRole('region', { name: 'Collega’s die dit thema volgen' }),
    )
    expect(await followers.findByText('2 collega’s volgen dit thema:')).toBeVisible()
    expect(followers.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Anna de Vries',
      'Bram Jansen',
    ])
    expect(await screen.findByRole('link', { name: 'Fietstelling 1' })).toBeVisible()

    await userEvent.click(await followers.findByRole('button', { name: /Volg.*Afval/ }))
    await waitFor(() =>
      expect(calls.some((url) => url.searchParams.get('data') === 'Afval')).toBe(true),
    )
    // After following, who follows is asked again.
    await waitFor(() =>
      expect(
        calls.filter((url) => url.pathname === employeeApi(apiPaths.tagFollowers('Afval'))),
      ).toHaveLength(2),
    )
  })
})

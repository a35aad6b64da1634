import { API_PREFIX, ATOM_MEDIA_TYPE, apiPaths } from '@dataportaal/contract'
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EMPLOYEE, storeSignedIn, testSession } from '../../test/auth.ts'
import { renderRoutes, type RenderOptions } from '../../test/render.tsx'
import { SEARCH_PATH, searchHref } from '../../shared/routes.ts'
import { SearchPage } from './SearchPage.tsx'
import { stubSearch } from './test-data.ts'

const FEED_PATH = `${API_PREFIX.public}${apiPaths.documentsFeed}`

function renderSearch(url: string, options?: RenderOptions) {
  return renderRoutes([{ path: SEARCH_PATH, element: <SearchPage /> }], url, options)
}

/** The feeds the page announces in the document's head. */
const headFeeds = () =>
  [...document.head.querySelectorAll(`link[rel="alternate"][type="${ATOM_MEDIA_TYPE}"]`)].map(
    (link) => ({ title: link.getAttribute('title'), href: link.getAttribute('href') }),
  )

afterEach(() => {
  vi.unstubAllGlobals()
  window.localStorage.clear()
})

describe('the feed link of a search', () => {
  it('follows the query and filters shown, not the page, order or facet groups', async () => {
    stubSearch()
    renderSearch(
      searchHref({
        query: ' wijk ',
        tags: ['Wonen'],
        categoryType: ['Dataset', 'Kaart'],
        source: ['Onderzoek en Statistiek'],
        minRating: 3,
        dateFrom: '2020-01-01',
        dateTo: '2024-12-31',
        sort: 'rating',
        offset: 2,
        facets: ['tags', 'source'],
      }),
    )
    const href =
      `${FEED_PATH}?query=wijk&categoryType=Dataset&categoryType=Kaart&tags=Wonen` +
      '&source=Onderzoek+en+Statistiek&minRating=3&dateFrom=2020-01-01&dateTo=2024-12-31'
    const link = await screen.findByRole('link', { name: 'Volg deze zoekopdracht (Atom-feed)' })
    expect(link).toHaveAttribute('href', href)
    expect(link).toHaveAttribute('type', ATOM_MEDIA_TYPE)
    expect(headFeeds()).toEqual([{ title: 'Nieuwe documenten bij deze zoekopdracht', href }])
  })

  it('follows the chosen Woo information categories', async () => {
    stubSearch()
    renderSearch(searchHref({ tags: ['Wonen'], wooCategory: ['014', '016'] }))
    const href = `${FEED_PATH}?tags=Wonen&wooCategory=014&wooCategory=016`
    // A theme with a category is no longer just the theme: the link says it follows the search.
    const link = await screen.findByRole('link', { name: 'Volg deze zoekopdracht (Atom-feed)' })
    expect(link).toHaveAttribute('href', href)
    expect(headFeeds()).toEqual([{ title: 'Nieuwe documenten bij deze zoekopdracht', href }])
  })

  it('names the theme when the search is exactly one theme', async () => {
    stubSearch()
    renderSearch(searchHref({ tags: ['Wonen'] }))
    const link = await screen.findByRole('link', { name: 'Volg het thema Wonen (Atom-feed)' })
    expect(link).toHaveAttribute('href', `${FEED_PATH}?tags=Wonen`)
    expect(headFeeds()).toEqual([
      { title: 'Nieuwe documenten over Wonen', href: `${FEED_PATH}?tags=Wonen` },
    ])
  })

  it('follows everything when nothing is searched, and leaves the head with the page', async () => {
    stubSearch()
    const view = renderSearch(searchHref())
    const link = await screen.findByRole('link', {
      name: 'Volg alle nieuwe documenten (Atom-feed)',
    })
    expect(link).toHaveAttribute('href', FEED_PATH)
    expect(headFeeds()).toEqual([{ title: 'Nieuwe documenten', href: FEED_PATH }])
    view.unmount()
    expect(headFeeds()).toEqual([])
  })

  it('leaves the internal labels out of the public feed, and says so', async () => {
    stubSearch(undefined, API_PREFIX.authenticated)
    storeSignedIn()
    renderSearch(searchHref({ query: 'wijk', labels: ['Intern'] }), {
      auth: testSession(EMPLOYEE).session,
    })
    const link = await screen.findByRole('link', { name: 'Volg deze zoekopdracht (Atom-feed)' })
    expect(link).toHaveAttribute('href', `${FEED_PATH}?query=wijk`)
    expect(link.parentElement).toHaveTextContent('filtert daarom niet op labels')
  })
})

import { API_PREFIX, SEARCH_LIMITS } from '@dataportaal/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EMPLOYEE, storeSignedIn, testSession } from '../../test/auth.ts'
import { TEST_CONFIG, json, renderRoutes, type RenderOptions } from '../../test/render.tsx'
import { SearchPage } from './SearchPage.tsx'
import { SEARCH_PATH, searchHref } from '../../shared/routes.ts'
import {
  aResult,
  aSearchResponse,
  otherResults,
  someAggregations,
  stubSearch,
} from './test-data.ts'

function renderSearch(url: string, options?: RenderOptions) {
  const view = renderRoutes(
    [
      { path: SEARCH_PATH, element: <SearchPage /> },
      { path: '/documenten/:id', element: <p>Documentpagina</p> },
    ],
    url,
    options,
  )
  const location = () => new URLSearchParams(view.router.state.location.search)
  return { ...view, user: userEvent.setup(), location }
}

afterEach(() => {
  vi.unstubAllGlobals()
  window.localStorage.clear()
})

describe('search page', () => {
  it('shows each result with its highlighted title, snippet and details', async () => {
    stubSearch(() => aSearchResponse({ Results: [aResult()], Total: 23 }))
    renderSearch(searchHref({ query: 'bevolking' }))

    const heading = screen.getByRole('heading', { level: 1 })
    expect(heading).toHaveTextContent('Zoekresultaten voor "bevolking"')
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent('23 resultaten')

    const results = screen.getByRole('list', { name: 'Zoekresultaten' })
    const item = within(results).getAllByRole('listitem')[0]!
    const link = within(item).getByRole('link', { name: 'Bevolking per wijk' })
    expect(link).toHaveAttribute('href', `/documenten/${aResult().contentUID}`)
    expect(link.querySelector('mark')).toHaveTextContent('Bevolking')
    expect(item).toHaveTextContent('Aantal inwoners per wijk, met de bevolking naar leeftijd')
    expect(item.querySelector('p mark')).toHaveTextContent('bevolking')
    const terms = within(item).getAllByRole('term')
    expect(terms.map((term) => [term.textContent, term.nextElementSibling?.textContent])).toEqual([
      ['Soort', 'Dataset'],
      ['Bron', 'Onderzoek en Statistiek'],
      ['Datum', '1 maart 2024'],
      ['Bestanden', 'CSV'],
    ])
    const themes = within(item).getByRole('list', { name: 'Thema’s' })
    expect(
      within(themes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Bevolking', 'Wonen'])
    expect(within(item).getByRole('img', { name: /Gemiddeld 4 van 5 sterren/ })).toBeVisible()
    await waitFor(() =>
      expect(document.title).toBe(`Zoekresultaten voor "bevolking" | ${TEST_CONFIG.portalName}`),
    )
  })

  it('says "1 resultaat" for a single result', async () => {
    stubSearch(() => aSearchResponse({ Total: 1 }))
    renderSearch(searchHref({ query: 'bevolking' }))
    expect(await screen.findByText('1 resultaat')).toHaveAttribute('role', 'status')
  })

  it('sends the filters of the URL as repeated parameters, and not the view settings', async () => {
    const { lastSearch } = stubSearch()
    renderSearch(
      searchHref({
        query: 'wijk',
        offset: 3,
        sort: 'date',
        categoryType: ['Dataset', 'Kaart'],
        tags: ['Bevolking', 'Geen thema'],
        minRating: 4,
        dateFrom: '2024-01-01',
        dateTo: '2024-12-31',
        facets: ['categoryType', 'source'],
      }),
    )
    await screen.findByRole('link', { name: 'Bevolking per wijk' })
    const params = lastSearch()
    expect(params.getAll('categoryType')).toEqual(['Dataset', 'Kaart'])
    expect(params.getAll('tags')).toEqual(['Bevolking', 'Geen thema'])
    expect(params.get('query')).toBe('wijk')
    expect(params.get('offset')).toBe('3')
    expect(params.get('sort')).toBe('date')
    expect(params.get('minRating')).toBe('4')
    expect(params.get('dateFrom')).toBe('2024-01-01')
    expect(params.get('dateTo')).toBe('2024-12-31')
    expect(params.has('facets')).toBe(false)
  })

  it('without a query shows all documents, filtered as the link says', async () => {
    const { lastSearch } = stubSearch()
    renderSearch(searchHref({ tags: ['Bevolking'] }))
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Alle documenten')
    await screen.findByRole('link', { name: 'Bevolking per wijk' })
    expect(lastSearch().has('query')).toBe(false)
    expect(lastSearch().getAll('tags')).toEqual(['Bevolking'])
  })

  it('links every page with its offset, keeping the query and filters', async () => {
    stubSearch(() => aSearchResponse({ Results: otherResults(10), Total: 1705 }))
    renderSearch(searchHref({ query: 'wijk', categoryType: ['Dataset'], offset: 5 }))

    const nav = await screen.findByRole('navigation', { name: 'Paginering' })
    const hrefOf = (name: string) => within(nav).getByRole('link', { name }).getAttribute('href')
    const page = (offset: number) =>
      searchHref({ query: 'wijk', categoryType: ['Dataset'], offset })
    expect(hrefOf('Vorige pagina')).toBe(page(4))
    expect(hrefOf('Volgende pagina')).toBe(page(6))
    expect(hrefOf('Pagina 1')).toBe(page(1))
    expect(hrefOf('Pagina 171')).toBe(page(171))
    expect(within(nav).getByRole('link', { name: 'Pagina 5' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(within(nav).getByRole('link', { name: 'Pagina 4' })).not.toHaveAttribute('aria-current')
    expect(within(nav).queryByRole('link', { name: 'Pagina 3' })).not.toBeInTheDocument()
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      '1.705 resultaten, pagina 5 van 171',
    )
  })

  it('never links beyond the last page the server serves', async () => {
    stubSearch(() => aSearchResponse({ Results: otherResults(10), Total: 123_456 }))
    renderSearch(searchHref({ query: 'de', offset: SEARCH_LIMITS.maxOffset }))

    const nav = await screen.findByRole('navigation', { name: 'Paginering' })
    const last = within(nav).getAllByRole('link').at(-1)!
    expect(last).toHaveAccessibleName('Pagina 1.000')
    expect(last).toHaveAttribute('aria-current', 'page')
    expect(within(nav).queryByRole('link', { name: 'Volgende pagina' })).not.toBeInTheDocument()
  })

  it('says so when an old link asks for a page that no longer exists', async () => {
    stubSearch(() => aSearchResponse({ Results: [], Total: 35 }))
    renderSearch(searchHref({ query: 'wijk', offset: 50 }))
    expect(await screen.findByText('Pagina 50 bestaat niet bij deze zoekopdracht.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Naar de eerste pagina' })).toHaveAttribute(
      'href',
      searchHref({ query: 'wijk', offset: 1 }),
    )
    expect(screen.queryByRole('navigation', { name: 'Paginering' })).not.toBeInTheDocument()
  })

  it('following a page link asks for that page', async () => {
    const { lastSearch } = stubSearch(() =>
      aSearchResponse({ Results: otherResults(10), Total: 35 }),
    )
    const { user, location } = renderSearch(searchHref({ query: 'wijk' }))
    await user.click(await screen.findByRole('link', { name: 'Volgende pagina' }))
    expect(location().get('offset')).toBe('2')
    await waitFor(() => expect(lastSearch().get('offset')).toBe('2'))
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus()
  })

  it('changing the order starts again at page 1', async () => {
    const { lastSearch } = stubSearch()
    const { user, location } = renderSearch(searchHref({ query: 'wijk', offset: 3 }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sorteren op' }), 'Waardering')
    expect(location().get('sort')).toBe('rating')
    expect(location().get('offset')).toBe('1')
    await waitFor(() => expect(lastSearch().get('sort')).toBe('rating'))
  })

  it('explains an empty result and offers a search without the filters', async () => {
    stubSearch(() => aSearchResponse({ Results: [], Total: 0 }))
    const { user, location } = renderSearch(
      searchHref({ query: 'fietsenstalling', categoryType: ['Kaart'] }),
    )

    expect(
      await screen.findByRole('heading', { name: 'Geen resultaten voor "fietsenstalling"' }),
    ).toBeVisible()
    expect(screen.getByText('Controleer de spelling van uw zoekwoorden.')).toBeVisible()
    expect(screen.getByText('Gebruik minder filters.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Bekijk alle documenten' })).toHaveAttribute(
      'href',
      searchHref({}),
    )

    await user.click(screen.getByRole('button', { name: 'Zoek zonder filters' }))
    expect(location().getAll('categoryType')).toEqual([])
    expect(location().get('query')).toBe('fietsenstalling')
  })

  it('shows the chosen filters as chips that each remove their filter', async () => {
    stubSearch()
    const { user, location } = renderSearch(
      searchHref({ query: 'wijk', offset: 2, categoryType: ['Dataset'], tags: ['Wonen'] }),
    )
    const chips = screen.getByRole('region', { name: 'Actieve filters' })
    await user.click(within(chips).getByRole('button', { name: 'Filter Thema: Wonen verwijderen' }))
    expect(location().getAll('tags')).toEqual([])
    expect(location().getAll('categoryType')).toEqual(['Dataset'])
    expect(location().get('offset')).toBe('1')
    // The focus moves on to the chip that is left.
    expect(within(chips).getByRole('button', { name: /Soort: Dataset/ })).toHaveFocus()

    await user.click(screen.getByRole('button', { name: 'Alle filters wissen' }))
    expect(location().getAll('categoryType')).toEqual([])
    expect(location().get('query')).toBe('wijk')
    expect(screen.queryByRole('region', { name: 'Actieve filters' })).not.toBeInTheDocument()
  })

  it('shows an error with a retry button that asks again', async () => {
    let fail = true
    stubSearch(() => (fail ? json({ title: 'Fout', status: 422 }, 422) : aSearchResponse()))
    const { user } = renderSearch(searchHref({ query: 'wijk' }))

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('De zoekresultaten konden niet worden geladen.')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }))
    expect(await screen.findByRole('link', { name: 'Bevolking per wijk' })).toBeVisible()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('folds the filters behind a toggle button for small screens', async () => {
    stubSearch()
    const { user } = renderSearch(searchHref({ query: 'wijk', tags: ['Wonen'] }))
    const toggle = screen.getByRole('button', { name: 'Filters tonen (1 actief filter)' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)
    expect(panel).toHaveAccessibleName('Filteren')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(toggle).toHaveTextContent('Filters verbergen')
  })

  describe('labels, internal to employees', () => {
    const withLabel = searchHref({ query: 'wijk', labels: ['Intern'], facets: ['tags', 'labels'] })

    it('an employee filters on a label and can choose the label group', async () => {
      const { lastSearch } = stubSearch(
        () =>
          aSearchResponse({
            Aggregations: { ...someAggregations(), labels: [{ key: 'Intern', count: 1 }] },
          }),
        API_PREFIX.authenticated,
      )
      storeSignedIn()
      const { user } = renderSearch(withLabel, { auth: testSession(EMPLOYEE).session })
      await screen.findByRole('link', { name: 'Bevolking per wijk' })
      expect(lastSearch().getAll('labels')).toEqual(['Intern'])
      expect(screen.getByRole('group', { name: 'Label' })).toBeInTheDocument()
      expect(screen.getByRole('checkbox', { name: /Intern/ })).toBeChecked()
      await user.click(screen.getByRole('button', { name: 'Filters kiezen' }))
      expect(screen.getByRole('checkbox', { name: 'Label' })).toBeChecked()
    })

    it('a visitor with the same link neither sends labels nor sees the group', async () => {
      const { lastSearch } = stubSearch()
      const { user } = renderSearch(withLabel)
      await screen.findByRole('link', { name: 'Bevolking per wijk' })
      expect(lastSearch().has('labels')).toBe(false)
      expect(screen.queryByRole('group', { name: 'Label' })).not.toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Filters kiezen' }))
      expect(screen.queryByRole('checkbox', { name: 'Label' })).not.toBeInTheDocument()
    })
  })

  describe("'Bedoelde u …'", () => {
    const suggested = { query: 'parkeervergunning', total: 8 }
    const typo = { query: 'parkeervergunnimg', categoryType: ['Rapport'], sort: 'date' as const }

    it('offers the suggestion as a link to the same search with that query, page 1', async () => {
      const { lastSearch } = stubSearch((params) =>
        params.get('query') === suggested.query
          ? aSearchResponse({ Results: otherResults(8), Total: 8 })
          : aSearchResponse({ Total: 1, Suggestion: suggested }),
      )
      const { user, location } = renderSearch(searchHref({ ...typo, offset: 2 }))

      const link = await screen.findByRole('link', { name: 'parkeervergunning' })
      expect(link).toHaveAttribute('href', searchHref({ ...typo, ...suggested, offset: 1 }))
      expect(link.closest('p')).toHaveTextContent('Bedoelde u: parkeervergunning? (8 resultaten)')
      expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
        '1 resultaat. Bedoelde u: parkeervergunning?',
      )

      // Reached and followed with the keyboard alone.
      for (let i = 0; i < 60 && document.activeElement !== link; i++) await user.tab()
      expect(link).toHaveFocus()
      await user.keyboard('{Enter}')
      expect(location().get('query')).toBe('parkeervergunning')
      expect(location().get('offset')).toBe('1')
      expect(location().getAll('categoryType')).toEqual(['Rapport'])
      expect(location().get('sort')).toBe('date')
      await waitFor(() => expect(lastSearch().get('query')).toBe('parkeervergunning'))
      expect(await screen.findByText('8 resultaten')).toHaveAttribute('role', 'status')
      expect(screen.queryByText(/Bedoelde u/)).not.toBeInTheDocument()
      expect(screen.getByRole('heading', { level: 1 })).toHaveFocus()
    })

    it('offers it in the empty result too', async () => {
      stubSearch(() => aSearchResponse({ Results: [], Total: 0, Suggestion: suggested }))
      renderSearch(searchHref(typo))
      const empty = await screen.findByRole('region', {
        name: 'Geen resultaten voor "parkeervergunnimg"',
      })
      expect(within(empty).getByRole('link', { name: 'parkeervergunning' })).toHaveAttribute(
        'href',
        searchHref({ ...typo, ...suggested, offset: 1 }),
      )
      expect(empty).toHaveTextContent('Bedoelde u: parkeervergunning? (8 resultaten)')
    })

    it('offers nothing when the answer has no suggestion', async () => {
      stubSearch(() => aSearchResponse({ Total: 1 }))
      renderSearch(searchHref(typo))
      await screen.findByRole('link', { name: 'Bevolking per wijk' })
      expect(screen.queryByText(/Bedoelde u/)).not.toBeInTheDocument()
      expect(screen.getByRole('status', { name: '' })).toHaveTextContent(/^1 resultaat$/)
    })

    it('says which words a typo was also searched as', async () => {
      stubSearch(() =>
        aSearchResponse({
          Total: 1,
          Corrections: [{ word: 'bevolkng', alternatives: ['bevolking', 'bevolkingen'] }],
        }),
      )
      renderSearch(searchHref({ query: 'bevolkng' }))
      expect(
        await screen.findByText('Voor "bevolkng" is ook gezocht naar: bevolking, bevolkingen.'),
      ).toBeVisible()
    })
  })
})

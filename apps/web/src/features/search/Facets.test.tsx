import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes } from '../../test/render.tsx'
import { SearchPage } from './SearchPage.tsx'
import { SEARCH_PATH, searchHref } from '../../shared/routes.ts'
import { aSearchResponse, someAggregations, stubSearch } from './test-data.ts'

function renderSearch(url: string) {
  const view = renderRoutes([{ path: SEARCH_PATH, element: <SearchPage /> }], url)
  const location = () => new URLSearchParams(view.router.state.location.search)
  return { ...view, user: userEvent.setup(), location }
}

const filterPanel = () => screen.getByRole('region', { name: 'Filteren' })
const groupNames = () =>
  within(filterPanel())
    .queryAllByRole('group')
    .filter((group) => group.classList.contains('portal-facet-group'))
    .map((group) => group.querySelector('legend')?.textContent)
/** What the visitor reads next to a checkbox or radio button. */
const optionText = (input: HTMLElement) => input.closest('li')?.textContent
const group = (name: string) => within(filterPanel()).getByRole('group', { name })
const optionLabels = (name: string) => within(group(name)).getAllByRole('checkbox').map(optionText)

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('facets', () => {
  it('shows the type and theme groups by default, each value with its count', async () => {
    stubSearch()
    renderSearch(searchHref({ query: 'wijk' }))
    await screen.findByRole('group', { name: 'Soort' })
    expect(groupNames()).toEqual(['Soort', 'Thema'])
    expect(optionLabels('Soort')).toEqual(['Dataset (20)', 'Rapport (3)'])
    expect(optionLabels('Thema')).toEqual(['Bevolking (15)', 'Wonen (6)'])
  })

  it('switches the other groups on through "Filters kiezen", and remembers that in the URL', async () => {
    stubSearch()
    const { user, location } = renderSearch(searchHref({ query: 'wijk' }))
    await screen.findByRole('group', { name: 'Soort' })

    const chooser = screen.getByRole('button', { name: 'Filters kiezen' })
    expect(chooser).toHaveAttribute('aria-expanded', 'false')
    await user.click(chooser)
    const choices = screen.getByRole('group', { name: 'Welke filters wilt u zien?' })
    expect(within(choices).getByRole('checkbox', { name: 'Soort' })).toBeChecked()
    expect(within(choices).getByRole('checkbox', { name: 'Thema' })).toBeChecked()
    expect(within(choices).getByRole('checkbox', { name: 'Bron' })).not.toBeChecked()
    expect(within(choices).getByRole('checkbox', { name: 'Waardering' })).not.toBeChecked()
    expect(within(choices).getByRole('checkbox', { name: 'Jaar' })).not.toBeChecked()

    await user.click(within(choices).getByRole('checkbox', { name: 'Jaar' }))
    expect(location().get('facets')).toBe('categoryType,tags,date')
    expect(location().get('query')).toBe('wijk')
    expect(groupNames()).toEqual(['Soort', 'Thema', 'Jaar'])
    expect(within(group('Jaar')).getAllByRole('radio').map(optionText)).toEqual([
      'Alle jaren',
      '2024 (13)',
      '2023 (10)',
    ])
  })

  it('hides a group that is switched off and writes that to the URL', async () => {
    const { lastSearch } = stubSearch()
    const { user, location } = renderSearch(searchHref({ query: 'wijk', offset: 2 }))
    await screen.findByRole('group', { name: 'Thema' })

    await user.click(screen.getByRole('button', { name: 'Filters kiezen' }))
    const choices = screen.getByRole('group', { name: 'Welke filters wilt u zien?' })
    await user.click(within(choices).getByRole('checkbox', { name: 'Thema' }))

    expect(location().get('facets')).toBe('categoryType')
    // Only the view changed: same page, and the API never hears of it.
    expect(location().get('offset')).toBe('2')
    expect(groupNames()).toEqual(['Soort'])
    expect(lastSearch().has('facets')).toBe(false)
  })

  it('reads the switched-on groups from the URL', async () => {
    stubSearch()
    renderSearch(searchHref({ query: 'wijk', facets: ['source', 'rating'] }))
    await screen.findByRole('group', { name: 'Bron' })
    expect(groupNames()).toEqual(['Bron', 'Waardering'])
    expect(within(group('Waardering')).getAllByRole('radio').map(optionText)).toEqual([
      'Alle waarderingen',
      '4 sterren of meer (5)',
      '3 sterren of meer (9)',
    ])
  })

  it('checking a value searches with that filter from page 1, keeping the query', async () => {
    const { lastSearch } = stubSearch()
    const { user, location } = renderSearch(
      searchHref({ query: 'wijk', offset: 4, categoryType: ['Rapport'] }),
    )
    await user.click(await screen.findByRole('checkbox', { name: 'Dataset (20)' }))

    expect(location().getAll('categoryType')).toEqual(['Rapport', 'Dataset'])
    expect(location().get('offset')).toBe('1')
    expect(location().get('query')).toBe('wijk')
    expect(screen.getByRole('checkbox', { name: 'Dataset (20)' })).toBeChecked()
    await waitFor(() => expect(lastSearch().getAll('categoryType')).toEqual(['Rapport', 'Dataset']))
    expect(lastSearch().get('offset')).toBe('1')

    await user.click(screen.getByRole('checkbox', { name: 'Rapport (3)' }))
    expect(location().getAll('categoryType')).toEqual(['Dataset'])
  })

  it('the back button undoes a filter', async () => {
    stubSearch()
    const { user, router } = renderSearch(searchHref({ query: 'wijk' }))
    await user.click(await screen.findByRole('checkbox', { name: 'Wonen (6)' }))
    expect(screen.getByRole('checkbox', { name: 'Wonen (6)' })).toBeChecked()
    await router.navigate(-1)
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Wonen (6)' })).not.toBeChecked(),
    )
  })

  it('a year filters on that whole year, a rating on a minimum', async () => {
    stubSearch()
    const { user, location } = renderSearch(
      searchHref({ query: 'wijk', facets: ['rating', 'date'] }),
    )
    await user.click(await screen.findByRole('radio', { name: '2023 (10)' }))
    expect(location().get('dateFrom')).toBe('2023-01-01')
    expect(location().get('dateTo')).toBe('2023-12-31')
    await user.click(screen.getByRole('radio', { name: '4 sterren of meer (5)' }))
    expect(location().get('minRating')).toBe('4')

    await user.click(screen.getByRole('radio', { name: 'Alle jaren' }))
    expect(location().has('dateFrom')).toBe(false)
    expect(location().has('dateTo')).toBe(false)
    expect(location().get('minRating')).toBe('4')
  })

  it('puts the "no theme" bucket last, whatever order the server sends', async () => {
    stubSearch(() =>
      aSearchResponse({
        Aggregations: someAggregations({
          themes: [
            { key: 'Geen thema', count: 40 },
            { key: 'Bevolking', count: 15 },
            { key: 'Geen Thema', count: 2 },
            { key: 'Wonen', count: 6 },
          ],
        }),
      }),
    )
    renderSearch(searchHref({ query: 'wijk' }))
    await screen.findByRole('group', { name: 'Thema' })
    expect(optionLabels('Thema')).toEqual([
      'Bevolking (15)',
      'Wonen (6)',
      'Geen thema (40)',
      'Geen Thema (2)',
    ])
  })

  it('keeps a chosen value that the results no longer count, so it can be unchosen', async () => {
    stubSearch(() => aSearchResponse({ Results: [], Total: 0 }))
    const { user, location } = renderSearch(searchHref({ query: 'wijk', tags: ['Fiets'] }))
    const fiets = await screen.findByRole('checkbox', { name: 'Fiets (0)' })
    expect(fiets).toBeChecked()
    await user.click(fiets)
    expect(location().getAll('tags')).toEqual([])
  })
})

describe('the Woo information category facet', () => {
  const WOO = 'Woo-informatiecategorie'

  it('is one of the groups to choose, and shows each category by name with its count', async () => {
    stubSearch()
    const { user, location } = renderSearch(searchHref({ query: 'wijk' }))
    await screen.findByRole('group', { name: 'Soort' })
    expect(groupNames()).toEqual(['Soort', 'Thema'])

    await user.click(screen.getByRole('button', { name: 'Filters kiezen' }))
    const choices = screen.getByRole('group', { name: 'Welke filters wilt u zien?' })
    await user.click(within(choices).getByRole('checkbox', { name: WOO }))

    expect(location().get('facets')).toBe('categoryType,tags,wooCategory')
    expect(groupNames()).toEqual(['Soort', 'Thema', WOO])
    expect(optionLabels(WOO)).toEqual(['Woo-verzoeken en -besluiten (4)', 'Beschikkingen (2)'])
  })

  it('filters on the category number, in the URL and in the search, from page 1', async () => {
    const { lastSearch } = stubSearch()
    const { user, location } = renderSearch(
      searchHref({ query: 'wijk', offset: 3, facets: ['wooCategory'] }),
    )
    await user.click(await screen.findByRole('checkbox', { name: 'Beschikkingen (2)' }))

    expect(location().getAll('wooCategory')).toEqual(['016'])
    expect(location().get('offset')).toBe('1')
    expect(screen.getByRole('checkbox', { name: 'Beschikkingen (2)' })).toBeChecked()
    await waitFor(() => expect(lastSearch().getAll('wooCategory')).toEqual(['016']))

    await user.click(screen.getByRole('checkbox', { name: 'Woo-verzoeken en -besluiten (4)' }))
    expect(location().getAll('wooCategory')).toEqual(['016', '014'])
    await waitFor(() => expect(lastSearch().getAll('wooCategory')).toEqual(['016', '014']))
  })

  it('is left out while no result has a category, unless one is chosen', async () => {
    stubSearch(() => aSearchResponse({ Aggregations: someAggregations({ wooCategory: [] }) }))
    const view = renderSearch(
      searchHref({ query: 'wijk', facets: ['categoryType', 'wooCategory'] }),
    )
    await screen.findByRole('group', { name: 'Soort' })
    expect(groupNames()).toEqual(['Soort'])
    view.unmount()

    const { user, location } = renderSearch(
      searchHref({ query: 'wijk', wooCategory: ['014'], facets: ['wooCategory'] }),
    )
    const chosen = await screen.findByRole('checkbox', { name: 'Woo-verzoeken en -besluiten (0)' })
    expect(chosen).toBeChecked()
    await user.click(chosen)
    expect(location().getAll('wooCategory')).toEqual([])
  })

  it('shows a chosen category as a chip by its name, which removes the filter', async () => {
    const { lastSearch } = stubSearch()
    const { user, location } = renderSearch(
      searchHref({ query: 'wijk', tags: ['Wonen'], wooCategory: ['014'] }),
    )
    const chips = screen.getByRole('region', { name: 'Actieve filters' })
    const chip = within(chips).getByRole('button', {
      name: 'Filter Woo-informatiecategorie: Woo-verzoeken en -besluiten verwijderen',
    })
    await waitFor(() => expect(lastSearch().getAll('wooCategory')).toEqual(['014']))

    await user.click(chip)
    expect(location().has('wooCategory')).toBe(false)
    expect(location().getAll('tags')).toEqual(['Wonen'])
    expect(within(chips).queryByRole('button', { name: /Woo-informatiecategorie/ })).toBeNull()
    await waitFor(() => expect(lastSearch().has('wooCategory')).toBe(false))
  })
})

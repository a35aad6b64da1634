import { API_PREFIX, apiPaths, SEARCH_LIMITS, type RenderResult } from '@dataportaal/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createRenderer } from '../../entry-server.tsx'
import { TEST_CONFIG, json } from '../../test/render.tsx'
import { aSearchResponse, otherResults } from './test-data.ts'

/**
 * The search page as the server renders it (the real server bundle's renderer, with no
 * window, document or local storage while it renders) must work as plain HTML: a GET form
 * for a new search, page links, and the filters and sort as GET forms with a button.
 */
async function serverPage(url: string) {
  const searches: URLSearchParams[] = []
  const serverFetch = (input: RequestInfo | URL) => {
    const called = new URL(String(input instanceof Request ? input.url : input), 'http://api')
    if (called.pathname === `${API_PREFIX.public}${apiPaths.config}`)
      return Promise.resolve(json(TEST_CONFIG))
    if (called.pathname === `${API_PREFIX.public}${apiPaths.search}`) {
      searches.push(called.searchParams)
      const total = 3 * SEARCH_LIMITS.defaultPageSize
      return Promise.resolve(json(aSearchResponse({ Results: otherResults(2), Total: total })))
    }
    return Promise.resolve(json({ title: 'Niet gevonden', status: 404 }, 404))
  }
  vi.stubGlobal('window', undefined)
  vi.stubGlobal('document', undefined)
  vi.stubGlobal('localStorage', undefined)
  let result: RenderResult
  try {
    result = await createRenderer(serverFetch as typeof fetch)(url)
  } finally {
    vi.unstubAllGlobals()
  }
  if (result.kind !== 'page') throw new Error('the search page is rendered on the server')
  const page = new DOMParser().parseFromString(result.html, 'text/html')
  return { page, searches }
}

/** The name/value pairs a form submits as it is rendered (ticked boxes and chosen radios only). */
function submitted(form: HTMLFormElement) {
  return [...form.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')]
    .filter(
      (field) =>
        field.name &&
        !(field instanceof HTMLInputElement && /checkbox|radio/.test(field.type) && !field.checked),
    )
    .map((field) => [field.name, field.value])
}

/** React renders a <noscript>'s content as text for a browser with scripts. */
const noscriptButton = (form: HTMLFormElement) =>
  [...form.querySelectorAll('noscript')].map((element) => element.innerHTML).join('')

afterEach(() => vi.unstubAllGlobals())

describe('the search page without JavaScript', () => {
  it('searches anew through a GET form with the URL’s field names', async () => {
    const { page } = await serverPage('/zoeken?query=bevolking&offset=2&tags=Wonen')
    const form = page.querySelector<HTMLFormElement>('form[role="search"]')!
    expect(form.getAttribute('method')).toBe('get')
    expect(form.getAttribute('action')).toBe('/zoeken')
    // A new search starts at its first page, without the filters of the last one.
    expect(submitted(form)).toEqual([
      ['offset', '1'],
      ['query', 'bevolking'],
    ])
  })

  it('links every page of the results', async () => {
    const { page, searches } = await serverPage('/zoeken?query=bevolking&offset=2&tags=Wonen')
    expect(searches.at(-1)?.get('offset')).toBe('2')
    const hrefs = [...page.querySelectorAll('nav a[href^="/zoeken"]')].map((link) =>
      link.getAttribute('href'),
    )
    expect(hrefs).toContain('/zoeken?query=bevolking&offset=3&tags=Wonen')
    expect(hrefs).toContain('/zoeken?query=bevolking&offset=1&tags=Wonen')
  })

  it('filters through a GET form that keeps the rest of the search', async () => {
    const { page } = await serverPage(
      '/zoeken?query=bevolking&offset=2&sort=date&tags=Wonen&minRating=4',
    )
    const form = page.querySelector<HTMLFormElement>('.portal-facets form')!
    expect(form.getAttribute('method')).toBe('get')
    expect(form.getAttribute('action')).toBe('/zoeken')
    expect(submitted(form)).toEqual([
      ['query', 'bevolking'],
      ['offset', '1'],
      ['sort', 'date'],
      ['minRating', '4'],
      ['tags', 'Wonen'],
    ])
    const boxes = [...form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')]
    expect(boxes.map((box) => [box.name, box.value])).toEqual([
      ['categoryType', 'Dataset'],
      ['categoryType', 'Rapport'],
      ['tags', 'Bevolking'],
      ['tags', 'Wonen'],
    ])
    expect(noscriptButton(form)).toMatch(/<button[^>]*type="submit"[^>]*>Filters toepassen/)
  })

  it('chooses a year and a rating as the URL has them', async () => {
    const { page } = await serverPage(
      '/zoeken?query=bevolking&facets=rating,date&dateFrom=2023-01-01&dateTo=2023-12-31',
    )
    const form = page.querySelector<HTMLFormElement>('.portal-facets form')!
    expect(submitted(form)).toEqual([
      ['query', 'bevolking'],
      ['offset', '1'],
      ['facets', 'rating,date'],
      ['minRating', ''],
      ['year', '2023'],
    ])
    // The year the form sends reads back as that year's range.
    const { searches } = await serverPage('/zoeken?query=bevolking&year=2024')
    expect(searches.at(-1)?.get('dateFrom')).toBe('2024-01-01')
    expect(searches.at(-1)?.get('dateTo')).toBe('2024-12-31')
  })

  it('sorts through a GET form that keeps the search and its filters', async () => {
    const { page } = await serverPage('/zoeken?query=bevolking&offset=2&tags=Wonen')
    const form = page.querySelector<HTMLFormElement>('.portal-search-sort-form')!
    expect(form.getAttribute('action')).toBe('/zoeken')
    expect(submitted(form)).toEqual([
      ['query', 'bevolking'],
      ['offset', '1'],
      ['tags', 'Wonen'],
      ['sort', 'relevance'],
    ])
    expect(noscriptButton(form)).toMatch(/<button[^>]*type="submit"[^>]*>Sorteren/)
  })
})

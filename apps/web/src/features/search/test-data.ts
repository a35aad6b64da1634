import {
  API_PREFIX,
  apiPaths,
  type Aggregations,
  type SearchResponse,
  type SearchResult,
} from '@dataportaal/contract'
import { json, stubApi } from '../../test/render.tsx'

/** Test data for the search screen: small factories with realistic defaults. */

const UIDS = [
  '1ab33346-2683-4093-82bf-49a3495e82fe',
  '3bd7cd20-f29c-4220-9209-11019cc112f2',
  '6712e1d4-1bc1-4713-a8fd-d2fc2254d662',
]

export function aResult(overrides: Partial<SearchResult> = {}): SearchResult {
  return {
    contentUID: UIDS[0]!,
    title: 'Bevolking per wijk',
    titleHighlight: '<mark>Bevolking</mark> per wijk',
    snippet: 'Aantal inwoners per wijk, met de <mark>bevolking</mark> naar leeftijd',
    contentTypeName: 'Dataset',
    sourceFriendlyName: 'Onderzoek en Statistiek',
    themes: ['Bevolking', 'Wonen'],
    status: 'goedgekeurd',
    averageRating: 4,
    ratingCount: 3,
    date: '2024-03-01',
    published: '2024-03-05T10:00:00Z',
    fileFormats: ['CSV'],
    ...overrides,
  }
}

export const otherResults = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    aResult({
      contentUID: UIDS[(index % (UIDS.length - 1)) + 1]!.replace(/.{4}$/, String(1000 + index)),
      title: `Document ${index + 1}`,
      titleHighlight: `Document ${index + 1}`,
    }),
  )

export function someAggregations(overrides: Partial<Aggregations> = {}): Aggregations {
  return {
    contentTypeName: [
      { key: 'Dataset', count: 20 },
      { key: 'Rapport', count: 3 },
    ],
    themes: [
      { key: 'Bevolking', count: 15 },
      { key: 'Wonen', count: 6 },
    ],
    sourceFriendlyName: [{ key: 'Onderzoek en Statistiek', count: 23 }],
    rating: [
      { key: '4', count: 5 },
      { key: '3', count: 9 },
    ],
    date: [
      { key: '2024', count: 13 },
      { key: '2023', count: 10 },
    ],
    // Keyed by number; the server leaves documents without a category out.
    wooCategory: [
      { key: '014', count: 4 },
      { key: '016', count: 2 },
    ],
    ...overrides,
  }
}

export function aSearchResponse(overrides: Partial<SearchResponse> = {}): SearchResponse {
  return {
    Results: [aResult()],
    Total: 1,
    Aggregations: someAggregations(),
    ...overrides,
  }
}

/**
 * Answers the search call, on the public API or with `prefix` the employees' one; `respond`
 * may look at the parameters it was called with.
 */
export function stubSearch(
  respond: (params: URLSearchParams) => SearchResponse | Response = () => aSearchResponse(),
  prefix: string = API_PREFIX.public,
) {
  const searchUrl = `${prefix}${apiPaths.search}`
  const api = stubApi((url) => {
    if (url.pathname !== searchUrl) return json({ title: 'Niet gevonden', status: 404 }, 404)
    const answer = respond(url.searchParams)
    return answer instanceof Response ? answer : json(answer)
  })
  const searches = () => api.calls.filter((url) => url.pathname === searchUrl)
  return { ...api, searches, lastSearch: () => searches().at(-1)!.searchParams }
}

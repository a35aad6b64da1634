import type { SearchSort } from '@dataportaal/contract'
import { FACETS, type FacetName, type SearchState } from '../../shared/search-state.ts'

/**
 * How the facets change the search state. Every change of what is searched starts again at
 * page 1; showing or hiding a facet group changes only the view.
 */

/** Groups where several values may be chosen; the API takes them as repeated parameters. */
const MULTI_VALUE_FACETS = ['categoryType', 'tags', 'labels', 'source', 'wooCategory'] as const
type MultiValueFacet = (typeof MULTI_VALUE_FACETS)[number]

export const isMultiValue = (facet: FacetName): facet is MultiValueFacet =>
  (MULTI_VALUE_FACETS as readonly FacetName[]).includes(facet)

/** A chosen filter; a date range that is not one whole year has the value 'from/to'. */
export interface ActiveFilter {
  facet: FacetName
  value: string
}

/** The year the date filter covers, when it covers exactly one whole year (as the facet sets it). */
export function chosenYear(state: SearchState): string | undefined {
  const year = state.dateFrom?.slice(0, 4)
  return year && state.dateFrom === `${year}-01-01` && state.dateTo === `${year}-12-31`
    ? year
    : undefined
}

/** The chosen values of a facet group, as the keys of its buckets. */
export function selectedValues(state: SearchState, facet: FacetName): string[] {
  if (isMultiValue(facet)) return state[facet]
  if (facet === 'rating') return state.minRating ? [String(state.minRating)] : []
  const year = chosenYear(state)
  return year ? [year] : []
}

/**
 * The state with one value chosen or unchosen. Rating buckets are cumulative ('4' = an
 * average of at least 4) and date buckets are years, so those groups hold one value.
 */
export function withValue(
  state: SearchState,
  facet: FacetName,
  value: string,
  chosen: boolean,
): SearchState {
  const next = { ...state, offset: 1 }
  if (isMultiValue(facet)) {
    const others = state[facet].filter((other) => other !== value)
    return { ...next, [facet]: chosen ? [...others, value] : others }
  }
  if (facet === 'rating') return { ...next, minRating: chosen ? Number(value) : undefined }
  return chosen
    ? { ...next, dateFrom: `${value}-01-01`, dateTo: `${value}-12-31` }
    : { ...next, dateFrom: undefined, dateTo: undefined }
}

export function activeFilters(state: SearchState): ActiveFilter[] {
  const filters = FACETS.flatMap((facet) =>
    selectedValues(state, facet).map((value) => ({ facet, value })),
  )
  // A hand-made or shared link may hold any date range; it is a filter all the same.
  if (!chosenYear(state) && (state.dateFrom || state.dateTo)) {
    filters.push({ facet: 'date', value: `${state.dateFrom ?? ''}/${state.dateTo ?? ''}` })
  }
  return filters
}

export const withoutFilter = (state: SearchState, filter: ActiveFilter) =>
  withValue(state, filter.facet, filter.value, false)

/** Keeps what was searched for, the order and the view; drops every filter. */
export const withoutFilters = (state: SearchState): SearchState => ({
  ...state,
  offset: 1,
  categoryType: [],
  tags: [],
  labels: [],
  source: [],
  wooCategory: [],
  minRating: undefined,
  dateFrom: undefined,
  dateTo: undefined,
})

export const withSort = (state: SearchState, sort: SearchSort): SearchState => ({
  ...state,
  sort,
  offset: 1,
})

/** Showing or hiding a group keeps the page: the results do not change. */
export const withFacetShown = (
  state: SearchState,
  facet: FacetName,
  shown: boolean,
): SearchState => ({
  ...state,
  facets: FACETS.filter((name) => (name === facet ? shown : state.facets.includes(name))),
})

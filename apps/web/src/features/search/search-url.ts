import { SEARCH_LIMITS, SearchSort } from '@dataportaal/contract'
import type { QueryParams } from '../../shared/api/client.ts'
import {
  DEFAULT_FACETS,
  FACETS,
  type FacetName,
  type SearchState,
} from '../../shared/search-state.ts'

/** The app never sends `pageSize`: every page has the server's default. */
export const PAGE_SIZE = SEARCH_LIMITS.defaultPageSize

/** Labels are internal (design decisions): a facet for signed-in employees only. */
const EMPLOYEE_FACETS: readonly FacetName[] = ['labels']

/** The facet groups one may choose: a visitor's leave out the employees' ones. */
export const facetsFor = (employee: boolean): readonly FacetName[] =>
  employee ? FACETS : FACETS.filter((name) => !EMPLOYEE_FACETS.includes(name))
const positiveInt = (value: string | null) => {
  const number = Number(value)
  return Number.isInteger(number) && number >= 1 ? number : undefined
}
const isoDate = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined
/** The API refuses more values than this; a link with more keeps the first ones. */
const filterValues = (params: URLSearchParams, name: string) =>
  params.getAll(name).slice(0, SEARCH_LIMITS.maxFilterValues)

/**
 * Reads a URL leniently: a hand-edited or old link shows results, never an error. A
 * visitor's state has no labels, also when an employee shared the link.
 */
export function readSearchState(
  params: URLSearchParams,
  { employee = false }: { employee?: boolean } = {},
): SearchState {
  const sort = SearchSort.safeParse(params.get('sort'))
  const rating = positiveInt(params.get('minRating'))
  const facets = params.get('facets')
  // A year chosen in the facets' plain HTML form (without JavaScript) is that year's range.
  const year = params.get('year')
  const yearRange = year && /^\d{4}$/.test(year) ? [`${year}-01-01`, `${year}-12-31`] : []
  return {
    query: (params.get('query') ?? '').slice(0, SEARCH_LIMITS.maxQueryLength),
    offset: Math.min(positiveInt(params.get('offset')) ?? 1, SEARCH_LIMITS.maxOffset),
    sort: sort.success ? sort.data : 'relevance',
    categoryType: filterValues(params, 'categoryType'),
    tags: filterValues(params, 'tags'),
    labels: employee ? filterValues(params, 'labels') : [],
    source: filterValues(params, 'source'),
    wooCategory: filterValues(params, 'wooCategory'),
    minRating: rating && rating <= 5 ? rating : undefined,
    dateFrom: yearRange[0] ?? isoDate(params.get('dateFrom')),
    dateTo: yearRange[1] ?? isoDate(params.get('dateTo')),
    facets:
      facets === null
        ? [...DEFAULT_FACETS]
        : facetsFor(employee).filter((name) => facets.split(',').includes(name)),
  }
}

/** The search API's parameters for a state (spec section 7: arrays as repeated parameters). */
export function toApiQuery(state: SearchState): QueryParams {
  return {
    query: state.query.trim() || undefined,
    offset: state.offset,
    sort: state.sort === 'relevance' ? undefined : state.sort,
    categoryType: state.categoryType,
    tags: state.tags,
    labels: state.labels,
    source: state.source,
    wooCategory: state.wooCategory,
    minRating: state.minRating,
    dateFrom: state.dateFrom,
    dateTo: state.dateTo,
  }
}

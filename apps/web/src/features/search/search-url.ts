import { SEARCH_LIMITS, SearchSort, type SearchSort as Sort } from '@dataportaal/contract'
import type { QueryParams } from '../../shared/api/client.ts'

export const SEARCH_PATH = '/zoeken'

/** The app never sends `pageSize`: every page has the server's default. */
export const PAGE_SIZE = SEARCH_LIMITS.defaultPageSize

/** Pages that can be linked to: the server refuses offsets beyond `maxOffset`. */
export const pageCount = (total: number) =>
  Math.min(Math.ceil(total / PAGE_SIZE), SEARCH_LIMITS.maxOffset)

export const FACETS = ['categoryType', 'tags', 'labels', 'source', 'rating', 'date'] as const
export type FacetName = (typeof FACETS)[number]
/** Labels are internal (design decisions): a facet for signed-in employees only. */
const EMPLOYEE_FACETS: readonly FacetName[] = ['labels']

/** The facet groups one may choose: a visitor's leave out the employees' ones. */
export const facetsFor = (employee: boolean): readonly FacetName[] =>
  employee ? FACETS : FACETS.filter((name) => !EMPLOYEE_FACETS.includes(name))
/** Shown until the visitor switches groups on or off (spec section 9). */
export const DEFAULT_FACETS: readonly FacetName[] = ['categoryType', 'tags']

/** Everything a result page shows lives in the URL, so it can be bookmarked and shared. */
export interface SearchState {
  query: string
  offset: number
  sort: Sort
  categoryType: string[]
  tags: string[]
  /** Only ever filled for an employee; the public API refuses it. */
  labels: string[]
  source: string[]
  minRating?: number
  dateFrom?: string
  dateTo?: string
  /** Which facet groups are switched on; a view setting, never sent to the API. */
  facets: FacetName[]
}

const EMPTY_STATE: SearchState = {
  query: '',
  offset: 1,
  sort: 'relevance',
  categoryType: [],
  tags: [],
  labels: [],
  source: [],
  facets: [...DEFAULT_FACETS],
}

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
  return {
    query: (params.get('query') ?? '').slice(0, SEARCH_LIMITS.maxQueryLength),
    offset: Math.min(positiveInt(params.get('offset')) ?? 1, SEARCH_LIMITS.maxOffset),
    sort: sort.success ? sort.data : 'relevance',
    categoryType: filterValues(params, 'categoryType'),
    tags: filterValues(params, 'tags'),
    labels: employee ? filterValues(params, 'labels') : [],
    source: filterValues(params, 'source'),
    minRating: rating && rating <= 5 ? rating : undefined,
    dateFrom: isoDate(params.get('dateFrom')),
    dateTo: isoDate(params.get('dateTo')),
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
    minRating: state.minRating,
    dateFrom: state.dateFrom,
    dateTo: state.dateTo,
  }
}

const sameFacets = (facets: readonly FacetName[]) =>
  facets.length === DEFAULT_FACETS.length && DEFAULT_FACETS.every((name) => facets.includes(name))

/** A link to /zoeken; `offset` is always present, as the spec's search navigation has it. */
export function searchHref(changes: Partial<SearchState> = {}): string {
  const state = { ...EMPTY_STATE, ...changes }
  const params = new URLSearchParams()
  if (state.query) params.set('query', state.query)
  params.set('offset', String(state.offset))
  if (state.sort !== 'relevance') params.set('sort', state.sort)
  for (const name of ['categoryType', 'tags', 'labels', 'source'] as const) {
    for (const value of state[name]) params.append(name, value)
  }
  if (state.minRating) params.set('minRating', String(state.minRating))
  if (state.dateFrom) params.set('dateFrom', state.dateFrom)
  if (state.dateTo) params.set('dateTo', state.dateTo)
  if (!sameFacets(state.facets)) params.set('facets', state.facets.join(','))
  return `${SEARCH_PATH}?${params.toString()}`
}

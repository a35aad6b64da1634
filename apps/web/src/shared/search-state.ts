import type { SearchSort } from '@dataportaal/contract'

export const FACETS = [
  'categoryType',
  'tags',
  'labels',
  'source',
  'wooCategory',
  'rating',
  'date',
] as const
export type FacetName = (typeof FACETS)[number]
/** Shown until the visitor switches groups on or off (spec section 9). */
export const DEFAULT_FACETS: readonly FacetName[] = ['categoryType', 'tags']

/** Everything a result page shows lives in the URL, so it can be bookmarked and shared. */
export interface SearchState {
  query: string
  offset: number
  sort: SearchSort
  categoryType: string[]
  tags: string[]
  /** Only ever filled for an employee; the public API refuses it. */
  labels: string[]
  source: string[]
  /** Woo information categories by their number ('014'). */
  wooCategory: string[]
  minRating?: number
  dateFrom?: string
  dateTo?: string
  /** Which facet groups are switched on; a view setting, never sent to the API. */
  facets: FacetName[]
}

export const EMPTY_SEARCH_STATE: SearchState = {
  query: '',
  offset: 1,
  sort: 'relevance',
  categoryType: [],
  tags: [],
  labels: [],
  source: [],
  wooCategory: [],
  facets: [...DEFAULT_FACETS],
}

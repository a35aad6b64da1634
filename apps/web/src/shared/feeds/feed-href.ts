import { API_PREFIX, apiPaths } from '@dataportaal/contract'
import { apiUrl } from '../api/client.ts'
import type { SearchState } from '../search-state.ts'

/** What a feed follows: the search text and the public filters of a search. */
export type FeedFilters = Partial<
  Pick<
    SearchState,
    | 'query'
    | 'categoryType'
    | 'tags'
    | 'source'
    | 'wooCategory'
    | 'minRating'
    | 'dateFrom'
    | 'dateTo'
  >
>

/**
 * The Atom feed of a search (no filters: the whole catalogue), always on /pubapi, for a
 * feed reader has no account. Labels are internal, and page, order and facet groups are
 * how a page is viewed, so none of those goes into the feed.
 */
export function documentsFeedHref(filters: FeedFilters = {}): string {
  return apiUrl(
    apiPaths.documentsFeed,
    {
      query: filters.query?.trim(),
      categoryType: filters.categoryType,
      tags: filters.tags,
      source: filters.source,
      wooCategory: filters.wooCategory,
      minRating: filters.minRating,
      dateFrom: filters.dateFrom,
      dateTo: filters.dateTo,
    },
    API_PREFIX.public,
  )
}

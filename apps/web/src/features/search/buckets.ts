import type { Aggregations, Bucket } from '@dataportaal/contract'
import { noValueLast } from '../../shared/buckets.ts'
import type { FacetName } from '../../shared/search-state.ts'

/** Which aggregation of the search response feeds which facet group. */
const AGGREGATION: Record<FacetName, keyof Aggregations> = {
  categoryType: 'contentTypeName',
  tags: 'themes',
  labels: 'labels',
  source: 'sourceFriendlyName',
  wooCategory: 'wooCategory',
  rating: 'rating',
  date: 'date',
}

/**
 * Groups left out while the results count no value at all: most documents have no Woo
 * category, and 'no choices' would say nothing there.
 */
const HIDDEN_WHEN_EMPTY: readonly FacetName[] = ['wooCategory']

export const hiddenWhenEmpty = (facet: FacetName, buckets: readonly Bucket[]) =>
  buckets.length === 0 && HIDDEN_WHEN_EMPTY.includes(facet)

/**
 * The options of a facet group in the server's order, with the 'no value' bucket last
 * whatever the server sends (spec section 4). A chosen value is always offered, also when
 * the results no longer count it (an old link, a combination without results), so it can
 * be unchosen where it was chosen.
 */
export function facetBuckets(
  aggregations: Aggregations,
  facet: FacetName,
  selected: readonly string[],
): Bucket[] {
  const buckets = aggregations[AGGREGATION[facet]] ?? []
  const missing = selected
    .filter((value) => !buckets.some((bucket) => bucket.key === value))
    .map((key) => ({ key, count: 0 }))
  return noValueLast([...buckets, ...missing])
}

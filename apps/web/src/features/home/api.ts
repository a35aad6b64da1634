import { BucketList, SearchResponse, apiPaths } from '@dataportaal/contract'
import { useQuery } from '@tanstack/react-query'
import { apiPrefix, apiRequest } from '../../shared/api/client.ts'
import { noValueLast } from '../../shared/buckets.ts'
import { homeThemesKey } from '../../shared/documents/keys.ts'

export const RECENT_COUNT = 6

export const homeKeys = {
  themes: homeThemesKey,
  contentTypes: () => ['home', apiPrefix(), 'content-types'] as const,
  recent: () => ['home', apiPrefix(), 'recent'] as const,
  labels: () => ['home', 'labels'] as const,
}

export function useThemeCounts() {
  return useQuery({
    queryKey: homeKeys.themes(),
    queryFn: ({ signal }) => apiRequest(BucketList, apiPaths.tagsAggregation, { signal }),
    select: (list) => noValueLast(list.Results),
  })
}

/** The labels with their counts: employees only (GET /labels/aggregation, on /api). */
export function useLabelCounts() {
  return useQuery({
    queryKey: homeKeys.labels(),
    queryFn: ({ signal }) => apiRequest(BucketList, apiPaths.labelsAggregation, { signal }),
    select: (list) => noValueLast(list.Results),
  })
}

export function useContentTypeCounts() {
  return useQuery({
    queryKey: homeKeys.contentTypes(),
    queryFn: ({ signal }) => apiRequest(BucketList, apiPaths.categoryTypeAggregation, { signal }),
    select: (list) => list.Results,
  })
}

/** The newest documents: a search without a query, sorted by date. */
export function useRecentDocuments() {
  return useQuery({
    queryKey: homeKeys.recent(),
    queryFn: ({ signal }) =>
      apiRequest(SearchResponse, apiPaths.search, {
        query: { sort: 'date', pageSize: RECENT_COUNT, offset: 1 },
        signal,
      }),
    select: (response) => response.Results,
  })
}

import { CompleteResponse, SearchResponse, apiPaths, shouldSuggest } from '@dataportaal/contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiPrefix, apiRequest } from '../../shared/api/client.ts'
import { searchRootKey } from '../../shared/documents/keys.ts'
import { toApiQuery } from './search-url.ts'
import { type SearchState } from '../../shared/search-state.ts'

export const searchKeys = {
  all: searchRootKey,
  results: (state: SearchState) => [...searchKeys.all, apiPrefix(), toApiQuery(state)] as const,
  suggestions: (text: string) => ['complete', apiPrefix(), text] as const,
}

export function useSearchResults(state: SearchState) {
  return useQuery({
    queryKey: searchKeys.results(state),
    queryFn: ({ signal }) =>
      apiRequest(SearchResponse, apiPaths.search, { query: toApiQuery(state), signal }),
    // The previous page stays on screen while the next loads: no jumping layout.
    placeholderData: keepPreviousData,
  })
}

/** Suggestions for what was typed; only asked for when it is long enough (spec section 5). */
export function useSuggestions(text: string) {
  const normalized = text.trim().toLowerCase()
  return useQuery({
    queryKey: searchKeys.suggestions(normalized),
    queryFn: ({ signal }) =>
      apiRequest(CompleteResponse, apiPaths.complete(normalized), { signal }),
    enabled: shouldSuggest(normalized),
    staleTime: 5 * 60_000,
    // The list opens only as the visitor types: a page rendered on the server never shows it.
    meta: { browserOnly: true },
  })
}

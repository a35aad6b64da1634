import { QueryClient } from '@tanstack/react-query'

/**
 * Requests already follow the retry policy of spec section 9; the cache must not retry again.
 * `retryOnMount: false` for the server's rendering, which fetches each query once: a query
 * that failed shows its error, not a loading state (a missing theme is 'Thema niet gevonden').
 */
export function createQueryClient(options: { retryOnMount?: boolean } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false, ...options },
      mutations: { retry: false },
    },
  })
}

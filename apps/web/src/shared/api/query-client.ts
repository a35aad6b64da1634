import { QueryClient } from '@tanstack/react-query'

/** Requests already follow the retry policy of spec section 9; the cache must not retry again. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
}

import { API_PREFIX, SERVER_DATA_ID } from '@dataportaal/contract'
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query'
import { ApiError } from '../shared/api/client.ts'

/**
 * The answers a server-rendered page was rendered with, handed to the browser in a
 * `<script type="application/json">` so the first render there shows the same: no second
 * round of calls, no loading state, no hydration mismatch. A failed call travels too (the
 * page shows its error state on both sides), as the status and problem of its ApiError.
 */

interface SerializedApiError {
  apiError: { status: number; problem: ApiError['problem'] }
}

const isSerializedApiError = (value: unknown): value is SerializedApiError =>
  typeof value === 'object' && value !== null && 'apiError' in value

/** What JSON.stringify makes of it is safe inside `<script>`: no `</script>`, no `<!--`. */
export function serializeServerData(queryClient: QueryClient): string {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status !== 'pending',
  })
  const queries = state.queries.map((query) => {
    const error: unknown = query.state.error
    if (!(error instanceof ApiError)) return query
    const apiError: SerializedApiError = {
      apiError: { status: error.status, problem: error.problem },
    }
    return { ...query, state: { ...query.state, error: apiError } }
  })
  return JSON.stringify({ ...state, queries })
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** Fills the cache with the page's server data; false when the page has none (or it is unreadable). */
export function hydrateServerData(queryClient: QueryClient, document: Document): boolean {
  const element = document.getElementById(SERVER_DATA_ID)
  if (!element?.textContent) return false
  let state: DehydratedState
  try {
    state = JSON.parse(element.textContent) as DehydratedState
  } catch {
    return false
  }
  const queries = state.queries.map((query) => {
    const error: unknown = query.state.error
    if (!isSerializedApiError(error)) return query
    const revived = new ApiError(error.apiError.status, error.apiError.problem)
    return { ...query, state: { ...query.state, error: revived } }
  })
  hydrate(queryClient, { ...state, queries })
  // An error the server answered a moment ago is shown as it rendered it (a missing document
  // or theme), not asked again as the page is taken over.
  for (const query of queries) {
    if (query.state.status === 'error') {
      queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false })
    }
  }
  return true
}

/**
 * A signed-in employee's queries are keyed by /api, the server's by /pubapi (start-up has
 * just decided which: a return from sign-in is the first page load signed in). Their first
 * render shows the server's answers under their own keys, so it matches the page; marked
 * stale, each is asked again of /api as soon as it is shown, and their own answers
 * (favourites, documents only they may see) replace the public ones in place.
 */
export function seedEmployeeQueries(queryClient: QueryClient) {
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.status !== 'success' || !query.queryKey.includes(API_PREFIX.public)) continue
    const ownKey = query.queryKey.map((part) =>
      part === API_PREFIX.public ? API_PREFIX.authenticated : part,
    )
    queryClient.setQueryData(ownKey, query.state.data, { updatedAt: 0 })
  }
}

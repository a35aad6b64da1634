import { DocumentList, apiPaths, type OwnDocumentsQuery } from '@dataportaal/contract'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../api/client.ts'

/**
 * Invalidate this after approving, disapproving, uploading or deleting, so the badge in
 * the top bar follows.
 */
export const openCountQueryKey = ['validation', 'open-count'] as const

/** Only the total matters here; one result is the least the API sends along. */
const query = { status: 'openstaand', pageSize: 1 } satisfies Partial<OwnDocumentsQuery>

/**
 * Documents awaiting validation: for an admin all of them, for an employee their own
 * (design decisions, "Open validation count"). Null for a visitor.
 */
export function useOpenValidationCount({
  authenticated,
  isAdmin,
}: {
  authenticated: boolean
  isAdmin: boolean
}): number | null {
  const { data } = useQuery({
    queryKey: [...openCountQueryKey, isAdmin ? 'all' : 'own'],
    queryFn: ({ signal }) =>
      apiRequest(DocumentList, isAdmin ? apiPaths.validationList : apiPaths.userDocuments, {
        query,
        signal,
      }),
    enabled: authenticated,
  })
  return authenticated && data ? data.Total : null
}

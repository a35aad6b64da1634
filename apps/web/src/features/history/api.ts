import { apiPaths, DocumentHistory } from '@dataportaal/contract'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../shared/api/client.ts'
import { documentKeys } from '../../shared/documents/keys.ts'

/** GET /documents/{id}/history, under the document's keys so an edit marks it stale too. */
export function useDocumentHistory(id: string) {
  return useQuery({
    queryKey: [...documentKeys.detail(id), 'history'] as const,
    queryFn: ({ signal }) => apiRequest(DocumentHistory, apiPaths.documentHistory(id), { signal }),
  })
}

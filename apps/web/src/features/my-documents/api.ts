import { DocumentList, apiPaths, type OwnDocumentsQuery } from '@dataportaal/contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiFetch, apiRequest } from '../../shared/api/client.ts'
import { ownDocumentsKeys } from '../../shared/documents/keys.ts'

export const OWN_DOCUMENTS_PAGE_SIZE = 10

/** GET /documents/user: one page of the employee's own documents, in every status. */
export function useOwnDocuments(page: number) {
  return useQuery({
    queryKey: ownDocumentsKeys.page(page),
    queryFn: ({ signal }) =>
      apiRequest(DocumentList, apiPaths.userDocuments, {
        query: {
          offset: page,
          pageSize: OWN_DOCUMENTS_PAGE_SIZE,
        } satisfies Partial<OwnDocumentsQuery>,
        signal,
      }),
    // The previous page stays on screen while the next loads.
    placeholderData: keepPreviousData,
  })
}

/** DELETE /documents/upload/{id}: a soft delete; only the owner or an admin may. */
export async function deleteDocument(contentUID: string): Promise<void> {
  await apiFetch(apiPaths.deleteUpload(contentUID), { method: 'DELETE' })
}

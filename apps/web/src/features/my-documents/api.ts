import {
  DocumentList,
  SEARCH_LIMITS,
  apiPaths,
  type OwnDocumentsQuery,
} from '@dataportaal/contract'
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query'
import { apiFetch, apiRequest } from '../../shared/api/client.ts'
import { configQuery } from '../../shared/api/config.ts'
import { openCountQueryKey } from '../validation/open-count.ts'

export const OWN_DOCUMENTS_PAGE_SIZE = 10

/** Pages beyond this cannot be asked for (the API's offset limit). */
export const MAX_PAGE = SEARCH_LIMITS.maxOffset

export const ownDocumentsKeys = {
  all: ['own-documents'] as const,
  page: (page: number) => [...ownDocumentsKeys.all, page] as const,
}

export const pageCountOf = (total: number) => Math.ceil(total / OWN_DOCUMENTS_PAGE_SIZE)

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

/**
 * After an upload, an edit or a delete, what the app shows about documents may be out of date:
 * lists, search results, favourites, the document itself. Everything but the run-time config is
 * marked stale and fetched again when next shown. Fetched at once: the own documents when on
 * screen, and the open-count badge in the top bar (a new or edited document is `openstaand`).
 * The document page being left is not refetched, so a deleted document does not flash 'not found'.
 */
export function refreshAfterDocumentChange(queryClient: QueryClient) {
  const refetchNow = [ownDocumentsKeys.all[0], openCountQueryKey[0]] as unknown[]
  void queryClient.invalidateQueries({
    predicate: ({ queryKey: [root] }) =>
      root !== configQuery.queryKey[0] && !refetchNow.includes(root),
    refetchType: 'none',
  })
  void queryClient.invalidateQueries({ queryKey: ownDocumentsKeys.all })
  void queryClient.invalidateQueries({ queryKey: openCountQueryKey })
}

/** A deleted document leaves the cached own-document lists at once, before they are refetched. */
export function dropFromOwnDocuments(queryClient: QueryClient, contentUID: string) {
  queryClient.setQueriesData<DocumentList>({ queryKey: ownDocumentsKeys.all }, (list) => {
    if (!list?.Results.some((document) => document.contentUID === contentUID)) return list
    return {
      Results: list.Results.filter((document) => document.contentUID !== contentUID),
      Total: Math.max(0, list.Total - 1),
    }
  })
}

/** DELETE /documents/upload/{id}: a soft delete; only the owner or an admin may. */
export async function deleteDocument(contentUID: string): Promise<void> {
  await apiFetch(apiPaths.deleteUpload(contentUID), { method: 'DELETE' })
}

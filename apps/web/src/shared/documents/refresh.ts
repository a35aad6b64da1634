import type { DocumentList } from '@dataportaal/contract'
import type { QueryClient } from '@tanstack/react-query'
import { markStaleButConfig } from '../stale.ts'
import { ownDocumentsKeys } from './keys.ts'
import { openCountQueryKey } from './open-count.ts'

/**
 * After an upload, an edit or a delete, what the app shows about documents may be out of date:
 * lists, search results, favourites, the document itself. Everything but the run-time config is
 * marked stale and fetched again when next shown. Fetched at once: the own documents when on
 * screen, and the open-count badge in the top bar (a new or edited document is `openstaand`).
 * The document page being left is not refetched, so a deleted document does not flash 'not found'.
 */
export function refreshAfterDocumentChange(queryClient: QueryClient) {
  markStaleButConfig(queryClient, [ownDocumentsKeys.all[0], openCountQueryKey[0]])
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

import { DocumentDetail, Uuid, apiPaths } from '@dataportaal/contract'
import { useQuery } from '@tanstack/react-query'
import { ApiError, apiRequest } from '../api/client.ts'
import { documentKeys } from './keys.ts'

/** GET /documents/{id}: the document page and the edit form read it. */
export function useDocument(id: string) {
  return useQuery({
    queryKey: documentKeys.detail(id),
    // The page's subject: a server-rendered page of a missing document answers 404.
    meta: { subject: true },
    queryFn: ({ signal }) => {
      // A malformed id cannot name a document: answer as the server does for a missing one.
      if (!Uuid.safeParse(id).success) throw new ApiError(404, null)
      return apiRequest(DocumentDetail, apiPaths.document(id), { signal })
    },
  })
}

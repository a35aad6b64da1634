import { DocumentDetail, Uuid, apiPaths } from '@dataportaal/contract'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { ApiError, apiFetch, apiPrefix, apiRequest } from '../../shared/api/client.ts'

export const documentKeys = {
  all: ['documents'] as const,
  detail: (id: string) => [...documentKeys.all, apiPrefix(), id] as const,
  /** A file's content as one preview reads it (the start of a CSV, a whole PDF…). */
  file: (url: string, purpose: string) =>
    [...documentKeys.all, apiPrefix(), 'file', url, purpose] as const,
}

export function useDocument(id: string) {
  return useQuery({
    queryKey: documentKeys.detail(id),
    queryFn: ({ signal }) => {
      // A malformed id cannot name a document: answer as the server does for a missing one.
      if (!Uuid.safeParse(id).success) throw new ApiError(404, null)
      return apiRequest(DocumentDetail, apiPaths.document(id), { signal })
    },
  })
}

/**
 * Logs one opening per page view (POST /documents/open/{id}) once the document has loaded. The
 * ref survives React's development double effects, so a visit is never counted twice; a new
 * document in the same view is counted again.
 */
export function useLogOpen(contentUID: string | undefined) {
  const logged = useRef<string | null>(null)
  useEffect(() => {
    if (!contentUID || logged.current === contentUID) return
    logged.current = contentUID
    // Statistics only: a failure must not bother the visitor.
    apiFetch(apiPaths.documentOpen(contentUID), { method: 'POST' }).catch(() => undefined)
  }, [contentUID])
}

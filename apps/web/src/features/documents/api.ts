import { apiPaths } from '@dataportaal/contract'
import { useEffect, useRef } from 'react'
import { apiFetch } from '../../shared/api/client.ts'

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

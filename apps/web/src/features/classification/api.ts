import { DocumentClassification, apiPaths, type ClassifyQuery } from '@dataportaal/contract'
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { ApiError, apiRequest } from '../../shared/api/client.ts'
import { patchCachedDocument } from '../../shared/documents/cache.ts'
import { homeThemesKey, searchRootKey } from '../../shared/documents/keys.ts'
import { followingKeys } from '../../shared/following/api.ts'
import type { VocabularyKind } from '../../shared/vocabulary.ts'

/**
 * The server answers the document's themes and labels afterwards: they go into every cached
 * form of the document, and whatever counts or lists by theme is fetched again.
 */
function applyClassification(
  client: QueryClient,
  contentUID: string,
  result: DocumentClassification,
) {
  patchCachedDocument(client, contentUID, () => ({ themes: result.themes, labels: result.labels }))
  void client.invalidateQueries({ queryKey: searchRootKey })
  void client.invalidateQueries({ queryKey: homeThemesKey() })
  void client.invalidateQueries({ queryKey: followingKeys.documents })
}

/** PUT /documents/{id}/tag?name= or /label?name=; a name outside the vocabulary is refused (422). */
export function useAddToDocument(contentUID: string, kind: VocabularyKind) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest(
        DocumentClassification,
        kind === 'theme' ? apiPaths.documentTag(contentUID) : apiPaths.documentLabel(contentUID),
        { method: 'PUT', query: { name } satisfies ClassifyQuery },
      ),
    onSuccess: (result) => applyClassification(client, contentUID, result),
  })
}

/**
 * DELETE /documents/{id}/tag/{name} or /label/{name}. The callbacks belong to the hook, not to
 * one call: the removed chip is gone before a call's own callbacks could run.
 */
export function useRemoveFromDocument(
  contentUID: string,
  kind: VocabularyKind,
  callbacks: { onRemoved: (name: string) => void; onFailed: (name: string) => void },
) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest(
        DocumentClassification,
        kind === 'theme'
          ? apiPaths.removeTag(contentUID, name)
          : apiPaths.removeLabel(contentUID, name),
        { method: 'DELETE' },
      ),
    onSuccess: (result, name) => {
      applyClassification(client, contentUID, result)
      callbacks.onRemoved(name)
    },
    onError: (_error, name) => callbacks.onFailed(name),
  })
}

/**
 * The server's own Dutch words for a refusal: the message about the field, else the detail;
 * a general message when the server gave none or failed itself.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || !error.problem || error.status >= 500) return fallback
  const { detail, errors, title } = error.problem
  return errors?.[0]?.message ?? detail ?? title
}

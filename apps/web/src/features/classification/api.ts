import {
  DocumentClassification,
  TagList,
  Thesaurus,
  apiPaths,
  type ClassifyQuery,
} from '@dataportaal/contract'
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { ApiError, apiRequest } from '../../shared/api/client.ts'
import { patchCachedDocument } from '../documents/cache.ts'
import { followingKeys } from '../following/api.ts'
import { homeKeys } from '../home/api.ts'
import { searchKeys } from '../search/api.ts'

export type VocabularyKind = 'theme' | 'label'

/** The vocabularies change seldom (admins manage them): a few minutes old is fine. */
const VOCABULARY_STALE_MS = 5 * 60_000

export const vocabularyKeys = {
  all: ['vocabulary'] as const,
  names: (kind: VocabularyKind) => [...vocabularyKeys.all, kind] as const,
  thesaurus: ['vocabulary', 'thesaurus'] as const,
}

/** GET /tags or GET /labels: the names that may be attached, asked for once the picker is used. */
export function useVocabularyNames(kind: VocabularyKind, enabled: boolean) {
  return useQuery({
    queryKey: vocabularyKeys.names(kind),
    queryFn: ({ signal }) =>
      apiRequest(TagList, kind === 'theme' ? apiPaths.tags : apiPaths.labels, { signal }),
    select: (list) => list.Results.map((item) => item.name),
    enabled,
    staleTime: VOCABULARY_STALE_MS,
  })
}

/** GET /thesaurus: the themes' synonyms, so 'fiets' finds the theme 'Fietsen'. */
export function useThesaurus(enabled: boolean) {
  return useQuery({
    queryKey: vocabularyKeys.thesaurus,
    queryFn: ({ signal }) => apiRequest(Thesaurus, apiPaths.thesaurus, { signal }),
    enabled,
    staleTime: VOCABULARY_STALE_MS,
  })
}

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
  void client.invalidateQueries({ queryKey: searchKeys.all })
  void client.invalidateQueries({ queryKey: homeKeys.themes() })
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

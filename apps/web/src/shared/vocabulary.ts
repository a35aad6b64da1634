import { TagList, Thesaurus, apiPaths } from '@dataportaal/contract'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from './api/client.ts'

/** Read by the classification of a document and by the admins' vocabulary screens. */
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

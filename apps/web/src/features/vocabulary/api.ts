import {
  API_PREFIX,
  ManagedVocabularyItem,
  ManagedVocabularyList,
  NewVocabularyId,
  ThesaurusEntry,
  apiPaths,
  type EuDataTheme,
  type NewVocabularyItem,
  type ThemeEuThemeEdit,
  type ThesaurusEdit,
} from '@dataportaal/contract'
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { apiFetch, apiRequest } from '../../shared/api/client.ts'
import { markStaleButConfig } from '../../shared/stale.ts'
import { vocabularyKeys } from '../../shared/vocabulary.ts'

/** Themes ("tags" in the API) or labels. */
export type ManagedKind = 'theme' | 'label'

const PATHS: Record<ManagedKind, { list: string; create: string; item: (name: string) => string }> =
  {
    theme: { list: apiPaths.managedTags, create: apiPaths.tags, item: apiPaths.tag },
    label: { list: apiPaths.managedLabels, create: apiPaths.labels, item: apiPaths.label },
  }

export const managedKeys = {
  all: ['managed-vocabulary'] as const,
  list: (kind: ManagedKind) => [...managedKeys.all, kind] as const,
}

/** GET /tags/admin or /labels/admin: every entry with its number of documents. */
export function useManagedList(kind: ManagedKind) {
  return useQuery({
    queryKey: managedKeys.list(kind),
    queryFn: ({ signal }) =>
      apiRequest(ManagedVocabularyList, PATHS[kind].list, {
        signal,
        prefix: API_PREFIX.authenticated,
      }),
  })
}

/**
 * Themes, labels and the thesaurus show up almost everywhere: search facets, pickers, the home
 * page, documents. After a change all of it (but the run-time config) is marked stale and fetched
 * again when next shown; the admin lists and the thesaurus on screen at once.
 */
function refreshAfterVocabularyChange(client: QueryClient) {
  markStaleButConfig(client, [managedKeys.all[0], vocabularyKeys.all[0]])
  void client.invalidateQueries({ queryKey: managedKeys.all })
  void client.invalidateQueries({ queryKey: vocabularyKeys.all })
}

export { useThesaurus } from '../../shared/vocabulary.ts'

/** PUT /tags or /labels with `{ name }`; answers the new id. */
export function useCreateItem(kind: ManagedKind) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest(NewVocabularyId, PATHS[kind].create, {
        method: 'PUT',
        prefix: API_PREFIX.authenticated,
        json: { name } satisfies NewVocabularyItem,
      }),
    onSuccess: () => refreshAfterVocabularyChange(client),
  })
}

/** DELETE /tags/{name} or /labels/{name}: also off every document that carries it. */
export function useDeleteItem(kind: ManagedKind) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (name: string) => {
      await apiFetch(PATHS[kind].item(name), {
        method: 'DELETE',
        prefix: API_PREFIX.authenticated,
      })
    },
    onSuccess: (_result, name) => {
      // Gone from the list at once, before the list is fetched again.
      client.setQueryData<ManagedVocabularyList>(managedKeys.list(kind), (list) => {
        if (!list) return list
        const left = list.Results.filter((item) => item.name.toLowerCase() !== name.toLowerCase())
        return { Results: left, Total: left.length }
      })
      refreshAfterVocabularyChange(client)
    },
  })
}

/** PUT /thesaurus/{name}: all synonyms and related terms of a theme at once. */
export function useSaveThesaurus() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ name, edit }: { name: string; edit: ThesaurusEdit }) =>
      apiRequest(ThesaurusEntry, apiPaths.thesaurusEntry(name), {
        method: 'PUT',
        prefix: API_PREFIX.authenticated,
        json: edit,
      }),
    onSuccess: () => refreshAfterVocabularyChange(client),
  })
}

/** The theme list with one theme (by id) replaced by `item`. */
const withTheme = (list: ManagedVocabularyList, item: ManagedVocabularyItem) => ({
  ...list,
  Results: list.Results.map((old) => (old.id === item.id ? item : old)),
})

/**
 * PUT /tags/{name}/eu-theme: the theme's EU data theme, or null to unset it. Shown at once,
 * and put back as it was when the server refuses. Only the admin list and the DCAT catalogue
 * use the mapping, so nothing else in the cache is touched.
 */
export function useSaveEuTheme() {
  const client = useQueryClient()
  const key = managedKeys.list('theme')
  return useMutation({
    mutationFn: ({ item, euTheme }: { item: ManagedVocabularyItem; euTheme: EuDataTheme | null }) =>
      apiRequest(ManagedVocabularyItem, apiPaths.tagEuTheme(item.name), {
        method: 'PUT',
        prefix: API_PREFIX.authenticated,
        json: { euTheme } satisfies ThemeEuThemeEdit,
      }),
    onMutate: async ({ item, euTheme }) => {
      await client.cancelQueries({ queryKey: key })
      client.setQueryData<ManagedVocabularyList>(
        key,
        (list) => list && withTheme(list, { ...item, euTheme }),
      )
    },
    // Only this theme goes back: another row may be saving at the same time.
    onError: (_error, { item }) => {
      client.setQueryData<ManagedVocabularyList>(key, (list) => list && withTheme(list, item))
    },
    onSuccess: (saved) => {
      client.setQueryData<ManagedVocabularyList>(key, (list) => list && withTheme(list, saved))
    },
  })
}

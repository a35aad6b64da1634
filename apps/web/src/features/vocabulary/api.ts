import {
  API_PREFIX,
  ManagedVocabularyList,
  NewVocabularyId,
  ThesaurusEntry,
  apiPaths,
  fetchWithRetry,
  type NewVocabularyItem,
  type ThesaurusEdit,
} from '@dataportaal/contract'
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  apiFetch,
  apiRequest,
  apiUrl,
  checkResponse,
  requestHeaders,
} from '../../shared/api/client.ts'
import { configQuery } from '../../shared/api/config.ts'
import { vocabularyKeys } from '../classification/api.ts'

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

const REQUEST_TIMEOUT_MS = 30_000

/** A JSON body on /api, with the app's retry policy and problem handling. */
async function sendJson<T extends z.ZodType>(
  schema: T,
  path: string,
  method: 'PUT',
  body: unknown,
): Promise<z.infer<T>> {
  const prefix = API_PREFIX.authenticated
  const headers = requestHeaders(prefix)
  headers.set('Content-Type', 'application/json')
  const response = await fetchWithRetry(
    fetch,
    apiUrl(path, undefined, prefix),
    { method, headers, body: JSON.stringify(body) },
    { totalTimeoutMs: REQUEST_TIMEOUT_MS },
  )
  await checkResponse(response, prefix)
  return schema.parse(await response.json())
}

/**
 * Themes, labels and the thesaurus show up almost everywhere: search facets, pickers, the home
 * page, documents. After a change all of it (but the run-time config) is marked stale and fetched
 * again when next shown; the admin lists and the thesaurus on screen at once.
 */
function refreshAfterVocabularyChange(client: QueryClient) {
  const refetchNow = [managedKeys.all[0], vocabularyKeys.all[0]] as unknown[]
  void client.invalidateQueries({
    predicate: ({ queryKey: [root] }) =>
      root !== configQuery.queryKey[0] && !refetchNow.includes(root),
    refetchType: 'none',
  })
  void client.invalidateQueries({ queryKey: managedKeys.all })
  void client.invalidateQueries({ queryKey: vocabularyKeys.all })
}

export { useThesaurus } from '../classification/api.ts'

/** PUT /tags or /labels with `{ name }`; answers the new id. */
export function useCreateItem(kind: ManagedKind) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (name: string) =>
      sendJson(NewVocabularyId, PATHS[kind].create, 'PUT', { name } satisfies NewVocabularyItem),
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
      sendJson(ThesaurusEntry, apiPaths.thesaurusEntry(name), 'PUT', edit),
    onSuccess: () => refreshAfterVocabularyChange(client),
  })
}

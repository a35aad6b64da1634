import {
  DocumentList,
  NameList,
  apiPaths,
  type FollowQuery,
  type ThemeDocumentsQuery,
} from '@dataportaal/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../api/client.ts'

/** How many new documents the home page shows from the followed themes. */
export const FOLLOWED_DOCUMENTS_COUNT = 6

export const followingKeys = {
  all: ['following'] as const,
  themes: ['following', 'themes'] as const,
  documents: ['following', 'documents'] as const,
  /** Who follows a theme (its page): changes when the employee follows or unfollows. */
  followers: (name: string) => ['following', 'followers', name.toLocaleLowerCase('nl')] as const,
}

const followMutationKey = ['follow'] as const

const sameName = (a: string, b: string) => a.localeCompare(b, 'nl', { sensitivity: 'accent' }) === 0

export const isFollowing = (list: NameList | undefined, theme: string) =>
  list?.Results.some((name) => sameName(name, theme)) ?? false

function withTheme(list: NameList | undefined, theme: string, follow: boolean) {
  if (!list || isFollowing(list, theme) === follow) return list
  const Results = follow
    ? [...list.Results, theme]
    : list.Results.filter((name) => !sameName(name, theme))
  return { Results, Total: Results.length }
}

/** GET /tags/following: the themes the employee follows. */
export function useFollowedThemes(enabled = true) {
  return useQuery({
    queryKey: followingKeys.themes,
    queryFn: ({ signal }) => apiRequest(NameList, apiPaths.followedTags, { signal }),
    enabled,
  })
}

/**
 * Follow or unfollow one theme: the button changes at once and goes back if the server
 * refuses; the server's list afterwards is then taken over.
 */
export function useFollowTheme(theme: string) {
  const client = useQueryClient()
  return useMutation({
    mutationKey: followMutationKey,
    scope: { id: `follow-${theme.toLocaleLowerCase('nl')}` },
    mutationFn: (follow: boolean) =>
      follow
        ? apiRequest(NameList, apiPaths.followedTags, {
            method: 'PUT',
            query: { data: theme } satisfies FollowQuery,
          })
        : apiRequest(NameList, apiPaths.followedTag(theme), { method: 'DELETE' }),
    onMutate: async (follow) => {
      await client.cancelQueries({ queryKey: followingKeys.themes })
      const wasFollowing = isFollowing(client.getQueryData(followingKeys.themes), theme)
      client.setQueryData<NameList>(followingKeys.themes, (list) => withTheme(list, theme, follow))
      return { wasFollowing }
    },
    onError: (_error, _follow, context) => {
      if (!context) return
      client.setQueryData<NameList>(followingKeys.themes, (list) =>
        withTheme(list, theme, context.wasFollowing),
      )
    },
    onSuccess: (list) => {
      // Another theme's change still on its way would be missing from this answer.
      if (client.isMutating({ mutationKey: followMutationKey }) > 1) return
      client.setQueryData(followingKeys.themes, list)
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: followingKeys.documents }),
        client.invalidateQueries({ queryKey: followingKeys.followers(theme) }),
      ]),
  })
}

/** GET /tags/following/documents: the newest approved documents in the followed themes. */
export function useFollowedThemeDocuments(enabled = true) {
  return useQuery({
    queryKey: followingKeys.documents,
    queryFn: ({ signal }) =>
      apiRequest(DocumentList, apiPaths.followedTagsDocuments, {
        query: { offset: 1, pageSize: FOLLOWED_DOCUMENTS_COUNT } satisfies ThemeDocumentsQuery,
        signal,
      }),
    enabled,
  })
}

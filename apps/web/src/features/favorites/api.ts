import {
  DocumentList,
  FavoriteState,
  SEARCH_LIMITS,
  apiPaths,
  type FavoritesQuery,
} from '@dataportaal/contract'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../shared/api/client.ts'
import {
  applyOptimisticUpdate,
  patchCachedDocument,
  refetchInterrupted,
  revertOptimisticUpdate,
  userUseOf,
  type DocumentChange,
} from '../documents/cache.ts'

export const FAVORITES_PAGE_SIZE = 10

export const favoriteKeys = {
  all: ['favorites'] as const,
  page: (page: number) => [...favoriteKeys.all, page] as const,
}

/** Pages that can be linked to: the server refuses offsets beyond `maxOffset`. */
export const favoritesPageCount = (total: number) =>
  Math.min(Math.ceil(total / FAVORITES_PAGE_SIZE), SEARCH_LIMITS.maxOffset)

/** GET /documents/favorites: one page of the employee's favourites, newest favourite first. */
export function useFavorites(page: number) {
  return useQuery({
    queryKey: favoriteKeys.page(page),
    queryFn: ({ signal }) =>
      apiRequest(DocumentList, apiPaths.favorites, {
        query: { offset: page, pageSize: FAVORITES_PAGE_SIZE } satisfies FavoritesQuery,
        signal,
      }),
    // The previous page stays on screen while the next loads.
    placeholderData: keepPreviousData,
  })
}

const setFavorite = (contentUID: string, favorited: boolean) =>
  apiRequest(FavoriteState, apiPaths.favorite(contentUID), {
    method: favorited ? 'PUT' : 'DELETE',
  })

export const withFavorite =
  (favorited: boolean): DocumentChange =>
  (document) => ({ contentUserUse: { ...userUseOf(document), favorited } })

/**
 * The star: the new state shows at once wherever the document is on screen (search results,
 * the document, lists), and goes back if the server refuses (spec section 4).
 */
export function useFavoriteToggle(contentUID: string) {
  const client = useQueryClient()
  return useMutation({
    // One document's calls go out in order, so quick clicks end in the last choice.
    scope: { id: `favorite-${contentUID}` },
    mutationFn: (favorited: boolean) => setFavorite(contentUID, favorited),
    onMutate: (favorited) => applyOptimisticUpdate(client, contentUID, withFavorite(favorited)),
    onError: (_error, _favorited, update) =>
      revertOptimisticUpdate(client, contentUID, update, (current, before) =>
        withFavorite(userUseOf(before).favorited)(current),
      ),
    onSettled: (_state, _error, _favorited, update) => {
      refetchInterrupted(client, update)
      void client.invalidateQueries({ queryKey: favoriteKeys.all })
    },
  })
}

/**
 * Unfavouriting on /favorieten: the item leaves the list only once the server has confirmed
 * (spec section 4); the page then fills up again from the server.
 */
export function useRemoveFavorite(contentUID: string, onRemoved: () => void) {
  const client = useQueryClient()
  return useMutation({
    scope: { id: `favorite-${contentUID}` },
    mutationFn: () => setFavorite(contentUID, false),
    onSuccess: () => {
      client.setQueriesData<DocumentList>({ queryKey: favoriteKeys.all }, (list) =>
        list && list.Results.some((item) => item.contentUID === contentUID)
          ? {
              Results: list.Results.filter((item) => item.contentUID !== contentUID),
              Total: Math.max(list.Total - 1, 0),
            }
          : list,
      )
      patchCachedDocument(client, contentUID, withFavorite(false))
      void client.invalidateQueries({ queryKey: favoriteKeys.all })
      onRemoved()
    },
  })
}

import { DocumentList, apiPaths, type FavoritesQuery } from '@dataportaal/contract'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../shared/api/client.ts'
import { patchCachedDocument } from '../../shared/documents/cache.ts'
import { setFavorite, withFavorite } from '../../shared/documents/favorite.ts'
import { favoriteKeys } from '../../shared/documents/keys.ts'

export const FAVORITES_PAGE_SIZE = 10

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

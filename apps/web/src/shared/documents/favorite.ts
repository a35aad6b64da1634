import { FavoriteState, apiPaths } from '@dataportaal/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../api/client.ts'
import {
  applyOptimisticUpdate,
  refetchInterrupted,
  revertOptimisticUpdate,
  userUseOf,
  type DocumentChange,
} from './cache.ts'
import { favoriteKeys } from './keys.ts'

export const setFavorite = (contentUID: string, favorited: boolean) =>
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

import { RatingState, apiPaths } from '@dataportaal/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../shared/api/client.ts'
import {
  applyOptimisticUpdate,
  patchCachedDocument,
  refetchInterrupted,
  revertOptimisticUpdate,
  userUseOf,
} from '../../shared/documents/cache.ts'
import { searchRootKey } from '../../shared/documents/keys.ts'
import { withOwnRating } from './average.ts'

const ratingMutationKey = (contentUID: string) => ['rating', contentUID] as const

/** `null` removes the rating (PUT /resetrating); otherwise PUT /rating?rating=n. */
const saveRating = (contentUID: string, rating: number | null) =>
  rating === null
    ? apiRequest(RatingState, apiPaths.resetRating(contentUID), { method: 'PUT' })
    : apiRequest(RatingState, apiPaths.rating(contentUID), { method: 'PUT', query: { rating } })

/**
 * The user's own rating of a document. The stars, the average and the count change at once
 * wherever the document is shown, and go back if the server refuses.
 */
export function useRateDocument(contentUID: string) {
  const client = useQueryClient()
  return useMutation({
    mutationKey: ratingMutationKey(contentUID),
    // Arrowing through the stars sends a rating per star: in order, so the last one stays.
    scope: { id: `rating-${contentUID}` },
    mutationFn: (rating: number | null) => saveRating(contentUID, rating),
    onMutate: (rating) => applyOptimisticUpdate(client, contentUID, withOwnRating(rating)),
    onError: (_error, _rating, update) =>
      revertOptimisticUpdate(client, contentUID, update, (current, before) => ({
        averageRating: before.averageRating,
        ratingCount: before.ratingCount,
        contentUserUse: { ...userUseOf(current), rating: userUseOf(before).rating },
      })),
    onSuccess: (state) => {
      // The server's average, unless a later rating of this document is still on its way.
      if (client.isMutating({ mutationKey: ratingMutationKey(contentUID) }) > 1) return
      patchCachedDocument(client, contentUID, (document) => ({
        averageRating: state.averageRating,
        ratingCount: state.ratingCount,
        contentUserUse: { ...userUseOf(document), rating: state.rating },
      }))
    },
    onSettled: (_state, _error, _rating, update) => {
      refetchInterrupted(client, update)
      // The rating facet and the sort by rating depend on the average.
      void client.invalidateQueries({ queryKey: searchRootKey })
    },
  })
}

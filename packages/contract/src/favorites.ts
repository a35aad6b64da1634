import { z } from 'zod'
import { pagingParams } from './search.ts'

/** PUT and DELETE /documents/{id}/favorite answer the resulting state; both are idempotent. */
export const FavoriteState = z.object({ favorited: z.boolean() }).meta({ id: 'FavoriteState' })
export type FavoriteState = z.infer<typeof FavoriteState>

/**
 * GET /documents/favorites: a page of the caller's favourites, newest favourite first,
 * answered as a `DocumentList`. Deleted documents, and those the caller may no longer
 * see, are left out.
 */
export const FavoritesQuery = z.strictObject({ ...pagingParams })
export type FavoritesQuery = z.infer<typeof FavoritesQuery>

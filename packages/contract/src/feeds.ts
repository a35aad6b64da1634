import type { z } from 'zod'
import { PublicSearchQuery } from './search.ts'

export const FEED_LIMITS = {
  /** A feed holds the newest documents only; a reader that polls keeps the older ones. */
  maxEntries: 50,
} as const

export const ATOM_MEDIA_TYPE = 'application/atom+xml'

/**
 * A feed follows a search: the same text and filters as `/search` (validated alike), but
 * no paging and no order, for a feed is always the newest published documents first.
 */
export const FeedQuery = PublicSearchQuery.omit({ offset: true, pageSize: true, sort: true })
export type FeedQuery = z.infer<typeof FeedQuery>

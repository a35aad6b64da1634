import { z } from 'zod'

export const RATING_RANGE = { min: 1, max: 5 } as const

const RATING_MESSAGE = 'Een waardering is een heel getal van 1 tot en met 5.'

/** PUT /documents/{id}/rating?rating=n: one rating per employee per document, replaced on a new one. */
export const RatingQuery = z.strictObject({
  rating: z.coerce
    .number({ error: RATING_MESSAGE })
    .int({ error: RATING_MESSAGE })
    .min(RATING_RANGE.min, { error: RATING_MESSAGE })
    .max(RATING_RANGE.max, { error: RATING_MESSAGE }),
})
export type RatingQuery = z.infer<typeof RatingQuery>

/**
 * The answer of PUT /documents/{id}/rating and /resetrating: the caller's rating (`null`
 * after a reset) and the document's new average (one decimal) and count.
 */
export const RatingState = z
  .object({
    rating: z.number().int().min(RATING_RANGE.min).max(RATING_RANGE.max).nullable(),
    averageRating: z.number().nullable(),
    ratingCount: z.number().int().nonnegative(),
  })
  .meta({ id: 'RatingState' })
export type RatingState = z.infer<typeof RatingState>

import { userUseOf, type DocumentChange } from '../../shared/documents/cache.ts'

/** The server rounds the average to one decimal; the optimistic one does the same. */
const oneDecimal = (value: number) => Math.round(value * 10) / 10

/**
 * The document after the user's own rating became `rating` (`null`: removed): their old
 * rating leaves the average, the new one joins it. One rating per user per document.
 */
export const withOwnRating =
  (rating: number | null): DocumentChange =>
  (document) => {
    const use = userUseOf(document)
    const previous = use.rating
    const othersCount = document.ratingCount - (previous === null ? 0 : 1)
    const othersSum = (document.averageRating ?? 0) * document.ratingCount - (previous ?? 0)
    const count = othersCount + (rating === null ? 0 : 1)
    const sum = othersSum + (rating ?? 0)
    return {
      averageRating: count > 0 ? oneDecimal(sum / count) : null,
      ratingCount: count,
      contentUserUse: { ...use, rating },
    }
  }

import { describe, expect, it } from 'vitest'
import type { CachedDocument } from '../../shared/documents/cache.ts'
import { withOwnRating } from './average.ts'

const rated = (
  averageRating: number | null,
  ratingCount: number,
  own: number | null,
): CachedDocument => ({
  contentUID: 'e6a324a3-c7bf-490b-9dc6-7c88bbb4428f',
  themes: null,
  averageRating,
  ratingCount,
  contentUserUse: { favorited: true, rating: own },
})

describe('the average after the own rating changes', () => {
  it('adds a first rating of the user', () => {
    expect(withOwnRating(5)(rated(4, 3, null))).toEqual({
      averageRating: 4.3,
      ratingCount: 4,
      contentUserUse: { favorited: true, rating: 5 },
    })
  })

  it('replaces the user’s earlier rating instead of adding one', () => {
    expect(withOwnRating(1)(rated(4, 3, 4))).toMatchObject({ averageRating: 3, ratingCount: 3 })
  })

  it('takes the rating out on a reset, down to no average at all', () => {
    expect(withOwnRating(null)(rated(4, 3, 5))).toMatchObject({
      averageRating: 3.5,
      ratingCount: 2,
    })
    expect(withOwnRating(null)(rated(2, 1, 2))).toMatchObject({
      averageRating: null,
      ratingCount: 0,
      contentUserUse: { favorited: true, rating: null },
    })
  })

  it('starts from nothing on a document nobody rated, also without user state', () => {
    expect(withOwnRating(3)({ ...rated(null, 0, null), contentUserUse: undefined })).toEqual({
      averageRating: 3,
      ratingCount: 1,
      contentUserUse: { favorited: false, rating: 3 },
    })
  })
})

/**
 * Standard measures of a ranking against relevance judgements: for each query the rank
 * of the first relevant result, and over a set of queries success@k (the share of
 * queries with a relevant result in the first k) and MRR@k (the mean of 1/rank of the
 * first relevant result, 0 when none is in the first k).
 */

/** A title that should come first: the title itself, or a pattern for a family of them. */
export type Judgement = string | RegExp

export const isRelevant = (title: string, relevant: readonly Judgement[]) =>
  relevant.some((judgement) =>
    typeof judgement === 'string' ? judgement === title : judgement.test(title),
  )

/** The 1-based rank of the first relevant title, or null when none is relevant. */
export function firstRelevantRank(titles: readonly string[], relevant: readonly Judgement[]) {
  const index = titles.findIndex((title) => isRelevant(title, relevant))
  return index === -1 ? null : index + 1
}

export interface SetScore {
  queries: number
  successAt1: number
  successAt3: number
  successAt10: number
  mrrAt10: number
}

/** The measures over a set, from each query's first relevant rank (null: none). */
export function scoreSet(ranks: ReadonlyArray<number | null>): SetScore {
  const share = (hit: (rank: number) => boolean) =>
    ranks.filter((rank) => rank !== null && hit(rank)).length / ranks.length
  return {
    queries: ranks.length,
    successAt1: share((rank) => rank === 1),
    successAt3: share((rank) => rank <= 3),
    successAt10: share((rank) => rank <= 10),
    mrrAt10:
      ranks.reduce<number>((sum, rank) => sum + (rank !== null && rank <= 10 ? 1 / rank : 0), 0) /
      ranks.length,
  }
}

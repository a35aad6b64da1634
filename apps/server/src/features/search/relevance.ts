import type { Params } from '../../db/params.ts'
import type { TextMatch } from './text-match.ts'

/**
 * How much of the rank comes from everything a document matched (the query's prefixes,
 * its thesaurus synonyms and typo corrections) next to what was asked, as whole words.
 * Small enough that longer words or synonyms in a field, even several, do not outrank
 * the word asked for in the same field; big enough that among documents equal in what
 * was asked, more of the rest still ranks higher.
 */
export const MATCHED_SHARE = 0.5

/**
 * The rank of a document for a text search, higher first (ties: newest first):
 *
 *   ts_rank(vector, asked) + MATCHED_SHARE * ts_rank(vector, matched)
 *
 * `asked` holds the words asked for as whole words (`rankQuery`); `matched` is the query
 * the search matches with (`prefixQuery`), each word's prefix that of its stem. (What
 * matches is narrower, `matchedTsquery`: a shortened word's stem or the word typed as a
 * prefix; ranking with that would add the typed word as one more word to `ts_rank`'s
 * average and lower every match by it.) `ts_rank` cannot weigh one word of a query
 * over another (it averages over the distinct words, and counts a word and its prefix as
 * one), hence two calls. The vector's weights (title A, themes B, description C, file
 * text D; compound parts B or D: `refreshSearchIndex`) keep `ts_rank`'s defaults
 * {D 0.1, C 0.2, B 0.4, A 1.0}, so a title match outranks a description match.
 *
 * The second call adds about 40% to the ranking time of a broad query (docs/search.md,
 * "Relevance"): the asked query is small and exact.
 */
export function relevanceRank(match: Extract<TextMatch, { kind: 'text' }>, params: Params): string {
  const asked = `to_tsquery('dutch', ${params.add(match.rankQuery)})`
  const matched = `to_tsquery('dutch', ${params.add(match.prefixQuery)})`
  return `(ts_rank(se.search_vector, ${asked}) + ${MATCHED_SHARE} * ts_rank(se.search_vector, ${matched}))`
}

import type { SearchSuggestion } from '@dataportaal/contract'
import type { Queryable } from '../../db/client.ts'
import { toTextMatch, withinTrigramBudget, type TextMatch } from './text-match.ts'

/**
 * 'Bedoelde u …': when a query finds little, a close spelling of it that finds clearly more.
 * Only then is it looked for, so an ordinary search pays nothing for it.
 */

/** A query finding more documents than this gets no suggestion. */
export const MAX_TOTAL_TO_SUGGEST = 3
/** The suggestion must find at least this many times as many documents ... */
export const SUGGESTION_MIN_RATIO = 2
/** ... and at least this many. */
export const SUGGESTION_MIN_TOTAL = 5
/** Shorter words are left alone: trigrams say little about them. */
const MIN_WORD_LENGTH = 4
/** How close a catalogue word must be (trigram similarity), as for the typo correction. */
const MIN_SIMILARITY = 0.4

/**
 * For each word, the most similar catalogue word that is clearly more frequent: in
 * `SUGGESTION_MIN_RATIO` times as many documents as the word itself, and in enough to be
 * worth offering. `search_words` counts published documents only, so a word of an
 * unpublished document is never suggested, also not to an employee.
 */
async function moreFrequentSpellings(db: Queryable, words: string[]): Promise<Map<string, string>> {
  const rows = await db.query<{ word: string; suggestion: string }>(
    `select c.word, s.word as suggestion
       from unnest($1::text[]) as c(word)
       cross join lateral (
         select w.word from search_words w
          where w.word % c.word and similarity(w.word, c.word) >= $2 and w.word <> c.word
            and w.documents >= greatest($4,
                  $3 * coalesce((select o.documents from search_words o where o.word = c.word), 0))
          order by similarity(w.word, c.word) desc, w.documents desc, w.word
          limit 1) s`,
    [words, MIN_SIMILARITY, SUGGESTION_MIN_RATIO, SUGGESTION_MIN_TOTAL],
  )
  return new Map(rows.map((row) => [row.word, row.suggestion]))
}

/**
 * The suggestion for a search that found `total` documents, or undefined. `countMatches`
 * counts what a text match finds with the search's own filters and visibility, so the
 * total offered is what following the link shows.
 */
export async function suggestSpelling(
  db: Queryable,
  match: TextMatch,
  total: number,
  countMatches: (match: TextMatch) => Promise<number>,
): Promise<SearchSuggestion | undefined> {
  if (match.kind !== 'text' || total > MAX_TOTAL_TO_SUGGEST) return undefined
  // A corrected word is already searched for as its close spellings; a word without any
  // close word has none that is closer still.
  const done = new Set([
    ...match.corrections.map((correction) => correction.word),
    ...match.withoutCloseWords,
  ])
  const words = match.tokens.filter(
    (token) => token.length >= MIN_WORD_LENGTH && !/^\p{N}+$/u.test(token) && !done.has(token),
  )
  if (words.length === 0) return undefined
  const spellings = await moreFrequentSpellings(db, withinTrigramBudget([...new Set(words)]))
  if (spellings.size === 0) return undefined
  const query = match.tokens.map((token) => spellings.get(token) ?? token).join(' ')
  const suggested = await countMatches(await toTextMatch(db, query))
  const clearlyMore = suggested >= SUGGESTION_MIN_TOTAL && suggested >= SUGGESTION_MIN_RATIO * total
  return clearlyMore ? { query, total: suggested } : undefined
}

import { SEARCH_LIMITS, shouldSuggest } from '@dataportaal/contract'
import type { Queryable } from '../../db/client.ts'
import { tokenize } from './text-query.ts'

/** Fetched per tier beyond the limit, because demo and real catalogues repeat titles. */
const CANDIDATES = SEARCH_LIMITS.maxSuggestions * 3
const MIN_INFIX_LENGTH = 3

const unique = (values: string[]) => [...new Set(values)]

/**
 * Suggestions for the search bar: theme names that start with the text, then titles of
 * published documents that start with it (alphabetically, straight from the prefix
 * index), and only when those are not enough, titles with a later word that starts with
 * it (from three characters, where the trigram index can narrow the search).
 */
export async function suggest(db: Queryable, text: string): Promise<string[]> {
  if (!shouldSuggest(text)) return []
  const prefix = tokenize(text).join(' ')
  if (prefix.length < SEARCH_LIMITS.minSuggestLength) return []
  const starts = await db.query<{ suggestion: string }>(
    `(select name as suggestion from themes
       where portal_normalize(name) like $1 || '%' order by portal_normalize(name) limit $2)
     union all
     (select title from documents
       where status = 'goedgekeurd' and deleted_at is null
         and portal_normalize(title) like $1 || '%'
       order by portal_normalize(title) using ~<~ limit $3)`,
    [prefix, SEARCH_LIMITS.maxSuggestions, CANDIDATES],
  )
  const found = unique(starts.map((row) => row.suggestion))
  if (found.length >= SEARCH_LIMITS.maxSuggestions || prefix.length < MIN_INFIX_LENGTH) {
    return found.slice(0, SEARCH_LIMITS.maxSuggestions)
  }
  const inside = await db.query<{ suggestion: string }>(
    `select title as suggestion from documents
      where status = 'goedgekeurd' and deleted_at is null
        and portal_normalize(title) like '%' || $1 || '%'
        and portal_normalize(title) ~ ('\\m' || $1)
      limit $2`,
    [prefix, CANDIDATES],
  )
  const infix = inside.map((row) => row.suggestion).sort((a, b) => a.length - b.length)
  return unique([...found, ...infix]).slice(0, SEARCH_LIMITS.maxSuggestions)
}

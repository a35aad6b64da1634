import { SEARCH_LIMITS, shouldSuggest } from '@dataportaal/contract'
import type { Queryable } from '../../db/client.ts'
import { tokenize } from './text-query.ts'

/**
 * Suggestions for the search bar: theme names first, then titles of published documents
 * that start with the text, then (from three characters on, where the trigram index
 * helps) titles with a word that starts with it.
 */
export async function suggest(db: Queryable, text: string): Promise<string[]> {
  if (!shouldSuggest(text)) return []
  const prefix = tokenize(text).join(' ')
  if (prefix.length < SEARCH_LIMITS.minSuggestLength) return []
  const rows = await db.query<{ suggestion: string }>(
    `(select name as suggestion, 0 as tier, char_length(name) as len from themes
       where portal_normalize(name) like $1 || '%' order by len, name limit $2)
     union all
     (select title, 1, char_length(title) from documents
       where status = 'goedgekeurd' and deleted_at is null
         and portal_normalize(title) like $1 || '%'
       order by char_length(title), title limit $2)
     union all
     (select title, 2, char_length(title) from documents
       where char_length($1) >= 3 and status = 'goedgekeurd' and deleted_at is null
         and portal_normalize(title) like '%' || $1 || '%'
         and portal_normalize(title) ~ ('\\m' || $1)
       order by char_length(title), title limit $2)
     order by tier, len, suggestion`,
    [prefix, SEARCH_LIMITS.maxSuggestions],
  )
  const unique = [...new Set(rows.map((row) => row.suggestion))]
  return unique.slice(0, SEARCH_LIMITS.maxSuggestions)
}

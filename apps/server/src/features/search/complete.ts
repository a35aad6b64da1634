import { SEARCH_LIMITS, shouldSuggest } from '@dataportaal/contract'
import type { Queryable } from '../../db/client.ts'
import type { FollowedIndex, IndexSnapshot } from './memory/followed-index.ts'
import { tokenize } from './text-query.ts'

/** Fetched per tier beyond the limit, because demo and real catalogues repeat titles. */
const CANDIDATES = SEARCH_LIMITS.maxSuggestions * 3
const MIN_INFIX_LENGTH = 3

const unique = (values: string[]) => [...new Set(values)]

/** Theme names that start with the text ($1), at most $2. */
const THEMES = `select name as suggestion from themes
  where portal_normalize(name) like $1 || '%' order by portal_normalize(name) limit $2`

/**
 * Suggestions for the search bar: theme names that start with the text, then titles of
 * published documents that start with it (alphabetically), and only when those are not
 * enough, titles with a later word that starts with it (from three characters; shortest
 * first). Themes come from the database, in the statement that reads the catalogue version
 * (a handful of rows, no extra round trip); titles come from the node's index when it holds
 * the catalogue version the themes were read at, else from the database as well.
 */
export async function suggest(
  db: Queryable,
  text: string,
  index: FollowedIndex | null,
): Promise<string[]> {
  if (!shouldSuggest(text)) return []
  const prefix = tokenize(text).join(' ')
  if (prefix.length < SEARCH_LIMITS.minSuggestLength) return []
  if (index) {
    const [row] = await db.query<{ version: string; themes: string[] }>(
      `select version::text as version, array(${THEMES}) as themes from search_state`,
      [prefix, SEARCH_LIMITS.maxSuggestions],
    )
    // Taken after the await and read without a pause: one snapshot for the whole answer.
    const snapshot = index.at(Number(row!.version))
    if (snapshot) return suggestFromMemory(snapshot, row!.themes, prefix)
  }
  return suggestFromDatabase(db, prefix)
}

/**
 * The titles from the index: every title that qualifies is considered, in a fixed order
 * (the SQL takes its first 24 rows of each tier, so repeated titles can crowd others out).
 */
function suggestFromMemory(snapshot: IndexSnapshot, themes: string[], prefix: string) {
  const { titles, live } = snapshot.index
  const limit = SEARCH_LIMITS.maxSuggestions
  // What is suggested so far: the titles leave these out and add theirs.
  const taken = new Set(themes)
  const found = [...taken]
  found.push(...titles.startingWith(prefix, live, taken, limit - found.length))
  if (found.length >= limit || prefix.length < MIN_INFIX_LENGTH) return found
  found.push(...titles.withWordStartingWith(prefix, live, taken, limit - found.length))
  return found
}

/** The same answer from the database: when the index is off or not yet at the version. */
async function suggestFromDatabase(db: Queryable, prefix: string): Promise<string[]> {
  const starts = await db.query<{ suggestion: string }>(
    `(${THEMES})
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

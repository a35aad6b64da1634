import type { SearchCorrection } from '@dataportaal/contract'
import type { Queryable } from '../../db/client.ts'
import {
  groupTerms,
  toTsQueryText,
  tokenize,
  type TermGroup,
  type ThesaurusTheme,
} from './text-query.ts'

/** What the words of a query become: match everything, nothing, or these tsqueries. */
export type TextMatch =
  | { kind: 'all' }
  | { kind: 'none' }
  | {
      kind: 'text'
      prefixQuery: string
      rankQuery: string
      tokens: string[]
      /** The words the typo correction also looked for: shown, so no correction is silent. */
      corrections: SearchCorrection[]
    }

const MIN_TYPO_LENGTH = 4
const MAX_CORRECTIONS = 3
const MIN_SIMILARITY = 0.4

async function loadThesaurus(db: Queryable, tokens: string[]): Promise<ThesaurusTheme[]> {
  // Only themes whose name or a synonym contains one of the query words can match.
  const rows = await db.query<{ name: string; terms: string[] }>(
    `select t.name, array_remove(array_agg(tt.term), null) as terms
       from themes t
       left join theme_terms tt on tt.theme_id = t.id and tt.kind = 'synonym'
      group by t.id, t.name
     having bool_or(
       portal_normalize(t.name) ~ ('\\m(' || array_to_string($1::text[], '|') || ')\\M')
       or portal_normalize(coalesce(tt.term, '')) ~ ('\\m(' || array_to_string($1::text[], '|') || ')\\M'))`,
    [tokens],
  )
  return rows.map((row) => ({
    name: row.name,
    phrases: [row.name, ...row.terms].map(tokenize).filter((phrase) => phrase.length > 0),
  }))
}

/**
 * A word no catalogue word starts with is probably mistyped: it is replaced by the most
 * similar catalogue words (trigram similarity), so `bevolkng` still finds `bevolking`.
 */
async function correctTypos(db: Queryable, groups: TermGroup[]): Promise<TermGroup[]> {
  const candidates = groups
    .filter((group) => !group.fromThesaurus)
    .map((group) => group.source[0]!)
    .filter((token) => token.length >= MIN_TYPO_LENGTH && !/^\p{N}+$/u.test(token))
  if (candidates.length === 0) return groups
  const rows = await db.query<{ token: string; similar: string[] }>(
    `select c.token, array(
         select w.word from search_words w
          where w.word % c.token and similarity(w.word, c.token) >= $2
          order by similarity(w.word, c.token) desc, w.word limit $3) as similar
       from unnest($1::text[]) as c(token)
      where not exists (select 1 from search_words w
                         where w.word >= c.token and w.word < c.token || chr(1114111))`,
    [candidates, MIN_SIMILARITY, MAX_CORRECTIONS],
  )
  const corrections = new Map(rows.map((row) => [row.token, row.similar]))
  return groups.map((group) => {
    const similar = group.fromThesaurus ? undefined : corrections.get(group.source[0]!)
    if (!similar?.length) return group
    return { ...group, alternatives: [...group.alternatives, ...similar.map((word) => [word])] }
  })
}

/** What `correctTypos` added to each group (it maps groups one to one). */
const correctionsOf = (before: TermGroup[], after: TermGroup[]): SearchCorrection[] =>
  before.flatMap((group, i) => {
    const added = after[i]!.alternatives.slice(group.alternatives.length).map((p) => p.join(' '))
    return added.length ? [{ word: group.source.join(' '), alternatives: added }] : []
  })

export async function toTextMatch(db: Queryable, query: string | undefined): Promise<TextMatch> {
  if (!query || query.trim() === '') return { kind: 'all' }
  const tokens = tokenize(query)
  if (tokens.length === 0) return { kind: 'none' }
  const grouped = groupTerms(tokens, await loadThesaurus(db, tokens))
  const groups = await correctTypos(db, grouped)
  return {
    kind: 'text',
    tokens,
    corrections: correctionsOf(grouped, groups),
    prefixQuery: toTsQueryText(groups, 'prefix'),
    rankQuery: toTsQueryText(groups, 'ranking'),
  }
}

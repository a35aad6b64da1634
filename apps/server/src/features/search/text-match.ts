import type { SearchCorrection } from '@dataportaal/contract'
import type { Queryable } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import { CATALOGUE_VERSION_SQL, catalogueVersion } from './cache.ts'
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
      /**
       * Words the typo lookup compared with the whole catalogue and found no close word for:
       * 'Bedoelde u' (closer still) need not compare them again.
       */
      withoutCloseWords: string[]
    }

/**
 * The tsquery a search matches with, from its `prefixQuery` (the parameter `param`): as
 * `to_tsquery('dutch', ...)`, but a word the stemmer shortens by more than an inflection
 * (`overheid`: `over`) matches its stem as a whole word or the word as typed as a prefix,
 * not every word starting with the stem (migration 0019_prefix_match.sql).
 */
export const matchedTsquery = (param: string) => `portal_match_tsquery(${param})`

const MIN_TYPO_LENGTH = 4
const MAX_CORRECTIONS = 3
const MIN_SIMILARITY = 0.4

/**
 * The longest word a query keeps: the vocabulary's longest (search_words holds words of 2 to
 * 40 letters). A longer word is cut to its first 40 letters, so neither the typo lookup nor
 * the tsquery does work that grows with what a client sends; it finds the words that start
 * with those letters (every word of a query matches as a prefix).
 */
export const MAX_WORD_LENGTH = 40

/**
 * How much a query's trigram lookups (typo correction, 'Bedoelde u') may compare: each word
 * is compared with the catalogue's words (by index or one by one), at a cost that grows with
 * its letters. A query looks up its first words within these bounds; the others are searched
 * as typed. Four words of 15 letters are more than anyone mistypes at once.
 */
const TRIGRAM_BUDGET = { words: 4, letters: 60 }

/** A word cut to `MAX_WORD_LENGTH` letters (code points: a letter beyond the BMP stays whole). */
const capped = (word: string) =>
  word.length <= MAX_WORD_LENGTH ? word : [...word].slice(0, MAX_WORD_LENGTH).join('')

/** The first of `words` that together fit in the trigram lookups' budget (`TRIGRAM_BUDGET`). */
export function withinTrigramBudget(words: readonly string[]): string[] {
  const kept: string[] = []
  let letters = 0
  for (const word of words) {
    if (kept.length === TRIGRAM_BUDGET.words) break
    if (letters + word.length > TRIGRAM_BUDGET.letters) continue
    letters += word.length
    kept.push(word)
  }
  return kept
}

/**
 * The themes whose name or a synonym contains one of the query words (`tokens`, a
 * parameter): only these can match. Each with its synonyms.
 */
const thesaurusSql = (tokens: string) => `
  select t.name, array_remove(array_agg(tt.term), null) as terms
    from themes t
    left join theme_terms tt on tt.theme_id = t.id and tt.kind = 'synonym'
   group by t.id, t.name
  having bool_or(
    portal_normalize(t.name) ~ ('\\m(' || array_to_string(${tokens}::text[], '|') || ')\\M')
    or portal_normalize(coalesce(tt.term, '')) ~ ('\\m(' || array_to_string(${tokens}::text[], '|') || ')\\M'))`

/**
 * A word no catalogue word starts with is probably mistyped: the most similar catalogue
 * words (trigram similarity) stand in for it, so `bevolkng` still finds `bevolking`. Per
 * word of `words` (a parameter) that no catalogue word starts with.
 */
const similarWordsSql = (words: string, params: Params) => `
  select c.token, array(
      select w.word from search_words w
       where w.word % c.token and similarity(w.word, c.token) >= ${params.add(MIN_SIMILARITY)}
       order by similarity(w.word, c.token) desc, w.word limit ${params.add(MAX_CORRECTIONS)}) as similar
    from unnest(${words}::text[]) as c(token)
   where not exists (select 1 from search_words w
                      where w.word >= c.token and w.word < c.token || chr(1114111))`

/** The words the typo correction looks at: long enough, not a number, within the budget. */
const typoCandidates = (tokens: string[]) =>
  withinTrigramBudget([
    ...new Set(
      tokens.filter((token) => token.length >= MIN_TYPO_LENGTH && !/^\p{N}+$/u.test(token)),
    ),
  ])

interface WordLookups {
  thesaurus: ThesaurusTheme[]
  /** Close catalogue words of each word no catalogue word starts with. */
  similar: Map<string, string[]>
}

/**
 * What the catalogue knows of the query's words, in one statement: their themes and the
 * close spellings of unknown words; with the catalogue's version when asked, read in the
 * same snapshot (`textMatchAtVersion`).
 */
async function lookUpWords(
  db: Queryable,
  tokens: string[],
  withVersion: boolean,
): Promise<WordLookups & { version: number | null }> {
  const params = new Params()
  const tokensParam = params.add(tokens)
  const candidates = typoCandidates(tokens)
  const similar = candidates.length
    ? `(select coalesce(json_object_agg(x.token, x.similar), '{}')
          from (${similarWordsSql(params.add(candidates), params)}) x)`
    : `'{}'::json`
  const [row] = await db.query<{
    thesaurus: Array<{ name: string; terms: string[] }>
    similar: Record<string, string[]>
    version: string | null
  }>(
    `select (select coalesce(json_agg(json_build_object('name', x.name, 'terms', x.terms)), '[]')
               from (${thesaurusSql(tokensParam)}) x) as thesaurus,
            ${similar} as similar,
            ${withVersion ? `(${CATALOGUE_VERSION_SQL})` : 'null'} as version`,
    params.values,
  )
  return {
    thesaurus: row!.thesaurus.map((theme) => ({
      name: theme.name,
      phrases: [theme.name, ...theme.terms].map(tokenize).filter((phrase) => phrase.length > 0),
    })),
    similar: new Map(Object.entries(row!.similar)),
    version: row!.version === null ? null : Number(row!.version),
  }
}

/** A word of the thesaurus is never corrected: its theme's names and synonyms stand for it. */
const withCorrections = (groups: TermGroup[], similar: Map<string, string[]>): TermGroup[] =>
  groups.map((group) => {
    const words = group.fromThesaurus ? undefined : similar.get(group.source[0]!)
    if (!words?.length) return group
    return { ...group, alternatives: [...group.alternatives, ...words.map((word) => [word])] }
  })

/** What `withCorrections` added to each group (it maps groups one to one). */
const correctionsOf = (before: TermGroup[], after: TermGroup[]): SearchCorrection[] =>
  before.flatMap((group, i) => {
    const added = after[i]!.alternatives.slice(group.alternatives.length).map((p) => p.join(' '))
    return added.length ? [{ word: group.source.join(' '), alternatives: added }] : []
  })

function textMatchOf(tokens: string[], lookups: WordLookups): TextMatch {
  const grouped = groupTerms(tokens, lookups.thesaurus)
  const groups = withCorrections(grouped, lookups.similar)
  return {
    kind: 'text',
    tokens,
    corrections: correctionsOf(grouped, groups),
    withoutCloseWords: [...lookups.similar]
      .filter(([, words]) => !words.length)
      .map(([word]) => word),
    prefixQuery: toTsQueryText(groups, 'prefix'),
    rankQuery: toTsQueryText(groups, 'ranking'),
  }
}

/** The words of a query, or what a query without words matches: all (empty) or nothing. */
function wordsOf(
  query: string | undefined,
): string[] | Extract<TextMatch, { kind: 'all' | 'none' }> {
  if (!query || query.trim() === '') return { kind: 'all' }
  const tokens = tokenize(query).map(capped)
  return tokens.length ? tokens : { kind: 'none' }
}

export async function toTextMatch(db: Queryable, query: string | undefined): Promise<TextMatch> {
  const words = wordsOf(query)
  if (!Array.isArray(words)) return words
  return textMatchOf(words, await lookUpWords(db, words, false))
}

/**
 * `toTextMatch` and the catalogue's version (`catalogueVersion`) in one statement: one round
 * trip, and the words are looked up in the snapshot the version was read in.
 */
export async function textMatchAtVersion(
  db: Queryable,
  query: string | undefined,
): Promise<{ match: TextMatch; version: number }> {
  const words = wordsOf(query)
  if (!Array.isArray(words)) return { match: words, version: await catalogueVersion(db) }
  const lookups = await lookUpWords(db, words, true)
  return { match: textMatchOf(words, lookups), version: lookups.version! }
}

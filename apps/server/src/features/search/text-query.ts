import { normalizeText } from '../../shared/text.ts'

/**
 * Turns what a person typed into a PostgreSQL `tsquery` text. Only letters and digits of
 * the input ever reach the query syntax, so no input can inject operators.
 */

export const MAX_TERMS = 12

export function tokenize(text: string): string[] {
  return (normalizeText(text).match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS)
}

/** A theme with its name and synonyms, each already tokenized. */
export interface ThesaurusTheme {
  name: string
  phrases: string[][]
}

/** One part of the query: any of its alternatives (token sequences) may match. */
export interface TermGroup {
  source: string[]
  alternatives: string[][]
  fromThesaurus: boolean
}

const startsWithAt = (tokens: string[], at: number, phrase: string[]) =>
  phrase.length > 0 && phrase.every((token, i) => tokens[at + i] === token)

/**
 * Splits the query tokens into groups: the longest thesaurus phrase at each position
 * becomes one group with all names and synonyms of its theme; other tokens stand alone.
 */
export function groupTerms(tokens: string[], thesaurus: ThesaurusTheme[]): TermGroup[] {
  const groups: TermGroup[] = []
  let at = 0
  while (at < tokens.length) {
    let best: { theme: ThesaurusTheme; length: number } | undefined
    for (const theme of thesaurus) {
      for (const phrase of theme.phrases) {
        if (startsWithAt(tokens, at, phrase) && phrase.length > (best?.length ?? 0)) {
          best = { theme, length: phrase.length }
        }
      }
    }
    if (best) {
      groups.push({
        source: tokens.slice(at, at + best.length),
        alternatives: best.theme.phrases,
        fromThesaurus: true,
      })
      at += best.length
    } else {
      const token = tokens[at]!
      groups.push({ source: [token], alternatives: [[token]], fromThesaurus: false })
      at += 1
    }
  }
  return groups
}

/**
 * `prefix`: what a search matches, the last word of each phrase also matching longer
 * words; `ranking`: only what was asked for, as whole words (see `relevance.ts`).
 */
export type QueryMode = 'prefix' | 'ranking'

function phraseQuery(phrase: string[], mode: QueryMode): string {
  const last = phrase.length - 1
  const words = phrase.map((word, i) => (mode === 'prefix' && i === last ? `${word}:*` : word))
  return words.length === 1 ? words[0]! : `(${words.join(' <-> ')})`
}

/**
 * The words asked for in a group: a thesaurus group's own words, not its theme's other
 * names and synonyms; any other group's word with its typo corrections (which stand for
 * the word that was meant).
 */
const askedAlternatives = (group: TermGroup): string[][] =>
  group.fromThesaurus ? [group.source] : group.alternatives

/**
 * The tsquery text: groups are ANDed, alternatives ORed. With `prefix`, the last word of
 * each alternative also matches longer words, so `fiets` finds `fietsenstalling`. The
 * `ranking` query keeps of each group only the words asked for, as whole words: it
 * matches fewer documents than `prefix` and says which of them match what was asked.
 */
export function toTsQueryText(groups: TermGroup[], mode: QueryMode): string {
  return groups
    .map((group) => {
      const phrases = mode === 'ranking' ? askedAlternatives(group) : group.alternatives
      const alternatives = phrases.map((phrase) => phraseQuery(phrase, mode))
      return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' | ')})`
    })
    .join(' & ')
}

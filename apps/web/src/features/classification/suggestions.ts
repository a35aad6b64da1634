import type { ThesaurusEntry } from '@dataportaal/contract'

/** A choice in the picker: the label it shows and the vocabulary name it adds. */
export interface Suggestion {
  name: string
  label: string
}

export const MAX_SUGGESTIONS = 8

const normalize = (text: string) => text.trim().toLocaleLowerCase('nl')
const collator = new Intl.Collator('nl')

/**
 * What the picker suggests for `text`: names of the vocabulary, and synonyms from the
 * thesaurus that lead to their theme ('fiets (synoniem van Fietsen)'). Names the document
 * already has are left out; those that start with the text come first.
 */
export function suggestionsFor(
  text: string,
  names: readonly string[],
  thesaurus: readonly ThesaurusEntry[],
  present: readonly string[],
  synonymLabel: (synonym: string, term: string) => string,
): Suggestion[] {
  const typed = normalize(text)
  if (!typed) return []
  const taken = new Set(present.map(normalize))
  const known = new Set(names.map(normalize))
  const candidates: (Suggestion & { match: string })[] = [
    ...names.map((name) => ({ name, label: name, match: name })),
    ...thesaurus
      .filter((entry) => known.has(normalize(entry.term)))
      .flatMap((entry) =>
        entry.synonyms.map((synonym) => ({
          name: entry.term,
          label: synonymLabel(synonym, entry.term),
          match: synonym,
        })),
      ),
  ]
  const rank = (match: string) => (normalize(match).startsWith(typed) ? 0 : 1)
  return candidates
    .filter(({ name, match }) => !taken.has(normalize(name)) && normalize(match).includes(typed))
    .sort((a, b) => rank(a.match) - rank(b.match) || collator.compare(a.label, b.label))
    .slice(0, MAX_SUGGESTIONS)
    .map(({ name, label }) => ({ name, label }))
}

/**
 * The name to send for what was typed: the vocabulary's spelling of a known name, the theme
 * of a synonym, or the text as typed (the server then says why it is refused).
 */
export function resolveName(
  text: string,
  names: readonly string[],
  thesaurus: readonly ThesaurusEntry[],
): string {
  const typed = normalize(text)
  const name = names.find((candidate) => normalize(candidate) === typed)
  if (name) return name
  const entry = thesaurus.find((candidate) =>
    candidate.synonyms.some((synonym) => normalize(synonym) === typed),
  )
  return entry?.term ?? text.trim()
}

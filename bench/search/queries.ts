/**
 * The benchmark's fixed workload: search requests of every kind a visitor makes, and
 * prefixes for the suggestion endpoint. Everything is derived deterministically from the
 * CBS records and the thesaurus in the repository, so every run asks the same questions.
 */
import { API_PREFIX } from '@dataportaal/contract'
import { normalizeText } from '../../apps/server/src/shared/text.ts'
import { tokenize } from '../../apps/server/src/features/search/text-query.ts'
import { readCbsRecords, readVocabularies, type CbsRecord } from './synthesize.ts'

export const QUERY_KINDS = [
  'browse',
  'broad',
  'medium',
  'selective',
  'multi-word',
  'typo',
  'synonym',
  'filtered',
] as const
export type QueryKind = (typeof QUERY_KINDS)[number]

export type Filters = Record<string, string | string[]>

export interface SearchCase {
  kind: QueryKind
  query: string
  filters: Filters
  /** Path and query string under the public API. */
  path: string
  /** Short human description: the query text and its filters. */
  label: string
}

/** Dutch function words, and words the Dutch text search configuration drops as stop words. */
const STOP_WORDS = new Set(
  (
    'heeft hebben omdat worden waren zonder alles onder altijd wordt wezen kunnen tegen reeds ' +
    'niets iemand geweest andere naar voor over door tussen sinds zoals totaal aantal vanaf ' +
    'waarvan welke eerste tweede derde overig overige'
  ).split(' '),
)

const isWord = (token: string) => /^\p{L}+$/u.test(token) && !STOP_WORDS.has(token)

const MIN_WORD = 5

function searchPath(query: string, filters: Filters): string {
  const params = new URLSearchParams()
  if (query) params.set('query', query)
  for (const [name, value] of Object.entries(filters)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, item)
  }
  const text = params.toString()
  return `${API_PREFIX.public}/search${text ? `?${text}` : ''}`
}

function describe(query: string, filters: Filters): string {
  const parts = Object.entries(filters).map(
    ([name, value]) => `${name}=${Array.isArray(value) ? value.join('|') : value}`,
  )
  const text = query ? `'${query}'` : '(no text)'
  return parts.length ? `${text} [${parts.join(', ')}]` : text
}

/** `count` items spread evenly over `list` (first and last included). */
function spread<T>(list: readonly T[], count: number): T[] {
  if (list.length <= count) return [...list]
  const step = (list.length - 1) / (count - 1)
  return Array.from({ length: count }, (_, i) => list[Math.round(i * step)]!)
}

interface WordStats {
  /** Words with the number of records they occur in, most frequent first. */
  byFrequency: Array<[word: string, records: number]>
  /** Every token of the material, to tell whether a typo is still a real word's prefix. */
  vocabulary: string[]
  titleWords: Array<[word: string, records: number]>
}

/** Every token of a text (`tokenize()` keeps only the first few). */
const allTokens = (text: string) => normalizeText(text).match(/[\p{L}\p{N}]+/gu) ?? []

function wordStats(records: CbsRecord[], extraText: string[]): WordStats {
  const frequency = new Map<string, number>()
  const titleFrequency = new Map<string, number>()
  const vocabulary = new Set<string>()
  const count = (map: Map<string, number>, tokens: string[]) => {
    for (const token of new Set(tokens)) map.set(token, (map.get(token) ?? 0) + 1)
  }
  for (const record of records) {
    const tokens = allTokens(`${record.title} ${record.description}`)
    count(frequency, tokens)
    count(titleFrequency, allTokens(record.title))
    for (const token of tokens) vocabulary.add(token)
  }
  for (const token of extraText.flatMap(allTokens)) vocabulary.add(token)
  const sorted = (map: Map<string, number>) =>
    [...map].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
  return {
    byFrequency: sorted(frequency),
    vocabulary: [...vocabulary].sort(),
    titleWords: sorted(titleFrequency),
  }
}

/** Deterministic misspellings: a dropped, swapped or doubled letter, or a vowel changed. */
function misspell(word: string, variant: number): string {
  const at = 2 + (variant % Math.max(1, word.length - 4))
  switch (variant % 4) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1)
    case 1:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
    case 2:
      return word.slice(0, at) + word[at] + word.slice(at)
    default: {
      const swap: Record<string, string> = { a: 'e', e: 'i', i: 'e', o: 'u', u: 'o' }
      const index = [...word].findIndex((c, i) => i >= at && swap[c])
      return index < 0
        ? word.slice(0, -1)
        : word.slice(0, index) + swap[word[index]!] + word.slice(index + 1)
    }
  }
}

export interface Workload {
  search: SearchCase[]
  prefixes: string[]
}

export function buildWorkload(): Workload {
  const records = readCbsRecords()
  const { thesaurus, sources } = readVocabularies()
  const themeTexts = thesaurus.flatMap((entry) => [entry.term, ...entry.synonyms, ...entry.related])
  const stats = wordStats(records, [
    ...themeTexts,
    'gemeente gemeenten bevolking voorbeeldstad cijfers uitgesplitst omliggende vergelijking',
  ])
  const candidates = stats.byFrequency.filter(([w]) => isWord(w) && w.length >= MIN_WORD)
  const n = records.length

  const cases: SearchCase[] = []
  const seen = new Set<string>()
  const add = (kind: QueryKind, query: string, filters: Filters = {}) => {
    const path = searchPath(query, filters)
    if (seen.has(path)) return
    seen.add(path)
    cases.push({ kind, query, filters, path, label: describe(query, filters) })
  }

  // Browsing without text: every document, with all aggregations.
  add('browse', '')
  add('browse', '', { sort: 'date' })

  // Broad: the words put into most documents, and the most frequent words of the records.
  for (const word of ['gemeente', 'bevolking', 'gemeenten', 'Bevolking', 'GEMEENTE']) {
    add('broad', word)
  }
  for (const [word] of candidates.slice(0, 10)) add('broad', word)

  // Medium: in roughly 1-6% of the records.
  const medium = candidates.filter(([, c]) => c >= n * 0.01 && c <= n * 0.06).map(([w]) => w)
  for (const word of spread(medium, 45)) add('medium', word)

  // Selective: words of one record only (so in a few dozen synthetic documents).
  const rare = candidates
    .filter(([w, c]) => c === 1 && w.length >= 7)
    .map(([w]) => w)
    .sort()
  const selective = spread(rare, 45)
  for (const word of selective) add('selective', word)

  // Multi-word: adjacent title words (phrases), triples, and broad + medium combinations.
  const pairs: string[] = []
  const triples: string[] = []
  for (const record of spread(records, 80)) {
    // Words of one title fragment, which the synthetic titles keep together.
    const fragment = record.title.split(/[;,]/)[0]!
    const words = tokenize(fragment).filter((w) => isWord(w) && w.length >= 4)
    if (words.length >= 2) pairs.push(`${words[0]} ${words[1]}`)
    if (words.length >= 3) triples.push(words.slice(-3).join(' '))
  }
  for (const query of spread(pairs, 15)) add('multi-word', query)
  for (const query of spread(triples, 8)) add('multi-word', query)
  for (const word of spread(medium, 6)) add('multi-word', `gemeente ${word}`)
  for (const word of spread(medium.slice(1), 6)) add('multi-word', `bevolking ${word}`)
  add('multi-word', 'gemeente bevolking')
  add('multi-word', `${selective[3]} ${selective[40]}`)

  // Typos: misspelled frequent words no catalogue word starts with.
  const isPrefixOfWord = (typo: string) => stats.vocabulary.some((word) => word.startsWith(typo))
  const typos = ['bevolkng', 'gemeete', 'gemeentte', 'huishoudns', 'inkommen']
  let variant = 0
  for (const [word] of candidates.filter(([w]) => w.length >= 7).slice(0, 60)) {
    if (typos.length >= 24) break
    const typo = misspell(word, variant++)
    if (typo !== word && !isPrefixOfWord(typo)) typos.push(typo)
  }
  for (const typo of typos) add('typo', typo)

  // Synonyms and theme names of the thesaurus.
  for (const entry of thesaurus) {
    for (const synonym of entry.synonyms.slice(0, 2)) add('synonym', synonym)
  }
  add('synonym', 'rijwiel')
  add('synonym', 'openbaar vervoer')
  add('synonym', 'Werk en inkomen')
  add('synonym', 'Zorg en welzijn')

  // Filters, sorting and paging, with and without text.
  const cbs = sources.find((name) => name.includes('CBS')) ?? sources[0]!
  const someMedium = spread(medium, 8)
  const m = (i: number) => someMedium[i % someMedium.length]!
  add('filtered', 'gemeente', { categoryType: 'Dataset' })
  add('filtered', 'bevolking', { categoryType: 'Dataset' })
  add('filtered', m(0), { categoryType: 'Dataset' })
  add('filtered', m(1), { categoryType: ['Rapport', 'Kaart'] })
  add('filtered', 'gemeente', { tags: 'Bevolking' })
  add('filtered', 'bevolking', { tags: 'Wonen' })
  add('filtered', m(2), { tags: ['Economie', 'Werk en inkomen'] })
  add('filtered', 'gemeente', { tags: 'Geen thema' })
  add('filtered', 'bevolking', { source: cbs })
  add('filtered', m(3), { source: 'Onderzoek en Statistiek' })
  add('filtered', 'gemeente', { sort: 'date' })
  add('filtered', 'bevolking', { sort: 'date' })
  add('filtered', m(4), { sort: 'date' })
  add('filtered', selective[10]!, { sort: 'date' })
  add('filtered', 'gemeente', { sort: 'rating' })
  add('filtered', m(5), { sort: 'rating' })
  add('filtered', 'bevolking', { minRating: '4' })
  add('filtered', 'gemeente', { dateFrom: '2020-01-01' })
  add('filtered', 'bevolking', { dateFrom: '2010-01-01', dateTo: '2012-12-31' })
  add('filtered', m(6), { dateFrom: '2015-01-01', dateTo: '2025-12-31' })
  add('filtered', 'gemeente', { offset: '2' })
  add('filtered', 'gemeente', { offset: '5' })
  add('filtered', 'bevolking', { offset: '100' })
  add('filtered', 'gemeente', { pageSize: '50' })
  add('filtered', 'rijwiel', { sort: 'date' })
  add('filtered', 'bevolkng', { categoryType: 'Dataset' })
  add('filtered', 'gemeente', { categoryType: 'Dataset', tags: 'Bevolking', sort: 'date' })
  add('filtered', m(7), { categoryType: 'Dataset', source: cbs, minRating: '3' })
  add('filtered', '', { categoryType: 'Kaart' })
  add('filtered', '', { tags: 'Fiets' })
  add('filtered', '', { tags: 'Geen thema', sort: 'date' })
  add('filtered', '', { source: cbs, sort: 'rating' })
  add('filtered', '', { dateFrom: '2024-01-01' })
  add('filtered', '', { minRating: '5' })
  add('filtered', '', { offset: '20' })

  // Suggestion prefixes (2-6 characters).
  const prefixes = new Set<string>()
  for (const entry of thesaurus) {
    const word = tokenize(entry.term)[0]!
    for (const length of [2, 3, 4]) prefixes.add(word.slice(0, length))
  }
  const titleWords = stats.titleWords.filter(([w]) => isWord(w) && w.length >= 6).map(([w]) => w)
  spread(titleWords.slice(0, 300), 70).forEach((word, i) =>
    prefixes.add(word.slice(0, 2 + (i % 5))),
  )
  spread(rare, 15).forEach((word, i) => prefixes.add(word.slice(0, 4 + (i % 3))))
  for (const text of [
    'Gemee',
    'BEVOL',
    'Één',
    'café',
    'qx',
    'zzq',
    'xyzzy',
    'qwerty',
    '2015',
    '19',
  ]) {
    prefixes.add(text)
  }

  return { search: cases, prefixes: [...prefixes].filter((p) => p.length >= 2 && p.length <= 6) }
}

export const completePath = (prefix: string) =>
  `${API_PREFIX.public}/complete/${encodeURIComponent(prefix)}`

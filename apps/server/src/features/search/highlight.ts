import { escapeHtml } from '../../shared/html.ts'
import { normalizeText } from '../../shared/text.ts'
import {
  loadCompoundSplitter,
  type CompoundPart,
  type CompoundSplitter,
} from '../documents/index.ts'

/**
 * Highlighting without trusting document text: PostgreSQL marks matches with two
 * private-use characters, the whole text is HTML-escaped, and only then do the
 * markers become `<mark>` elements. Markers already in a document are removed first.
 */
export const MARK_START = '\uE000'
export const MARK_END = '\uE001'

export const HEADLINE_OPTIONS_SQL = `'StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=25, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "'`

/** SQL expression that strips the markers from a text column before ts_headline sees it. */
export const withoutMarkers = (expression: string) =>
  `translate(${expression}, '${MARK_START}${MARK_END}', '')`

export function markedToHtml(marked: string): string {
  return escapeHtml(marked)
    .replaceAll(MARK_START, '<mark>')
    .replaceAll(MARK_END, '</mark>')
    .replace(/<mark>(\s*)<\/mark>/g, '$1')
}

/** Shorter query words would mark a part of almost any compound. */
const MIN_PART_QUERY = 3

/**
 * Roughly what the Dutch stemmer does to the end of a word (`fietsen` and `fiets` both lose
 * their plural), so a part is marked for the query words that the search matched it with:
 * the part's stem starts with the query word's stem, as a prefix query matches.
 */
const withoutEnding = (word: string) => (word.length > 4 ? word.replace(/(?:en|s)$/u, '') : word)

/** Characters seen often enough to keep: letters of the texts on result pages. */
const MAX_KEPT_CHARACTERS = 10_000
const normalizedCharacters = new Map<string, string>()

/** `normalizeText` of one character, kept: every word of every result page passes here. */
function normalizeCharacter(character: string) {
  let normalized = normalizedCharacters.get(character)
  if (normalized === undefined) {
    normalized = normalizeText(character)
    if (normalizedCharacters.size < MAX_KEPT_CHARACTERS) {
      normalizedCharacters.set(character, normalized)
    }
  }
  return normalized
}

/** A word as search sees it. */
function normalizedWord(word: string) {
  let text = ''
  for (const character of word) text += normalizeCharacter(character)
  return text
}

/** Where each letter of `normalizedWord(word)` is in the word itself. */
function letterOffsets(word: string) {
  const starts: number[] = []
  const ends: number[] = []
  let at = 0
  for (const character of word) {
    for (let n = normalizeCharacter(character).length; n > 0; n--) {
      starts.push(at)
      ends.push(at + character.length)
    }
    at += character.length
  }
  return { starts, ends }
}

/** A part of a written word, with its stem: it is marked when that starts with a query word's. */
interface StemmedPart extends CompoundPart {
  stem: string
}

/** Words seen often enough to keep their parts: the words of result pages repeat. */
const MAX_KEPT_WORDS = 50_000
const partsByWord = new WeakMap<CompoundSplitter, Map<string, readonly StemmedPart[]>>()

/** The compound parts of a word as written (none for most words), kept per splitter. */
function writtenParts(word: string, splitter: CompoundSplitter): readonly StemmedPart[] {
  let kept = partsByWord.get(splitter)
  if (!kept) partsByWord.set(splitter, (kept = new Map()))
  let parts = kept.get(word)
  if (parts === undefined) {
    parts = splitter
      .split(normalizedWord(word))
      .map((part) => ({ ...part, stem: withoutEnding(part.term) }))
    if (kept.size >= MAX_KEPT_WORDS) kept.clear()
    kept.set(word, parts)
  }
  return parts
}

/** The markers, and the words between them. */
const MARKS_AND_WORDS = /[\uE000\uE001]|[\p{L}\p{M}]+/gu

/**
 * Marks the part of a compound a query word matched, inside text `ts_headline` has already
 * marked: `financien` finds `Overheidsfinanciën` through its part (search-index.ts), and
 * the headline, which knows whole words only, leaves it unmarked; now `financiën` is.
 * Text inside marks stays as it is; the result goes through `markedToHtml` as any other.
 * Every word of a result page passes here, and few are a compound with a part asked for:
 * the text is copied only around the parts it marks.
 */
export function markCompoundParts(
  marked: string,
  queryWords: readonly string[],
  splitter: CompoundSplitter,
): string {
  const stems = queryWords
    .filter((word) => word.length >= MIN_PART_QUERY)
    .map((word) => withoutEnding(word))
  if (stems.length === 0) return marked
  let insideMark = false
  let result = ''
  let copied = 0
  for (const { 0: token, index } of marked.matchAll(MARKS_AND_WORDS)) {
    if (token === MARK_START || token === MARK_END) {
      insideMark = token === MARK_START
      continue
    }
    if (insideMark) continue
    const parts = writtenParts(token, splitter)
    // Most words of a page are no compound, or none of their parts was asked for.
    if (parts.length === 0) continue
    const matched = parts.filter((part) => stems.some((stem) => part.stem.startsWith(stem)))
    if (matched.length === 0) continue
    const word = letterOffsets(token)
    result += marked.slice(copied, index)
    let inWord = 0
    for (const part of matched) {
      const start = word.starts[part.start]!
      const end = word.ends[part.end - 1]!
      result += `${token.slice(inWord, start)}${MARK_START}${token.slice(start, end)}${MARK_END}`
      inWord = end
    }
    result += token.slice(inWord)
    copied = index + token.length
  }
  return copied === 0 ? marked : result + marked.slice(copied)
}

/** `markCompoundParts` over the highlighted title and snippet of each row. */
export async function markRowCompoundParts<
  Row extends { title_marked: string | null; snippet_marked: string | null },
>(rows: Row[], queryWords: readonly string[]): Promise<Row[]> {
  const splitter = await loadCompoundSplitter()
  const mark = (text: string | null) => text && markCompoundParts(text, queryWords, splitter)
  return rows.map((row) => ({
    ...row,
    title_marked: mark(row.title_marked),
    snippet_marked: mark(row.snippet_marked),
  }))
}

/** A plain excerpt when there is nothing to highlight. */
export function excerpt(text: string, maxLength = 240): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= maxLength) return escapeHtml(clean)
  const cut = clean.slice(0, maxLength)
  const lastSpace = cut.lastIndexOf(' ')
  return `${escapeHtml(cut.slice(0, lastSpace > maxLength / 2 ? lastSpace : maxLength))} …`
}

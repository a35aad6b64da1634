import { firstNotBelow, lowerBound } from './sorted.ts'

/**
 * The titles of the published entries in memory, for the search bar's suggestions
 * (`complete.ts`): the same titles, in the same order, as its SQL gives.
 *
 * Titles are compared as `portal_normalize(title)` read from the database, so no
 * normalisation here can differ from PostgreSQL's. Order is the byte order of `~<~`: JS's
 * `<` compares UTF-16 units, which is the UTF-8 byte (code point) order except between an
 * astral character (an emoji, say) and one of U+E000 to U+FFFF, which titles hardly hold;
 * there the order of the two may differ from the SQL's, never which titles are found.
 */

/** A published entry's title: as shown, and as `portal_normalize` gives it (what is matched). */
export interface EntryTitle {
  shown: string
  normalized: string
}

/**
 * PostgreSQL's regex word characters (`\m`, `\w`) on the databases' libc `C.UTF-8` ctype,
 * PGlite's and the server's alike: glibc's alphanumerics, which are Unicode's alphabetic
 * characters and decimal digits, and the underscore (`complete.test.ts` compares).
 */
const WORD_CHAR = /[\p{Alphabetic}\p{Nd}_]/u

/** Most titles are ASCII once normalized: those characters without the regex. */
const isWordChar = (code: number) =>
  code < 0x80
    ? (code >= 0x61 && code <= 0x7a) ||
      (code >= 0x30 && code <= 0x39) ||
      code === 0x5f ||
      (code >= 0x41 && code <= 0x5a)
    : WORD_CHAR.test(String.fromCodePoint(code))

/** Where the run of word characters from `start` ends (`start` itself if none). */
function wordEnd(text: string, start: number) {
  let at = start
  while (at < text.length) {
    const code = text.codePointAt(at)!
    if (!isWordChar(code)) break
    at += code > 0xffff ? 2 : 1
  }
  return at
}

/** The words of `text`: its maximal runs of word characters, in order, repeated ones too. */
function wordsOf(text: string): string[] {
  const words: string[] = []
  let at = 0
  while (at < text.length) {
    const end = wordEnd(text, at)
    if (end > at) {
      words.push(text.slice(at, end))
      at = end
    } else {
      at += text.codePointAt(at)! > 0xffff ? 2 : 1
    }
  }
  return words
}

const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * Every published title by ordinal (the `EntryIndex`'s), sorted by its normalized form, and
 * its distinct words, sorted, each with the ordinals of the titles holding it. Titles are
 * added as entries arrive and merged into the sorted structures by `sortNew`: a catch-up of
 * a few documents sorts those few, not every title. Changed and removed documents' old
 * ordinals stay in the structures; the caller's `live` flags leave them out (and past a
 * quarter dead the whole index is built afresh, `followed-index.ts`).
 */
export class TitleIndex {
  /** By ordinal; null where the entry is not published (its title is not kept). */
  private readonly shown: Array<string | null> = []
  private readonly normalized: Array<string | null> = []
  /** Ordinals below this are in the sorted structures. */
  private sorted = 0
  /** Published ordinals by normalized title, then as shown, then ordinal. */
  private byTitle: Int32Array = new Int32Array(0)
  private words: string[] = []
  /** Per word, the ordinals of the titles holding it, ascending. */
  private readonly holders = new Map<string, number[]>()

  /** The title of the next ordinal; null: not published. */
  add(title: EntryTitle | null) {
    this.shown.push(title?.shown ?? null)
    this.normalized.push(title?.normalized ?? null)
  }

  /**
   * Distinct titles (as shown) of live entries whose normalized form starts with `prefix`,
   * in byte order of the normalized form, up to `limit`, none of `taken`; each found is
   * added to `taken`.
   */
  startingWith(prefix: string, live: Uint8Array, taken: Set<string>, limit: number): string[] {
    this.sortNew()
    const found: string[] = []
    const byTitle = this.byTitle
    for (let i = this.firstAtLeast(prefix); i < byTitle.length && found.length < limit; i++) {
      const ordinal = byTitle[i]!
      if (!this.normalized[ordinal]!.startsWith(prefix)) break
      const shown = this.shown[ordinal]!
      if (live[ordinal] === 0 || taken.has(shown)) continue
      found.push(shown)
      taken.add(shown)
    }
    return found
  }

  /**
   * Distinct titles (as shown) of live entries where a word starts with `prefix` (SQL's
   * `~ ('\m' || prefix)`), shortest first and then in byte order, up to `limit`, none of
   * `taken`; each found is added to `taken`. Only the titles of the words that can match
   * are visited.
   */
  withWordStartingWith(
    prefix: string,
    live: Uint8Array,
    taken: Set<string>,
    limit: number,
  ): string[] {
    this.sortNew()
    // A match starts a word with the prefix's first run of word characters; if more follows
    // (a space), that run is the whole word and the rest is checked in the title itself.
    const first = prefix.slice(0, wordEnd(prefix, 0))
    if (first === '' || limit <= 0) return []
    const whole = first.length === prefix.length
    const best = new ShortestTitles(limit, taken)
    for (let w = lowerBound(this.words, first); w < this.words.length; w++) {
      const word = this.words[w]!
      if (!word.startsWith(first) || (!whole && word !== first)) break
      for (const ordinal of this.holders.get(word)!) {
        const shown = this.shown[ordinal]!
        if (live[ordinal] === 0 || !best.wouldTake(shown)) continue
        if (whole || hasWordStartingWith(this.normalized[ordinal]!, prefix)) best.add(shown)
      }
    }
    const found = best.titles()
    for (const title of found) taken.add(title)
    return found
  }

  /** Merges the titles added since the last call into the sorted structures. */
  sortNew() {
    const end = this.shown.length
    if (this.sorted === end) return
    const added: number[] = []
    const newWords = new Set<string>()
    for (let ordinal = this.sorted; ordinal < end; ordinal++) {
      const normalized = this.normalized[ordinal]
      if (normalized === null || normalized === undefined) continue
      added.push(ordinal)
      for (const word of wordsOf(normalized)) {
        const holders = this.holders.get(word)
        if (!holders) {
          this.holders.set(word, [ordinal])
          newWords.add(word)
        } else if (holders[holders.length - 1] !== ordinal) {
          // Once per title, also for a word it repeats.
          holders.push(ordinal)
        }
      }
    }
    this.sorted = end
    added.sort(this.compareTitles)
    this.byTitle = mergeOrdinals(this.byTitle, added, this.compareTitles)
    this.words = mergeWords(this.words, [...newWords].sort(byBytes))
  }

  private readonly compareTitles = (a: number, b: number) =>
    byBytes(this.normalized[a]!, this.normalized[b]!) ||
    byBytes(this.shown[a]!, this.shown[b]!) ||
    a - b

  /** The first position in `byTitle` whose normalized title is not below `text`. */
  private firstAtLeast(text: string) {
    const byTitle = this.byTitle
    return firstNotBelow(0, byTitle.length, (i) => this.normalized[byTitle[i]!]! < text)
  }
}

/** `sorted` with `added` (sorted by the same order) merged in: a copy, runs copied whole. */
function mergeOrdinals(
  sorted: Int32Array,
  added: readonly number[],
  compare: (a: number, b: number) => number,
): Int32Array {
  if (added.length === 0) return sorted
  const merged = new Int32Array(sorted.length + added.length)
  let from = 0
  let to = 0
  for (const ordinal of added) {
    const low = firstNotBelow(from, sorted.length, (i) => compare(sorted[i]!, ordinal) < 0)
    merged.set(sorted.subarray(from, low), to)
    to += low - from
    merged[to++] = ordinal
    from = low
  }
  merged.set(sorted.subarray(from), to)
  return merged
}

/** Two sorted lists of distinct words as one. */
function mergeWords(sorted: string[], added: readonly string[]): string[] {
  if (added.length === 0) return sorted
  const merged: string[] = new Array<string>(sorted.length + added.length)
  let i = 0
  let j = 0
  let to = 0
  while (j < added.length) {
    const next = lowerBound(sorted, added[j]!, i)
    while (i < next) merged[to++] = sorted[i++]!
    merged[to++] = added[j++]!
  }
  while (i < sorted.length) merged[to++] = sorted[i++]!
  return merged
}

/** Whether `prefix` occurs in `text` at the start of a word (regex `\m`). */
function hasWordStartingWith(text: string, prefix: string) {
  for (let at = text.indexOf(prefix); at >= 0; at = text.indexOf(prefix, at + 1)) {
    if (at === 0) return true
    const before = text.codePointAt(at - 1)!
    // The unit before may be the second half of an astral character.
    const character =
      before >= 0xdc00 && before <= 0xdfff && at >= 2 ? text.codePointAt(at - 2)! : before
    if (!isWordChar(character)) return true
  }
  return false
}

/**
 * The first `limit` distinct titles by length, then byte order (how the SQL sorts them), of
 * those offered, none of `taken`.
 */
class ShortestTitles {
  private readonly best: string[] = []

  constructor(
    private readonly limit: number,
    private readonly taken: ReadonlySet<string>,
  ) {}

  /** Whether `title` would be among them now: a cheap test before a costlier one. */
  wouldTake(title: string) {
    const best = this.best
    const full = best.length === this.limit
    return !(full && compareShortest(title, best[best.length - 1]!) >= 0) && !this.taken.has(title)
  }

  add(title: string) {
    const best = this.best
    let at = best.length
    while (at > 0 && compareShortest(title, best[at - 1]!) <= 0) at--
    if (best[at] === title) return
    best.splice(at, 0, title)
    if (best.length > this.limit) best.pop()
  }

  titles(): string[] {
    return this.best
  }
}

const compareShortest = (a: string, b: string) => a.length - b.length || byBytes(a, b)

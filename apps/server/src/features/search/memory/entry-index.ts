import type { PostingList, PostingSource } from './postings.ts'
import { TitleIndex, type EntryTitle } from './titles.ts'
import { lowerBound } from './sorted.ts'

/** One search entry as the index keeps it (`search_entries`, its vector already parsed). */
export interface IndexedEntry {
  id: string
  public: boolean
  kindId: number
  themeSetId: number
  /** `document_date` as the number yyyymmdd. */
  date: number
  /** `rating_avg`, or null when not rated. */
  ratingAvg: number | null
  ratingCount: number
  lexemes: ReadonlyArray<{ lexeme: string; positions: readonly number[] }>
  /** Its title when published (for suggestions); null otherwise. */
  title: EntryTitle | null
}

/** A typed array that grows: appending is amortised O(1). */
class Growable<T extends Int32Array | Uint16Array | Float64Array | Uint8Array> {
  length = 0
  constructor(
    public items: T,
    private readonly make: (capacity: number) => T,
  ) {}

  push(value: number) {
    if (this.length === this.items.length) {
      const bigger = this.make(Math.max(8, this.items.length * 2))
      bigger.set(this.items)
      this.items = bigger
    }
    this.items[this.length++] = value
  }
}

const int32s = (capacity: number) => new Int32Array(capacity)
const uint16s = (capacity: number) => new Uint16Array(capacity)

/** One lexeme's documents and positions, appended to as documents arrive. */
class GrowingList implements PostingList {
  private readonly docList = new Growable(new Int32Array(4), int32s)
  private readonly startList = new Growable(new Int32Array(5), int32s)
  private readonly positionList = new Growable(new Uint16Array(4), uint16s)

  constructor(readonly lexeme: string) {
    this.startList.push(0)
  }

  get length() {
    return this.docList.length
  }
  get docs() {
    return this.docList.items
  }
  get starts() {
    return this.startList.items
  }
  get positions() {
    return this.positionList.items
  }

  add(ordinal: number, positions: readonly number[]) {
    this.docList.push(ordinal)
    for (const position of positions) this.positionList.push(position)
    this.startList.push(this.positionList.length)
  }
}

/** Byte order of `tsvector` lexemes (memcmp, shorter first): UTF-16 order outside the astral planes. */
const byLexeme = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The search entries of one node, in memory: per lexeme the documents holding it (with
 * positions, for phrases and the rank), and per document what the counts and the order
 * read. A document added again (changed) gets a new ordinal; its old one is dead and is
 * left out of every answer, so appending keeps every list in ascending order.
 */
export class EntryIndex implements PostingSource {
  private readonly lists = new Map<string, GrowingList>()
  private sortedLexemes: string[] = []
  private lexemesSorted = true
  private readonly ordinalOf = new Map<string, number>()

  readonly ids: string[] = []
  private readonly liveList = new Growable(new Uint8Array(64), (n) => new Uint8Array(n))
  private readonly publicList = new Growable(new Uint8Array(64), (n) => new Uint8Array(n))
  private readonly kindList = new Growable(new Int32Array(64), int32s)
  private readonly themeSetList = new Growable(new Int32Array(64), int32s)
  private readonly dateList = new Growable(new Int32Array(64), int32s)
  private readonly ratingList = new Growable(new Float64Array(64), (n) => new Float64Array(n))
  private readonly ratingCountList = new Growable(new Int32Array(64), int32s)
  private dead = 0
  /** The published titles, by the same ordinals (suggestions, `complete.ts`). */
  readonly titles = new TitleIndex()

  get ordinals() {
    return this.ids.length
  }
  /** Ordinals of documents removed or changed since: their slots are wasted. */
  get deadOrdinals() {
    return this.dead
  }
  get live() {
    return this.liveList.items
  }
  get isPublic() {
    return this.publicList.items
  }
  get kind() {
    return this.kindList.items
  }
  get themeSet() {
    return this.themeSetList.items
  }
  get date() {
    return this.dateList.items
  }
  /** NaN: not rated. */
  get ratingAvg() {
    return this.ratingList.items
  }
  get ratingCount() {
    return this.ratingCountList.items
  }

  /** Adds the entry, replacing the one of the same document if there is one. */
  put(entry: IndexedEntry) {
    this.remove(entry.id)
    const ordinal = this.ids.length
    this.ids.push(entry.id)
    this.ordinalOf.set(entry.id, ordinal)
    this.liveList.push(1)
    this.publicList.push(entry.public ? 1 : 0)
    this.kindList.push(entry.kindId)
    this.themeSetList.push(entry.themeSetId)
    this.dateList.push(entry.date)
    this.ratingList.push(entry.ratingAvg ?? Number.NaN)
    this.ratingCountList.push(entry.ratingCount)
    this.titles.add(entry.title)
    for (const { lexeme, positions } of entry.lexemes) {
      let list = this.lists.get(lexeme)
      if (!list) {
        list = new GrowingList(lexeme)
        this.lists.set(lexeme, list)
        this.sortedLexemes.push(lexeme)
        this.lexemesSorted = false
      }
      list.add(ordinal, positions)
    }
  }

  remove(id: string) {
    const ordinal = this.ordinalOf.get(id)
    if (ordinal === undefined) return
    this.ordinalOf.delete(id)
    this.liveList.items[ordinal] = 0
    this.dead++
  }

  lookup(text: string, prefix: boolean): readonly PostingList[] {
    if (!prefix) {
      const list = this.lists.get(text)
      return list ? [list] : []
    }
    const lexemes = this.lexemes()
    const found: PostingList[] = []
    for (let i = lowerBound(lexemes, text); i < lexemes.length; i++) {
      if (!lexemes[i]!.startsWith(text)) break
      found.push(this.lists.get(lexemes[i]!)!)
    }
    return found
  }

  private lexemes() {
    if (!this.lexemesSorted) {
      this.sortedLexemes.sort(byLexeme)
      this.lexemesSorted = true
    }
    return this.sortedLexemes
  }
}

import type { PostingList } from './postings.ts'
import { scratchInt32 } from './scratch.ts'

/**
 * Finding, for a set of documents, where each one is in posting lists: by merging ascending
 * lists (galloping over the longer one), never by a lookup per document.
 */

/** Pairs of matched indexes: `docIndex[i]` in the documents, `entry[i]` in the list. */
export interface Matches {
  readonly count: number
  readonly docIndex: Int32Array
  readonly entry: Int32Array
}

/** The first index from `from` where `values[index] >= target`, searching up to `end`. */
function gallop(values: Int32Array, from: number, end: number, target: number): number {
  let low = from
  let step = 1
  let high = from
  while (high < end && values[high]! < target) {
    low = high + 1
    high += step
    step <<= 1
  }
  if (high > end) high = end
  while (low < high) {
    const middle = (low + high) >>> 1
    if (values[middle]! < target) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * The documents among the first `count` of `docs` (ascending) that `list` holds, with
 * their entry in the list. Walks the shorter of the two and gallops in the longer, so a
 * short list costs little against many documents and the other way around.
 */
export function intersect(list: PostingList, docs: Int32Array, count: number): Matches {
  const size = Math.min(list.length, count)
  const docIndex = scratchInt32(size)
  const entry = scratchInt32(size)
  const listDocs = list.docs
  let found = 0
  if (list.length <= count) {
    let d = 0
    for (let e = 0; e < list.length && d < count; e++) {
      d = gallop(docs, d, count, listDocs[e]!)
      if (d < count && docs[d] === listDocs[e]) {
        docIndex[found] = d
        entry[found++] = e
        d++
      }
    }
  } else {
    let e = 0
    for (let d = 0; d < count && e < list.length; d++) {
      e = gallop(listDocs, e, list.length, docs[d]!)
      if (e < list.length && listDocs[e] === docs[d]) {
        docIndex[found] = d
        entry[found++] = e
        e++
      }
    }
  }
  return { count: found, docIndex, entry }
}

/**
 * For each of `count` documents, the entries the lists hold for it, in list order (the
 * lexeme order of a `tsvector`): those of document `d` are `list[i]`/`entry[i]` for `i`
 * from `start[d]` to `start[d + 1]` (exclusive).
 */
export interface Gathered {
  readonly start: Int32Array
  readonly list: Int32Array
  readonly entry: Int32Array
}

export function gather(lists: readonly PostingList[], docs: Int32Array, count: number): Gathered {
  const perList = lists.map((list) => intersect(list, docs, count))
  const start = scratchInt32(count + 1)
  let total = 0
  for (const matches of perList) {
    total += matches.count
    for (let i = 0; i < matches.count; i++) {
      const slot = matches.docIndex[i]! + 1
      start[slot] = start[slot]! + 1
    }
  }
  for (let d = 0; d < count; d++) start[d + 1] = start[d + 1]! + start[d]!
  const fill = scratchInt32(count)
  fill.set(start.subarray(0, count))
  const list = scratchInt32(total)
  const entry = scratchInt32(total)
  perList.forEach((matches, listIndex) => {
    for (let i = 0; i < matches.count; i++) {
      const doc = matches.docIndex[i]!
      const at = fill[doc]!
      fill[doc] = at + 1
      list[at] = listIndex
      entry[at] = matches.entry[i]!
    }
  })
  return { start, list, entry }
}

/** Up to this many lists are walked with a cursor each; more are gathered up front. */
const MAX_CURSORS = 4

/**
 * The entries lists hold for documents asked for one after the other, ascending: `at(d)`
 * for the d-th of the documents puts them, in list order, in `list` and `entry` and says
 * how many. A few lists (one for a plain lexeme) are walked along with cursors, allocating
 * nothing per query; a prefix's many lists are gathered once, which costs their length
 * rather than their number per document.
 */
export class EntryWalk {
  readonly list: Int32Array
  readonly entry: Int32Array
  private readonly cursors: Int32Array | null
  private readonly gathered: Gathered | null

  constructor(
    private readonly lists: readonly PostingList[],
    private readonly docs: Int32Array,
    count: number,
  ) {
    this.list = new Int32Array(lists.length)
    this.entry = new Int32Array(lists.length)
    const walk = lists.length <= MAX_CURSORS
    this.cursors = walk ? new Int32Array(lists.length) : null
    this.gathered = walk ? null : gather(lists, docs, count)
  }

  at(doc: number): number {
    if (this.gathered) {
      const { start, list, entry } = this.gathered
      const from = start[doc]!
      const found = start[doc + 1]! - from
      for (let i = 0; i < found; i++) {
        this.list[i] = list[from + i]!
        this.entry[i] = entry[from + i]!
      }
      return found
    }
    const cursors = this.cursors!
    const ordinal = this.docs[doc]!
    let found = 0
    for (let l = 0; l < this.lists.length; l++) {
      const list = this.lists[l]!
      const at = gallop(list.docs, cursors[l]!, list.length, ordinal)
      cursors[l] = at
      if (at < list.length && list.docs[at] === ordinal) {
        this.list[found] = l
        this.entry[found++] = at
      }
    }
    return found
  }
}

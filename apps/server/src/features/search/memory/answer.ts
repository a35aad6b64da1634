import { NO_VALUE_BUCKET, type Bucket, type SearchQuery } from '@dataportaal/contract'
import type { Counts, KindRow, PeriodRow, SearchFilters } from '../service.ts'
import type { IndexSnapshot } from './followed-index.ts'
import { scratchInt32 } from './scratch.ts'

/** The theme filter values that select documents without a theme (SQL and memory alike). */
export const NO_THEME_VALUES = new Set<string>([NO_VALUE_BUCKET.tags, NO_VALUE_BUCKET.themes])

/** 'YYYY-MM-DD' as the number yyyymmdd, as the index keeps dates. */
const dateNumber = (date: string) => Number(date.slice(0, 10).replaceAll('-', ''))

/** Which ids of a small table pass a condition, as flags indexed by id (null: all pass). */
function allowedIds<T>(
  rows: ReadonlyMap<number, T>,
  active: boolean,
  passes: (row: T) => boolean,
): Uint8Array | null {
  if (!active) return null
  let highest = 0
  for (const id of rows.keys()) highest = Math.max(highest, id)
  const allowed = new Uint8Array(highest + 1)
  for (const [id, row] of rows) if (passes(row)) allowed[id] = 1
  return allowed
}

/**
 * The published documents a visitor's search finds: those `matched` marks (every one when
 * null) that pass the filters, by ordinal, ascending. The same conditions as
 * `whereClause` in service.ts, on the index's columns.
 */
export function selectPublished(
  snapshot: IndexSnapshot,
  input: SearchFilters,
  matched: Uint8Array | null,
): Int32Array {
  const { index } = snapshot
  const kinds = allowedIds(
    snapshot.kinds,
    Boolean(input.categoryType?.length || input.source?.length || input.wooCategory?.length),
    (kind) =>
      (!input.categoryType?.length || input.categoryType.includes(kind.contentType)) &&
      (!input.source?.length || input.source.includes(kind.source)) &&
      (!input.wooCategory?.length ||
        (kind.wooCategory !== null && input.wooCategory.includes(kind.wooCategory))),
  )
  const tags = input.tags ?? []
  const wantsNone = tags.some((tag) => NO_THEME_VALUES.has(tag))
  const sets = allowedIds(snapshot.themeSets, tags.length > 0, (names) =>
    names.length === 0 ? wantsNone : names.some((name) => tags.includes(name)),
  )
  const minRating = input.minRating ?? null
  const from = input.dateFrom ? dateNumber(input.dateFrom) : null
  const to = input.dateTo ? dateNumber(input.dateTo) : null
  const { live, isPublic, kind, themeSet, date, ratingAvg } = index
  const found = scratchInt32(index.ordinals)
  let n = 0
  for (let o = 0; o < index.ordinals; o++) {
    if (!live[o] || !isPublic[o] || (matched && !matched[o])) continue
    if (kinds && !kinds[kind[o]!]) continue
    if (sets && !sets[themeSet[o]!]) continue
    if (minRating !== null && !(ratingAvg[o]! >= minRating)) continue
    if (from !== null && date[o]! < from) continue
    if (to !== null && date[o]! > to) continue
    found[n++] = o
  }
  return found.subarray(0, n)
}

/** Tallies per small integer key, in a typed array that grows to the largest key. */
class Tally {
  private counts = new Int32Array(64)

  add(key: number) {
    if (key >= this.counts.length) {
      const bigger = new Int32Array(Math.max(key + 1, this.counts.length * 2))
      bigger.set(this.counts)
      this.counts = bigger
    }
    this.counts[key]!++
  }

  /** The keys counted at least once, with their counts. */
  *entries(): Generator<[number, number]> {
    for (let key = 0; key < this.counts.length; key++) {
      if (this.counts[key]! > 0) yield [key, this.counts[key]!]
    }
  }
}

/** Year and whole stars in one key: year * 8 + stars, 7 for not rated. */
const NOT_RATED = 7

/** The counts of the found documents: what `countsSql` computes, for visitors. */
export function countFound(snapshot: IndexSnapshot, found: Int32Array): Counts {
  const { index } = snapshot
  const perKind = new Tally()
  const perPeriod = new Tally()
  const perSet = new Tally()
  const { kind, themeSet, ratingAvg, date } = index
  for (const o of found) {
    perKind.add(kind[o]!)
    perSet.add(themeSet[o]!)
    const stars = ratingAvg[o]!
    perPeriod.add(
      Math.floor(date[o]! / 10000) * 8 + (Number.isNaN(stars) ? NOT_RATED : Math.floor(stars)),
    )
  }
  const kinds: KindRow[] = [...perKind.entries()].map(([id, n]) => {
    const names = snapshot.kinds.get(id)!
    return {
      content_type: names.contentType,
      source: names.source,
      woo_category: names.wooCategory,
      n,
    }
  })
  const periods: PeriodRow[] = [...perPeriod.entries()].map(([key, n]) => ({
    year: Math.floor(key / 8),
    rating_floor: key % 8 === NOT_RATED ? null : key % 8,
    n,
  }))
  const perTheme = new Map<string, number>()
  let noTheme = 0
  for (const [id, n] of perSet.entries()) {
    const names = snapshot.themeSets.get(id)!
    if (names.length === 0) noTheme += n
    for (const name of names) perTheme.set(name, (perTheme.get(name) ?? 0) + n)
  }
  const order = (name: string) => snapshot.themeOrder.get(name) ?? Number.MAX_SAFE_INTEGER
  const themes: Bucket[] = [...perTheme]
    .map(([key, count]) => ({ key, count }))
    .sort((a, b) => b.count - a.count || order(a.key) - order(b.key))
  return { kinds, periods, themes, no_theme: noTheme, labels: null, no_label: 0 }
}

/** Whether the document at position `a` of the found ones comes before the one at `b`. */
type Before = (a: number, b: number) => boolean

/**
 * The order of `orderBy` in service.ts on the index's columns, over positions in `found`.
 * `scores` (relevance with text; per position) come first when given; the id decides
 * last, as its text does in SQL.
 */
export function pageOrder(
  snapshot: IndexSnapshot,
  sort: SearchQuery['sort'],
  scores: Float64Array | null,
  found: Int32Array,
): Before {
  const { ids, date, ratingAvg, ratingCount } = snapshot.index
  const byId = (a: number, b: number) => ids[found[a]!]! < ids[found[b]!]!
  const byDate = (a: number, b: number) => date[found[a]!]! - date[found[b]!]!
  if (sort === 'rating') {
    return (a, b) => {
      const ra = ratingAvg[found[a]!]!
      const rb = ratingAvg[found[b]!]!
      if (ra !== rb && !(Number.isNaN(ra) && Number.isNaN(rb))) {
        return Number.isNaN(rb) || ra > rb
      }
      const ca = ratingCount[found[a]!]!
      const cb = ratingCount[found[b]!]!
      return ca !== cb ? ca > cb : byId(a, b)
    }
  }
  if (sort === 'relevance' && scores) {
    return (a, b) => {
      if (scores[a] !== scores[b]) return scores[a]! > scores[b]!
      const dates = byDate(a, b)
      return dates !== 0 ? dates > 0 : byId(a, b)
    }
  }
  return (a, b) => {
    const dates = byDate(a, b)
    return dates !== 0 ? dates > 0 : byId(a, b)
  }
}

/** The positions of the first `k` of `count` found documents in the order `before`, in that order. */
export function firstInOrder(count: number, k: number, before: Before): number[] {
  // A bounded heap whose top is the last of the best k so far.
  const heap: number[] = []
  const up = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!before(heap[parent]!, heap[i]!)) break
      ;[heap[parent], heap[i]] = [heap[i]!, heap[parent]!]
      i = parent
    }
  }
  const down = (i: number) => {
    for (;;) {
      const left = 2 * i + 1
      const right = left + 1
      let last = i
      if (left < heap.length && before(heap[last]!, heap[left]!)) last = left
      if (right < heap.length && before(heap[last]!, heap[right]!)) last = right
      if (last === i) return
      ;[heap[last], heap[i]] = [heap[i]!, heap[last]!]
      i = last
    }
  }
  for (let position = 0; position < count; position++) {
    if (heap.length < k) {
      heap.push(position)
      up(heap.length - 1)
    } else if (k > 0 && before(position, heap[0]!)) {
      heap[0] = position
      down(0)
    }
  }
  return heap.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0))
}

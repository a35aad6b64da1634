import type { SearchQuery } from '@dataportaal/contract'
import type { IndexSnapshot } from './followed-index.ts'

/** Whether the document at position `a` of the found ones comes before the one at `b`. */
type Before = (a: number, b: number) => boolean

/**
 * The order of `orderBy` (sql/order.ts) on the index's columns, over positions in `found`.
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

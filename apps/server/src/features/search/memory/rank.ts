import { EntryWalk, intersect } from './gather.ts'
import { pgQsort } from './pg-qsort.ts'
import { positionOf, weightOf, type PostingList, type PostingSource } from './postings.ts'
import { scratchFloat64 } from './scratch.ts'
import { operandsInStoredOrder, type TsQuery, type TsQueryOperand } from './tsquery-ast.ts'

/**
 * `ts_rank(vector, query)` with the default weights and normalization 0, as PostgreSQL's
 * tsrank.c computes it (`calc_rank`, `calc_rank_or`, `calc_rank_and`), to the bit.
 * PostgreSQL computes in float4 with some steps in double; `Math.fround` marks every place
 * where C stores into a float, and what C does in double is done here in double.
 */

const f = Math.fround

/** `{0.1f, 0.2f, 0.4f, 1.0f}` by weight D, C, B, A (`WordPos` weight 0 to 3). */
const WEIGHTS = [f(0.1), f(0.2), f(0.4), f(1.0)] as const

/**
 * MAXENTRYPOS. In AND ranking a lexeme without positions (POSNULL) stands at position
 * MAXENTRYPOS - 1, and a zero distance to or from it counts as MAXENTRYPOS.
 */
const MAX_ENTRY_POS = 1 << 14
const POSNULL_POSITION = MAX_ENTRY_POS - 1

/** The sum of 1/i² to infinity, as tsrank.c writes it. */
const ZETA_2 = 1.64493406685

/** `word_distance`: how much two positions this far apart count (float4). */
function wordDistance(distance: number): number {
  if (distance > 100) return f(1e-30)
  return f(1.0 / (1.005 + 0.05 * Math.exp(distance / 1.5 - 2)))
}

/**
 * `sqrt(w1 * w2 * word_distance(d))` in calc_rank_and, by weight pair (w1 * 4 + w2) and
 * distance 1 to 100, index 101 for every larger one.
 */
const PAIR_WEIGHT: Float64Array = (() => {
  const table = new Float64Array(16 * 102)
  for (let a = 0; a < 4; a++) {
    for (let b = 0; b < 4; b++) {
      for (let distance = 1; distance <= 101; distance++) {
        const product = f(f(WEIGHTS[a]! * WEIGHTS[b]!) * wordDistance(distance))
        table[(a * 4 + b) * 102 + distance] = f(Math.sqrt(product))
      }
    }
  }
  return table
})()

function pairWeight(weightA: number, weightB: number, distance: number): number {
  return PAIR_WEIGHT[(weightA * 4 + weightB) * 102 + (distance > 100 ? 101 : distance)]!
}

/** tsCompareString without prefix: bytes as memcmp, then the shorter first. */
function compareBytes(a: Buffer, b: Buffer): number {
  return Buffer.compare(a, b)
}

/**
 * `SortAndUniqItems`: the query's operands sorted by lexeme and kept once per lexeme (the
 * first after PostgreSQL's unstable sort, whatever its prefix flag).
 */
function sortAndUniqItems(query: TsQuery): TsQueryOperand[] {
  const items = operandsInStoredOrder(query).map((operand) => ({
    operand,
    bytes: Buffer.from(operand.lexeme, 'utf8'),
  }))
  if (items.length < 2) return items.map((item) => item.operand)
  pgQsort(items, (a, b) => compareBytes(a.bytes, b.bytes))
  let kept = 0
  for (let i = 1; i < items.length; i++) {
    if (compareBytes(items[i]!.bytes, items[kept]!.bytes) !== 0) items[++kept] = items[i]!
  }
  return items.slice(0, kept + 1).map((item) => item.operand)
}

/**
 * The part of calc_rank_or's sum for one entry (before its division by ZETA_2): the
 * weights over the squares of their rank, the largest counted in full. No positions count
 * as one of weight D.
 */
function entryWeight(list: PostingList, entry: number): number {
  const from = list.starts[entry]!
  const to = list.starts[entry + 1]!
  if (from === to) {
    const only = WEIGHTS[0]
    return f(f(only + only) - only)
  }
  let sum = 0
  let max = -1
  let maxAt = 0
  for (let p = from; p < to; p++) {
    const weight = WEIGHTS[weightOf(list.positions[p]!)]!
    const rank = p - from + 1
    sum = f(sum + f(weight / (rank * rank)))
    if (weight > max) {
      max = weight
      maxAt = p - from
    }
  }
  return f(f(max + sum) - f(max / ((maxAt + 1) * (maxAt + 1))))
}

function rankOr(
  items: readonly TsQueryOperand[],
  source: PostingSource,
  docs: Int32Array,
  count: number,
): Float64Array {
  const ranks = scratchFloat64(count)
  // Item by item, entry by entry: the order each document's float sum is taken in.
  for (const item of items) {
    for (const list of source.lookup(item.lexeme, item.prefix)) {
      const found = intersect(list, docs, count)
      for (let i = 0; i < found.count; i++) {
        const doc = found.docIndex[i]!
        ranks[doc] = f(ranks[doc]! + entryWeight(list, found.entry[i]!) / ZETA_2)
      }
    }
  }
  if (items.length > 0) {
    for (let doc = 0; doc < count; doc++) ranks[doc] = f(ranks[doc]! / items.length)
  }
  return ranks
}

/**
 * The entry each item last had in the document (`pos[i]` in tsrank.c, overwritten by each
 * entry of a prefix, so later items see only the last one): its list, null for none, and
 * its range of positions, empty for POSNULL.
 */
class LastEntries {
  readonly list: (PostingList | null)[]
  readonly from: Int32Array
  readonly to: Int32Array

  constructor(size: number) {
    this.list = new Array<PostingList | null>(size).fill(null)
    this.from = new Int32Array(size)
    this.to = new Int32Array(size)
  }
}

/**
 * calc_rank_and's inner loops: every position of item i's entry against every position of
 * the entry item k last had; `rank` is the running `res`.
 */
function rankPair(last: LastEntries, i: number, k: number, rank: number): number {
  const listI = last.list[i]!
  const listK = last.list[k]!
  const fromI = last.from[i]!
  const fromK = last.from[k]!
  const nullI = fromI === last.to[i]
  const nullK = fromK === last.to[k]
  const countI = nullI ? 1 : last.to[i]! - fromI
  const countK = nullK ? 1 : last.to[k]! - fromK
  let res = rank
  for (let l = 0; l < countI; l++) {
    const a = nullI ? POSNULL_POSITION : listI.positions[fromI + l]!
    const positionA = positionOf(a)
    const weightA = weightOf(a)
    for (let p = 0; p < countK; p++) {
      const b = nullK ? POSNULL_POSITION : listK.positions[fromK + p]!
      let distance = Math.abs(positionA - positionOf(b))
      if (distance === 0) {
        if (!nullI && !nullK) continue
        distance = MAX_ENTRY_POS
      }
      const weight = pairWeight(weightA, weightOf(b), distance)
      res = res < 0 ? weight : f(1.0 - (1.0 - res) * (1.0 - weight))
    }
  }
  return res
}

function rankAnd(
  items: readonly TsQueryOperand[],
  source: PostingSource,
  docs: Int32Array,
  count: number,
): Float64Array {
  const ranks = scratchFloat64(count)
  const lists = items.map((item) => source.lookup(item.lexeme, item.prefix))
  const walks = lists.map((itemLists) => new EntryWalk(itemLists, docs, count))
  const last = new LastEntries(items.length)
  for (let doc = 0; doc < count; doc++) {
    let res = -1
    last.list.fill(null)
    for (let i = 0; i < items.length; i++) {
      const walk = walks[i]!
      const entries = walk.at(doc)
      for (let at = 0; at < entries; at++) {
        const postingList = lists[i]![walk.list[at]!]!
        const e = walk.entry[at]!
        last.list[i] = postingList
        last.from[i] = postingList.starts[e]!
        last.to[i] = postingList.starts[e + 1]!
        for (let k = 0; k < i; k++) {
          if (last.list[k]) res = rankPair(last, i, k, res)
        }
      }
    }
    ranks[doc] = res
  }
  return ranks
}

/**
 * `ts_rank(vector, query)` (default weights, normalization 0) for the first `count` ordinals
 * of `docs`, which ascend. Values are float4 values, as PostgreSQL returns them.
 */
export function rankDocs(
  query: TsQuery,
  source: PostingSource,
  docs: Int32Array,
  count: number,
): Float64Array {
  if (query.kind === 'empty') return scratchFloat64(count)
  const items = sortAndUniqItems(query)
  // calc_rank: AND and PHRASE at the top rank by proximity, anything else by frequency.
  const byProximity = (query.kind === 'and' || query.kind === 'phrase') && items.length >= 2
  const ranks = byProximity
    ? rankAnd(items, source, docs, count)
    : rankOr(items, source, docs, count)
  const tiny = f(1e-20)
  for (let doc = 0; doc < count; doc++) if (ranks[doc]! < 0) ranks[doc] = tiny
  return ranks
}

/**
 * The first index in `from` to `to` (exclusive) where `below(index)` is false, for an order
 * where every index below it is below and none after: where a value would go.
 */
export function firstNotBelow(from: number, to: number, below: (index: number) => boolean) {
  let low = from
  let high = to
  while (low < high) {
    const middle = (low + high) >>> 1
    if (below(middle)) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * The first index from `from` whose string is not below `value` in a sorted array (UTF-16
 * order, which is PostgreSQL's byte order outside the astral planes): where `value` would
 * go, and where the strings starting with it begin.
 */
export const lowerBound = (sorted: readonly string[], value: string, from = 0) =>
  firstNotBelow(from, sorted.length, (i) => sorted[i]! < value)

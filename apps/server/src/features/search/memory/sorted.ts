/**
 * The first index from `from` whose string is not below `value` in a sorted array (UTF-16
 * order, which is PostgreSQL's byte order outside the astral planes): where `value` would
 * go, and where the strings starting with it begin.
 */
export function lowerBound(sorted: readonly string[], value: string, from = 0) {
  let low = from
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (sorted[middle]! < value) low = middle + 1
    else high = middle
  }
  return low
}

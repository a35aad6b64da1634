/**
 * PostgreSQL's `qsort_arg` (src/include/lib/sort_template.h: Bentley and McIlroy's
 * quicksort, insertion sort below 7 elements, a check for already sorted input). It is not
 * stable, and `ts_rank` keeps the first of equal query lexemes after sorting, so to know
 * which one (prefix or not) it keeps we must sort the same way.
 */
export function pgQsort<T>(items: T[], compare: (a: T, b: T) => number): void {
  sortRange(items, 0, items.length, compare)
}

function swap<T>(items: T[], i: number, j: number): void {
  const kept = items[i]!
  items[i] = items[j]!
  items[j] = kept
}

function swapRun<T>(items: T[], i: number, j: number, count: number): void {
  for (let k = 0; k < count; k++) swap(items, i + k, j + k)
}

function median3<T>(items: T[], a: number, b: number, c: number, compare: (x: T, y: T) => number) {
  const [x, y, z] = [items[a]!, items[b]!, items[c]!]
  if (compare(x, y) < 0) return compare(y, z) < 0 ? b : compare(x, z) < 0 ? c : a
  return compare(y, z) > 0 ? b : compare(x, z) < 0 ? a : c
}

function isSorted<T>(items: T[], base: number, n: number, compare: (a: T, b: T) => number) {
  for (let i = base + 1; i < base + n; i++) {
    if (compare(items[i - 1]!, items[i]!) > 0) return false
  }
  return true
}

function insertionSort<T>(items: T[], base: number, n: number, compare: (a: T, b: T) => number) {
  for (let m = base + 1; m < base + n; m++) {
    for (let l = m; l > base && compare(items[l - 1]!, items[l]!) > 0; l--) swap(items, l, l - 1)
  }
}

function pivotIndex<T>(items: T[], base: number, n: number, compare: (a: T, b: T) => number) {
  let middle = base + (n >> 1)
  if (n > 7) {
    let low = base
    let high = base + n - 1
    if (n > 40) {
      const d = n >> 3
      low = median3(items, low, low + d, low + 2 * d, compare)
      middle = median3(items, middle - d, middle, middle + d, compare)
      high = median3(items, high - 2 * d, high - d, high, compare)
    }
    middle = median3(items, low, middle, high, compare)
  }
  return middle
}

function sortRange<T>(items: T[], start: number, length: number, compare: (a: T, b: T) => number) {
  let base = start
  let n = length
  for (;;) {
    if (n < 7) {
      insertionSort(items, base, n, compare)
      return
    }
    if (isSorted(items, base, n, compare)) return
    swap(items, base, pivotIndex(items, base, n, compare))
    // Three-way partition; elements equal to the pivot gather at both ends first.
    let pa = base + 1
    let pb = pa
    let pc = base + n - 1
    let pd = pc
    for (;;) {
      let r: number
      while (pb <= pc && (r = compare(items[pb]!, items[base]!)) <= 0) {
        if (r === 0) swap(items, pa++, pb)
        pb++
      }
      while (pb <= pc && (r = compare(items[pc]!, items[base]!)) >= 0) {
        if (r === 0) swap(items, pc, pd--)
        pc--
      }
      if (pb > pc) break
      swap(items, pb++, pc--)
    }
    const end = base + n
    let d1 = Math.min(pa - base, pb - pa)
    swapRun(items, base, pb - d1, d1)
    d1 = Math.min(pd - pc, end - pd - 1)
    swapRun(items, pb, end - d1, d1)
    d1 = pb - pa
    const d2 = pd - pc
    // Recurse into the smaller part, loop on the larger, as PostgreSQL does.
    if (d1 <= d2) {
      if (d1 > 1) sortRange(items, base, d1, compare)
      if (d2 <= 1) return
      base = end - d2
      n = d2
    } else {
      if (d2 > 1) sortRange(items, end - d2, d2, compare)
      if (d1 <= 1) return
      n = d1
    }
  }
}

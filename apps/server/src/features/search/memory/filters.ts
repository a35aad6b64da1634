import { NO_THEME_VALUES, type SearchFilters } from '../engine.ts'
import type { IndexSnapshot } from './followed-index.ts'
import { scratchInt32 } from './scratch.ts'

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
 * `whereClause` (sql/filters.ts), on the index's columns.
 */
export function filterPublished(
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

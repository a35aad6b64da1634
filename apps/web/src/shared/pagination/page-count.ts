import { SEARCH_LIMITS } from '@dataportaal/contract'

/**
 * The last page any list can show: the API's `pagingParams` refuse a higher `offset`, so a
 * link past it could only fail.
 */
export const MAX_PAGE = SEARCH_LIMITS.maxOffset

/** The pages that can be linked to for `total` items, `pageSize` to a page. */
export const pageCount = (total: number, pageSize: number) =>
  Math.min(Math.ceil(total / pageSize), MAX_PAGE)

/**
 * A page number from a path segment ('/favorieten/3'): none is page 1; anything that is not
 * a page that can be asked for is null, for the screen to send the user to page 1.
 */
export function pageFromSegment(segment: string | undefined): number | null {
  if (segment === undefined) return 1
  if (!/^\d+$/.test(segment)) return null
  const page = Number(segment)
  return page >= 1 && page <= MAX_PAGE ? page : null
}

/** A page number from a query parameter: leniently brought within 1..MAX_PAGE, else page 1. */
export function pageFromParam(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return 1
  return Math.min(Math.max(Number(value), 1), MAX_PAGE)
}

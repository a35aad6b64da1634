import type { SearchQuery } from '@dataportaal/contract'
import type { Params } from '../../../db/params.ts'

/**
 * The order of a result page over columns `rank`, `document_date`, `rating_avg`,
 * `rating_count` and `id`, the id deciding last. Every engine orders as this does
 * (`memory/order.ts`), and the page of candidates is ordered by it (`results.ts`).
 */
export function orderBy(input: Pick<SearchQuery, 'sort'>, ranked: boolean): string {
  const byRank = ranked ? 'rank desc, ' : ''
  switch (input.sort) {
    case 'date':
      return `document_date desc, ${byRank}id`
    case 'rating':
      return `rating_avg desc nulls last, rating_count desc, ${byRank}id`
    default:
      return `${byRank}document_date desc, id`
  }
}

/** `limit` and `offset` of the search's page, as parameters. */
export const pageLimit = (input: Pick<SearchQuery, 'offset' | 'pageSize'>, params: Params) =>
  `limit ${params.add(input.pageSize)} offset ${params.add((input.offset - 1) * input.pageSize)}`

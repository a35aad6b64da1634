import { isEmployee } from '../../../auth/viewer.ts'
import type { Queryable, Row } from '../../../db/client.ts'
import { Params } from '../../../db/params.ts'
import type { EngineSearch, FacetCounts, SearchEngine } from '../engine.ts'
import { relevanceRank } from '../relevance.ts'
import { countsSql, entryColumns } from './counts.ts'
import { whereClause } from './filters.ts'
import { orderBy, pageLimit } from './order.ts'

type SearchRow = FacetCounts & Row & { page: string[] }

/**
 * The SQL engine: one statement finds the matching entries once (materialised, narrow,
 * ranked only when the order needs it) and reads from that set the page and every count.
 * It answers every search, so it is the last in turn and the reference the others equal.
 */
export const sqlEngine: SearchEngine = {
  async search(db: Queryable, { viewer, input, match }: EngineSearch) {
    const params = new Params()
    const ranked = match.kind === 'text' && input.sort === 'relevance'
    const rank = ranked ? relevanceRank(match, params) : '0::real'
    const where = whereClause(viewer, input, match, params)
    const withLabels = isEmployee(viewer)
    const [row] = await db.query<SearchRow>(
      `with m as materialized (
       select ${entryColumns(withLabels)}, ${rank} as rank
         from search_entries se
        where ${where}
     ),
     ${countsSql(withLabels)},
       array(select id::text from m order by ${orderBy(input, ranked)} ${pageLimit(input, params)}) as page`,
      params.values,
    )
    const { page, ...counts } = row!
    return {
      total: counts.kinds.reduce((total, kind) => total + kind.count, 0),
      page: { kind: 'page', ids: page },
      counts: () => counts,
    }
  },
}

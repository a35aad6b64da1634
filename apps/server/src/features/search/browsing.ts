import type { SearchQuery } from '@dataportaal/contract'
import type { Queryable, Row } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import { VersionedCache } from './cache.ts'
import type { EngineSearch, FacetCounts, SearchEngine } from './engine.ts'
import { countsSql, entryColumns } from './sql/counts.ts'
import { orderBy, pageLimit } from './sql/order.ts'
import type { TextMatch } from './text-match.ts'

/** Browsing: no text and no filter, so every published document matches. */
export const isBrowsing = (input: SearchQuery, match: TextMatch) =>
  match.kind === 'all' &&
  [input.categoryType, input.tags, input.source, input.wooCategory, input.labels].every(
    (values) => !values?.length,
  ) &&
  !input.minRating &&
  !input.dateFrom &&
  !input.dateTo

/**
 * The engine for a visitor browsing (`isBrowsing`; it answers no other search): the counts
 * are those of the whole published catalogue, computed once per catalogue version (with the
 * version of their own snapshot) and kept, and the page comes from the index of the newest
 * entries.
 */
export function browsingEngine(): SearchEngine {
  const catalogueCounts = new VersionedCache<FacetCounts>(1)
  return {
    async search(db: Queryable, { input, match, version }: EngineSearch) {
      if (version === null || !isBrowsing(input, match)) return null
      const counts =
        catalogueCounts.get(version, 'public') ?? (await countCatalogue(db, catalogueCounts))
      const params = new Params()
      const page = await db.query<{ id: string }>(
        `select id::text as id
       from (select se.document_id as id, se.document_date, se.rating_avg, se.rating_count
               from search_entries se where se.public) entry
      order by ${orderBy(input, false)}
      ${pageLimit(input, params)}`,
        params.values,
      )
      return {
        total: counts.kinds.reduce((total, kind) => total + kind.count, 0),
        page: { kind: 'page', ids: page.map((row) => row.id) },
        counts: () => counts,
      }
    },
  }
}

/** The counts of every published document, kept under the version they were counted at. */
async function countCatalogue(db: Queryable, catalogueCounts: VersionedCache<FacetCounts>) {
  const [row] = await db.query<FacetCounts & Row & { version: string }>(
    `with m as materialized (select ${entryColumns(false)} from search_entries se where se.public),
       ${countsSql(false)},
       (select version::text from search_state) as version`,
  )
  const { version: countedAt, ...counts } = row!
  catalogueCounts.set(Number(countedAt), 'public', counts)
  return counts
}

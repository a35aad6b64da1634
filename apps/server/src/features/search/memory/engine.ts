import type { SearchQuery } from '@dataportaal/contract'
import type { Queryable } from '../../../db/client.ts'
import { EMPTY_PAGE, type EngineSearch, type FacetCounts, type SearchEngine } from '../engine.ts'
import { MATCHED_SHARE } from '../relevance.ts'
import { matchedTsquery, type TextMatch } from '../text-match.ts'
import { countFacets } from './counts.ts'
import { filterPublished } from './filters.ts'
import type { FollowedIndex, IndexSnapshot } from './followed-index.ts'
import { firstInOrder, pageOrder } from './order.ts'
import { rankDocs } from './rank.ts'
import { keepScratch, withScratch } from './scratch.ts'
import { matchDocs, parseTsquery, type TsQuery } from './tsquery.ts'

/** Candidates beyond the page that the memory's order hands the database to order. */
const RESCORED_MARGIN = 20
/** Deeper pages are left to SQL: ordering their candidates costs more than it saves. */
const MAX_IN_MEMORY_CANDIDATES = 5000

/** Candidates the memory picks for the database to order: the pages up to this one, and a margin. */
const candidatesWanted = (input: Pick<SearchQuery, 'offset' | 'pageSize'>) =>
  input.offset * input.pageSize + RESCORED_MARGIN

/**
 * The engine on this node's entries in memory (docs/search.md, "In memory"): the matches,
 * the filters and every count computed there, and the order too; it gives the page's
 * candidates, which the database orders with the real `ts_rank` when it reads the page
 * (`results.ts`), so the page is exactly what SQL gives. Published entries only: it answers
 * visitors. Null when the index does not hold the request's version yet, the page is too
 * deep, or the query is one it cannot evaluate: then SQL answers.
 */
export function memoryEngine(index: FollowedIndex): SearchEngine {
  return {
    async search(db: Queryable, { input, match, version }: EngineSearch) {
      if (version === null) return null
      if (candidatesWanted(input) > MAX_IN_MEMORY_CANDIDATES || !index.at(version)) return null
      const queries = match.kind === 'text' ? await parsedQueries(db, match) : null
      // Taken after the await: one snapshot, read without a pause, for the whole computation.
      const snapshot = index.at(version)
      if (!snapshot) return null
      const found = searchSnapshot(snapshot, input, queries)
      if (!found) return null
      const reachesPage = found.candidates.length > (input.offset - 1) * input.pageSize
      return {
        total: found.total,
        page: reachesPage ? { kind: 'candidates', ids: found.candidates } : EMPTY_PAGE,
        counts: found.counts,
      }
    },
  }
}

/** The text of a search as the index evaluates it: what matches, and the rank's two queries. */
export interface ParsedQueries {
  /** What matches (`matchedTsquery`). */
  matched: TsQuery
  /** The rank's first query (`relevanceRank`): the words asked for, as whole words. */
  asked: TsQuery
  /** The rank's second query: every word, each with its stem's prefix (wider than `matched`). */
  ranked: TsQuery
}

/** The database parses the text (the Dutch stemmer is there); the index evaluates it. */
export async function parsedQueries(
  db: Queryable,
  match: Extract<TextMatch, { kind: 'text' }>,
): Promise<ParsedQueries> {
  const [row] = await db.query<{ matched: string; asked: string; ranked: string }>(
    `select ${matchedTsquery('$1')}::text as matched, to_tsquery('dutch', $2)::text as asked,
            to_tsquery('dutch', $1)::text as ranked`,
    [match.prefixQuery, match.rankQuery],
  )
  return {
    matched: parseTsquery(row!.matched),
    asked: parseTsquery(row!.asked),
    ranked: parseTsquery(row!.ranked),
  }
}

/** What a search found on one snapshot: how many, the page's candidates, and the counts. */
export interface SnapshotResult {
  total: number
  /** The pages up to the search's one and a margin, in the memory's order (ids). */
  candidates: string[]
  /** Computed when first asked for. */
  counts: () => FacetCounts
}

/**
 * The search's work on one snapshot, without any statement: the published documents that
 * match (`queries`, or all when null) and pass the filters, how many, the candidates of the
 * page in the memory's order (the page plus a margin), and their counts, computed when first
 * asked for. Null when the index cannot evaluate the query. Exported for the benchmark,
 * which times it, counts included, as the search's own work.
 */
export function searchSnapshot(
  snapshot: IndexSnapshot,
  input: SearchQuery,
  queries: ParsedQueries | null,
): SnapshotResult | null {
  // The working arrays are reused by the next search; only the found documents are kept
  // beyond the scope, until they are counted. Counted later, they count the same values:
  // the index only appends ordinals and marks removed ones, it never rewrites one.
  return withScratch(() => {
    const matched = queries ? matchDocs(queries.matched, snapshot.index) : null
    if (queries && !matched) return null
    const found = filterPublished(snapshot, input, matched)
    const ranked = queries !== null && input.sort === 'relevance'
    const scores = ranked ? combinedRank(queries, snapshot, found) : null
    const first = firstInOrder(
      found.length,
      Math.min(candidatesWanted(input), found.length),
      pageOrder(snapshot, input.sort, scores, found),
    )
    const giveBack = keepScratch(found)
    let counts: FacetCounts | null = null
    return {
      total: found.length,
      candidates: first.map((position) => snapshot.index.ids[found[position]!]!),
      counts: () => {
        if (!counts) {
          counts = countFacets(snapshot, found)
          giveBack()
        }
        return counts
      },
    }
  })
}

/** `relevanceRank`, computed in memory for every found document (per position). */
function combinedRank(
  queries: ParsedQueries,
  snapshot: IndexSnapshot,
  found: Int32Array,
): Float64Array {
  const ranks = rankDocs(queries.asked, snapshot.index, found, found.length)
  const matched = rankDocs(queries.ranked, snapshot.index, found, found.length)
  for (let i = 0; i < ranks.length; i++) ranks[i] = ranks[i]! + MATCHED_SHARE * matched[i]!
  return ranks
}

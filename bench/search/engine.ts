/**
 * The in-memory part of each search: what a node computes for a visitor's search besides
 * its statements (matching, filtering, ranking, counting and choosing the page's candidates
 * on the entries in memory; docs/search.md, "In memory"). Run and timed within the bare SQL
 * replay, where the server runs it, it makes the search's own work without HTTP,
 * validation and presentation: what the API is compared with.
 */
import { PublicSearchQuery } from '@dataportaal/contract'
import type { Db } from '../../apps/server/src/db/client.ts'
import type { FollowedIndex } from '../../apps/server/src/features/search/memory/followed-index.ts'
import { isBrowsing } from '../../apps/server/src/features/search/browsing.ts'
import {
  parsedQueries,
  searchSnapshot,
  type ParsedQueries,
} from '../../apps/server/src/features/search/memory/engine.ts'
import { toTextMatch } from '../../apps/server/src/features/search/text-match.ts'
import type { SearchCase } from './queries.ts'
import type { Statement } from './recorder.ts'
import { statementKind } from './replay.ts'

const SQL_PATH = 'main query (matches, page ids, total, aggregations)'

/**
 * Per search, its in-memory evaluation as a function for the replay to run where the server
 * runs it (`replay.ts`); null when the search did none: no text found, browsing, or answered
 * by SQL as its recording shows (a deep page, or the index not yet at the version). The
 * inputs are prepared here, untimed: their statements are in the replay.
 */
export async function prepareInMemoryWork(
  db: Db,
  index: FollowedIndex,
  cases: readonly SearchCase[],
  recordings: ReadonlyArray<Statement[] | undefined>,
): Promise<Array<(() => unknown) | null>> {
  const snapshot = await index.ready()
  const work: Array<(() => unknown) | null> = []
  for (const [i, searchCase] of cases.entries()) {
    const { query, filters } = searchCase
    const input = PublicSearchQuery.parse({ ...(query ? { query } : {}), ...filters })
    const match = await toTextMatch(db, input.query)
    const bySql = recordings[i]?.some((s) => statementKind(s.sql) === SQL_PATH) ?? true
    if (match.kind === 'none' || isBrowsing(input, match) || bySql) {
      work.push(null)
      continue
    }
    const queries: ParsedQueries | null =
      match.kind === 'text' ? await parsedQueries(db, match) : null
    // Its counts too: the server computes them while the page's statement runs.
    work.push(() => searchSnapshot(snapshot, input, queries)?.counts())
  }
  return work
}

/**
 * The in-memory part of each search, timed alone: what a node computes for a visitor's
 * search besides its statements (matching, filtering, ranking, counting and choosing the
 * page's candidates on the entries in memory; docs/search.md, "In memory"). Added to the
 * bare SQL replay, it is the search's own work without HTTP, validation and presentation:
 * what the API is compared with.
 */
import { PublicSearchQuery } from '@dataportaal/contract'
import type { Db } from '../../apps/server/src/db/client.ts'
import type { FollowedIndex } from '../../apps/server/src/features/search/memory/followed-index.ts'
import {
  evaluateInMemory,
  isBrowsing,
  parsedQueries,
  type ParsedQueries,
} from '../../apps/server/src/features/search/service.ts'
import { toTextMatch } from '../../apps/server/src/features/search/text-match.ts'
import type { SearchCase } from './queries.ts'
import type { Statement } from './recorder.ts'
import { statementKind } from './replay.ts'

const SQL_PATH = 'main query (matches, page ids, total, aggregations)'

/**
 * Per search and round, the milliseconds of its in-memory evaluation; 0 when the search
 * did none: no text found, browsing, or answered by SQL as its recording shows (a deep
 * page, or the index not yet at the version). The inputs are prepared first, untimed:
 * their statements are in the bare SQL replay.
 */
export async function timeInMemoryWork(
  db: Db,
  index: FollowedIndex,
  cases: readonly SearchCase[],
  recordings: ReadonlyArray<Statement[] | undefined>,
  rounds: number,
): Promise<number[][]> {
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
    work.push(() => evaluateInMemory(snapshot, input, queries))
  }
  const ms = work.map((): number[] => [])
  for (let round = 0; round < rounds; round++) {
    for (const [i, evaluate] of work.entries()) {
      const started = performance.now()
      evaluate?.()
      ms[i]!.push(evaluate ? performance.now() - started : 0)
    }
  }
  return ms
}

import type { SearchQuery, SearchResponse } from '@dataportaal/contract'
import { isEmployee, type Viewer } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import { AnswerCache, catalogueVersion } from './cache.ts'
import { NOTHING_FOUND, type EngineResult, type EngineSearch, type FacetCounts } from './engine.ts'
import { searchEngines, searchInTurn, type SearchEngines } from './engines.ts'
import type { FollowedIndex } from './memory/followed-index.ts'
import { presentSearch } from './presenter.ts'
import { loadResultRows } from './results.ts'
import { searchLogOnce, type SearchLogging } from './search-log.ts'
import { countMatches } from './sql/filters.ts'
import { suggestSpelling } from './suggestion.ts'
import { textMatchAtVersion, toTextMatch, type TextMatch } from './text-match.ts'

/**
 * A visitor's or employee's search, from the request to the response (docs/architecture.md,
 * "A search"): the words looked up, the answer kept or found by an engine, the page's rows
 * read, the counts, a spelling suggestion, the log row. Each step is a module of its own;
 * this one puts them in order.
 */

/** What one node holds for its searches, from one request to the next. */
export interface SearchNode {
  /** The engines that find documents (`engines.ts`). */
  engines: SearchEngines
  /** Answers to visitors, by their request, until the catalogue changes (`SEARCH_CACHE_ENTRIES`; 0: none). */
  answers: AnswerCache<SearchResponse>
  /** The published entries in memory (`SEARCH_IN_MEMORY`), or null: SQL only. Suggestions read it too. */
  index: FollowedIndex | null
}

export const searchNode = (cacheEntries: number, index: FollowedIndex | null): SearchNode => ({
  engines: searchEngines(index),
  answers: new AnswerCache(cacheEntries),
  index,
})

/**
 * A search, logged. What visitors see depends only on their request and the catalogue, so
 * their answers are kept until the catalogue changes; an employee also sees their own
 * documents and labels, and is always answered afresh. The log row needs only the total: it
 * is written while the page's documents are read (and a search in memory counts its
 * matches), and the answer waits for all of it.
 */
export async function searchDocuments(
  db: Queryable,
  viewer: Viewer,
  input: SearchQuery,
  logging: SearchLogging,
  node: SearchNode,
): Promise<SearchResponse> {
  const log = searchLogOnce(db, viewer, input, logging)
  const answer = isEmployee(viewer)
    ? await searchAfresh(
        db,
        node.engines,
        { viewer, input, version: null },
        await toTextMatch(db, input.query),
        log.write,
      )
    : await searchAsVisitor(db, viewer, input, node, log.write)
  // A kept answer, or one another request was computing, is logged now.
  log.write(answer.Total)
  await log.written()
  return answer
}

/**
 * A visitor's search: a kept answer, or the one another request is computing, or a new
 * one (`AnswerCache`). A request this node keeps an answer to needs only the catalogue's
 * version, to confirm it; any other needs its words looked up too, read with the version in
 * one statement.
 */
async function searchAsVisitor(
  db: Queryable,
  viewer: Viewer,
  input: SearchQuery,
  node: SearchNode,
  onTotal: (total: number) => void,
): Promise<SearchResponse> {
  const key = JSON.stringify(input)
  const read: { version: number; match: TextMatch | null } = node.answers.holds(key)
    ? { version: await catalogueVersion(db), match: null }
    : await textMatchAtVersion(db, input.query)
  const { version } = read
  return node.answers.get(version, key, async () => {
    const match = read.match ?? (await toTextMatch(db, input.query))
    return searchAfresh(db, node.engines, { viewer, input, version }, match, onTotal)
  })
}

/** A search answered afresh: found by the first engine that can, then presented. */
async function searchAfresh(
  db: Queryable,
  engines: SearchEngines,
  search: Omit<EngineSearch, 'match'>,
  match: TextMatch,
  onTotal: (total: number) => void,
): Promise<SearchResponse> {
  const result =
    match.kind === 'none' ? NOTHING_FOUND : await searchInTurn(db, engines, { ...search, match })
  onTotal(result.total)
  return respond(db, search, match, result)
}

/**
 * The response to a search from what an engine found: the page's rows read (with their
 * highlights) while the counts are computed, and a spelling suggestion when it found few.
 * The shared engine suite (`engines.test.ts`) responds with it to each engine's result.
 */
export async function respond(
  db: Queryable,
  { viewer, input }: Pick<EngineSearch, 'viewer' | 'input'>,
  match: TextMatch,
  result: EngineResult,
): Promise<SearchResponse> {
  const [rows, counts] = await Promise.all([
    loadResultRows(db, viewer, input, match, result.page),
    countedWhileReading(result),
  ])
  const suggestion = await suggestSpelling(db, match, result.total, (other) =>
    countMatches(db, viewer, input, other),
  )
  return presentSearch({ rows, total: result.total, counts, suggestion }, viewer, match)
}

/**
 * The counts of a result, computed in the event loop's next turn: the statements this
 * search asked for (the page's, the log's) are on their way by then, so the database reads
 * them while this thread counts (PostgreSQL in its processes, PGlite on its own thread).
 */
const countedWhileReading = (result: EngineResult) =>
  new Promise<FacetCounts>((resolve, reject) => {
    setImmediate(() => {
      try {
        resolve(result.counts())
      } catch (error) {
        reject(error)
      }
    })
  })

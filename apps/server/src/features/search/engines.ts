import { isEmployee } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import { browsingEngine } from './browsing.ts'
import type { EngineResult, EngineSearch, SearchEngine } from './engine.ts'
import { memoryEngine } from './memory/engine.ts'
import type { FollowedIndex } from './memory/followed-index.ts'
import { sqlEngine } from './sql/engine.ts'

/**
 * The engines one node answers searches with. `engines.test.ts` runs its cases on every
 * one of them and requires SQL's answer of each: an engine is added or dropped here, in
 * `enginesInTurn` below, and in that suite's list of what each engine answers.
 */
export interface SearchEngines {
  /** Every search: the reference the others must equal. */
  sql: SearchEngine
  /** A visitor browsing: the whole catalogue's kept counts and the newest entries. */
  browsing: SearchEngine
  /** A visitor's search on the entries in this node's memory (`SEARCH_IN_MEMORY`), or null. */
  memory: SearchEngine | null
}

export const searchEngines = (index: FollowedIndex | null): SearchEngines => ({
  sql: sqlEngine,
  browsing: browsingEngine(),
  memory: index ? memoryEngine(index) : null,
})

/**
 * Which engines may answer a search, in turn: the first that can, does. An employee's search
 * is SQL's alone, as only SQL holds their own unpublished documents and labels. A visitor's
 * goes to browsing (which answers only a search without text and filters), then to the
 * memory (which answers when its index holds the version the request read and the page is
 * not too deep), then to SQL, which answers every search.
 */
export function enginesInTurn(engines: SearchEngines, search: EngineSearch): SearchEngine[] {
  if (isEmployee(search.viewer)) return [engines.sql]
  return [engines.browsing, ...(engines.memory ? [engines.memory] : []), engines.sql]
}

/** The search by the engines in turn: what the first that answers found. */
export async function searchInTurn(
  db: Queryable,
  engines: SearchEngines,
  search: EngineSearch,
): Promise<EngineResult> {
  for (const engine of enginesInTurn(engines, search)) {
    const result = await engine.search(db, search)
    if (result) return result
  }
  throw new Error('No search engine answered: SQL answers every search and is last in turn.')
}

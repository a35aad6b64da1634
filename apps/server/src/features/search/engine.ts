import { NO_VALUE_BUCKET, type Bucket, type SearchQuery } from '@dataportaal/contract'
import type { Viewer } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import type { TextMatch } from './text-match.ts'

/**
 * What every search engine speaks: the search it is given and what it found, in types of
 * the search itself, not of how an engine stores its entries. Two engines answer any
 * search: SQL on the search entries (`sql/`) and the entries in this node's memory
 * (`memory/`); a third answers browsing alone (`browsing.ts`). `engines.ts` chooses among
 * them, and all give exactly the same answers (`engines.test.ts`).
 */

/** What selects the documents of a search, without its paging and order. */
export type SearchFilters = Omit<SearchQuery, 'offset' | 'pageSize' | 'sort'>

/** The theme filter values that select documents without a theme (every engine alike). */
export const NO_THEME_VALUES = new Set<string>([NO_VALUE_BUCKET.tags, NO_VALUE_BUCKET.themes])

/** A search as an engine gets it: who asks, what, and what the request read first. */
export interface EngineSearch {
  viewer: Viewer
  input: SearchQuery
  /** The query's words as looked up (`text-match.ts`); a text that finds nothing is no engine's. */
  match: Extract<TextMatch, { kind: 'all' | 'text' }>
  /** The catalogue version the request read before any engine ran (null: not read, employees). */
  version: number | null
}

/** Matching documents counted per content type, source and Woo information category. */
export interface KindCount {
  contentType: string
  source: string
  wooCategory: string | null
  count: number
}

/** Matching documents counted per year and whole number of stars (null: not rated). */
export interface PeriodCount {
  year: number
  stars: number | null
  count: number
}

/** Every count of a search: the facets and (their sum) the total. */
export interface FacetCounts {
  kinds: KindCount[]
  periods: PeriodCount[]
  /** Most documents first; equal counts in the order of the theme names (the database's). */
  themes: Bucket[]
  withoutTheme: number
  /** Employees only (null: not counted). */
  labels: Bucket[] | null
  withoutLabel: number
}

export const NO_COUNTS: FacetCounts = {
  kinds: [],
  periods: [],
  themes: [],
  withoutTheme: 0,
  labels: null,
  withoutLabel: 0,
}

/**
 * The documents of the result page, in order. `page`: the page itself. `candidates`: more
 * documents than the page, which the statement reading the page's rows orders (with the real
 * `ts_rank`) before it takes the page from them, so the page is exactly SQL's whatever the
 * engine's own arithmetic (`results.ts`).
 */
export type ResultPage =
  { kind: 'page'; ids: readonly string[] } | { kind: 'candidates'; ids: readonly string[] }

export const EMPTY_PAGE: ResultPage = { kind: 'page', ids: [] }

/** What an engine found for a search: how many, which page, and every count. */
export interface EngineResult {
  total: number
  page: ResultPage
  /**
   * The counts. The memory computes them only when asked, after the page's statement is
   * sent: the database reads the page meanwhile (`countedWhileReading` in service.ts).
   */
  counts: () => FacetCounts
}

/** A search that finds nothing (a text of no words): no engine is asked. */
export const NOTHING_FOUND: EngineResult = { total: 0, page: EMPTY_PAGE, counts: () => NO_COUNTS }

/** An engine: finds a search's documents, counts them and orders the page (or its candidates). */
export interface SearchEngine {
  /** Null when this engine cannot answer this search: the next one in turn then does. */
  search(db: Queryable, search: EngineSearch): Promise<EngineResult | null>
}

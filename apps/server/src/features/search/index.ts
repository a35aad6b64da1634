/**
 * What other features may use of search: the feeds follow a search through it, so a
 * feed finds exactly what the search page finds; the maintenance forgets old removals.
 */
export { newestPublished, publishedMatching, type PublishedDocumentRow } from './newest.ts'
export type { SearchFilters } from './engine.ts'
export { pruneSearchRemovals } from './memory/removals.ts'

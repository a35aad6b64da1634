import { z } from 'zod'
import { Bucket } from './common.ts'
import { multiLineText, singleLineText } from './text.ts'

export const SEARCH_LIMITS = {
  defaultPageSize: 10,
  maxPageSize: 50,
  maxQueryLength: 500,
  maxFilterValues: 20,
  /** Suggestions: the trimmed, lowercased text must be longer than this. */
  minSuggestLength: 2,
  /** Suggestions are asked for this long after the last keystroke (spec section 9). */
  suggestDebounceMs: 200,
  maxSuggestions: 8,
  /** Only these many result pages can be reached; deeper paging is refused. */
  maxOffset: 1000,
} as const

/** Names of the aggregation buckets for documents without any (spec section 4). */
export const NO_VALUE_BUCKET = {
  tags: 'Geen Thema',
  themes: 'Geen thema',
  labels: 'Geen labels',
} as const

export const SearchSort = z.enum(['relevance', 'date', 'rating'])
export type SearchSort = z.infer<typeof SearchSort>

/** Query arrays are sent as repeated parameters; a single value arrives as a string. */
const repeated = z
  .union([
    singleLineText().max(200),
    z.array(singleLineText().max(200)).max(SEARCH_LIMITS.maxFilterValues),
  ])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .optional()

const isoDate = z.iso.date()

/** A 1-based page number and a page size, as every list of documents takes them. */
export const pagingParams = {
  offset: z.coerce.number().int().min(1).max(SEARCH_LIMITS.maxOffset).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(SEARCH_LIMITS.maxPageSize)
    .default(SEARCH_LIMITS.defaultPageSize),
}

/**
 * What a person typed in the search box. A pasted tab or line break is whitespace like a
 * space (only letters and digits reach the search), so the rule for several lines applies.
 */
const searchText = () => multiLineText().max(SEARCH_LIMITS.maxQueryLength)

const searchParams = {
  query: searchText().optional(),
  ...pagingParams,
  categoryType: repeated,
  tags: repeated,
  source: repeated,
  /** Woo information categories by number ('014'); unknown numbers match nothing. */
  wooCategory: repeated,
  minRating: z.coerce.number().int().min(1).max(5).optional(),
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
  sort: SearchSort.default('relevance'),
}

export const PublicSearchQuery = z.strictObject(searchParams)
export const EmployeeSearchQuery = z.strictObject({ ...searchParams, labels: repeated })
export type SearchQuery = z.infer<typeof EmployeeSearchQuery>

export const ContentUserUse = z.object({
  favorited: z.boolean(),
  rating: z.number().int().min(1).max(5).nullable(),
})

export const DocumentStatus = z.enum(['openstaand', 'goedgekeurd', 'afgekeurd'])
export type DocumentStatus = z.infer<typeof DocumentStatus>

export const SearchResult = z
  .object({
    contentUID: z.uuid(),
    title: z.string(),
    /** HTML-safe text where only `<mark>` elements are markup. */
    titleHighlight: z.string(),
    snippet: z.string(),
    contentTypeName: z.string(),
    sourceFriendlyName: z.string(),
    themes: z.array(z.string()).nullable(),
    labels: z.array(z.string()).nullable().optional(),
    status: DocumentStatus,
    averageRating: z.number().nullable(),
    ratingCount: z.number().int(),
    contentUserUse: ContentUserUse.optional(),
    date: z.string().describe('The date the content refers to (ISO date)'),
    published: z.string().nullable(),
    fileFormats: z.array(z.string()),
  })
  .meta({ id: 'SearchResult' })
export type SearchResult = z.infer<typeof SearchResult>

export const Aggregations = z.object({
  sourceFriendlyName: z.array(Bucket),
  contentTypeName: z.array(Bucket),
  themes: z.array(Bucket),
  rating: z.array(Bucket),
  date: z.array(Bucket),
  /** Per Woo information category (key: its number); documents without one are not counted. */
  wooCategory: z.array(Bucket),
  labels: z.array(Bucket).optional(),
})
export type Aggregations = z.infer<typeof Aggregations>

/** 'Bedoelde u …': a close spelling of the query that finds clearly more, with the same filters. */
export const SearchSuggestion = z
  .object({
    /** The query with its likely misspelt words replaced (normalised: lowercase, no accents). */
    query: z.string(),
    /** What that query finds with the same filters. */
    total: z.number().int(),
  })
  .meta({ id: 'SearchSuggestion' })
export type SearchSuggestion = z.infer<typeof SearchSuggestion>

/** A word no catalogue word starts with, which the search also looked for as these words. */
export const SearchCorrection = z
  .object({ word: z.string(), alternatives: z.array(z.string()).min(1) })
  .meta({ id: 'SearchCorrection' })
export type SearchCorrection = z.infer<typeof SearchCorrection>

export const SearchResponse = z
  .object({
    Results: z.array(SearchResult),
    Total: z.number().int(),
    Aggregations,
    /** Only when the query found little and a close spelling finds clearly more. */
    Suggestion: SearchSuggestion.optional(),
    /** Only when words of the query were corrected (the results include the alternatives). */
    Corrections: z.array(SearchCorrection).optional(),
  })
  .meta({ id: 'SearchResponse' })
export type SearchResponse = z.infer<typeof SearchResponse>

export const CompleteParams = z.strictObject({ query: searchText() })
export const CompleteResponse = z.array(z.string()).max(SEARCH_LIMITS.maxSuggestions)

/** What the search bar needs before it asks for suggestions (spec section 5). */
export const shouldSuggest = (text: string) =>
  text.trim().toLowerCase().length >= SEARCH_LIMITS.minSuggestLength

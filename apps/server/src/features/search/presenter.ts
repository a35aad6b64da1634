import {
  NO_VALUE_BUCKET,
  type Aggregations,
  type Bucket,
  type SearchResponse,
  type SearchResult,
  type SearchSuggestion,
} from '@dataportaal/contract'
import { isEmployee, type Viewer } from '../../auth/viewer.ts'
import { escapeHtml } from '../../shared/html.ts'
import { formatName, presentSummary } from '../documents/index.ts'
import type { FacetCounts, KindCount } from './engine.ts'
import { excerpt, MARK_START, markedToHtml } from './highlight.ts'
import type { ResultRow } from './results.ts'
import type { TextMatch } from './text-match.ts'

/** What a search's response is made of, whichever engine found it. */
export interface SearchOutcome {
  rows: ResultRow[]
  total: number
  counts: FacetCounts
  suggestion: SearchSuggestion | undefined
}

/** The response to a search: the page's results, the total, the facets, a suggestion. */
export function presentSearch(
  { rows, total, counts, suggestion }: SearchOutcome,
  viewer: Viewer,
  match: TextMatch,
): SearchResponse {
  const corrections = match.kind === 'text' ? match.corrections : []
  return {
    Results: rows.map((result) => presentResult(result, viewer, match)),
    Total: total,
    Aggregations: presentAggregations(counts, viewer),
    ...(suggestion ? { Suggestion: suggestion } : {}),
    ...(corrections.length ? { Corrections: corrections } : {}),
  }
}

export function presentResult(row: ResultRow, viewer: Viewer, match: TextMatch): SearchResult {
  const snippet =
    match.kind === 'text' && row.snippet_marked?.includes(MARK_START)
      ? markedToHtml(row.snippet_marked)
      : excerpt(row.description)
  return {
    ...presentSummary(row, viewer),
    titleHighlight: row.title_marked ? markedToHtml(row.title_marked) : escapeHtml(row.title),
    snippet,
    fileFormats: row.media_types.map(formatName),
  }
}

const withNoValueLast = (list: Bucket[], key: string, count: number): Bucket[] =>
  count > 0 ? [...list, { key, count }] : list

/** Sums `count` per key, most documents first (ties by key). */
function rollUp<T>(rows: T[], key: (row: T) => string, count: (row: T) => number): Bucket[] {
  const sums = new Map<string, number>()
  for (const row of rows) sums.set(key(row), (sums.get(key(row)) ?? 0) + count(row))
  return [...sums]
    .map(([k, n]) => ({ key: k, count: n }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
}

/** Key `n` counts documents averaging at least n stars: cumulated from the whole stars. */
function ratingBuckets(periods: FacetCounts['periods']): Bucket[] {
  const buckets: Bucket[] = []
  let atLeast = 0
  for (let stars = 5; stars >= 1; stars--) {
    for (const period of periods) if (period.stars === stars) atLeast += period.count
    if (atLeast > 0) buckets.push({ key: String(stars), count: atLeast })
  }
  return buckets
}

function presentAggregations(counts: FacetCounts, viewer: Viewer): Aggregations {
  return {
    sourceFriendlyName: rollUp(
      counts.kinds,
      (k) => k.source,
      (k) => k.count,
    ),
    contentTypeName: rollUp(
      counts.kinds,
      (k) => k.contentType,
      (k) => k.count,
    ),
    themes: withNoValueLast(counts.themes, NO_VALUE_BUCKET.themes, counts.withoutTheme),
    rating: ratingBuckets(counts.periods),
    // Documents without a category are in no bucket: the facet offers no 'none'.
    wooCategory: rollUp(
      counts.kinds.filter((k): k is KindCount & { wooCategory: string } => k.wooCategory !== null),
      (k) => k.wooCategory,
      (k) => k.count,
    ),
    date: rollUp(
      counts.periods,
      (p) => String(p.year),
      (p) => p.count,
    ).sort((a, b) => Number(b.key) - Number(a.key)),
    ...(isEmployee(viewer)
      ? {
          labels: withNoValueLast(counts.labels ?? [], NO_VALUE_BUCKET.labels, counts.withoutLabel),
        }
      : {}),
  }
}

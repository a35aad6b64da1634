import {
  NO_VALUE_BUCKET,
  type Aggregations,
  type Bucket,
  type SearchQuery,
  type SearchResponse,
} from '@dataportaal/contract'
import { isEmployee, type Viewer } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import { clientHash, type ActivityClient } from '../activity-logs/client.ts'
import { visibleTo } from '../documents/index.ts'
import { loadResultRows, presentResult } from './results.ts'
import { relevanceRank } from './relevance.ts'
import { suggestSpelling } from './suggestion.ts'
import { toTextMatch, type TextMatch } from './text-match.ts'

const noneValues = new Set<string>([NO_VALUE_BUCKET.tags, NO_VALUE_BUCKET.themes])

/** `= any(names)`, where the 'no value' bucket name selects documents without any. */
function arrayFilter(column: string, values: string[], noneNames: Set<string>, params: Params) {
  const names = values.filter((value) => !noneNames.has(value))
  const parts = names.length ? [`${column} && ${params.add(names)}::text[]`] : []
  if (values.some((value) => noneNames.has(value))) parts.push(`${column} = '{}'`)
  return `(${parts.join(' or ')})`
}

/** What selects the documents of a search, without its paging and order. */
export type SearchFilters = Omit<SearchQuery, 'offset' | 'pageSize' | 'sort'>

/** The condition on `d` of a search: visible to the viewer, matching the text and filters. */
export function whereClause(
  viewer: Viewer,
  input: SearchFilters,
  match: TextMatch,
  params: Params,
) {
  const where = [visibleTo(viewer, params)]
  if (match.kind === 'text') {
    where.push(`d.search_vector @@ to_tsquery('dutch', ${params.add(match.prefixQuery)})`)
  }
  if (input.categoryType?.length) {
    where.push(
      `d.content_type_id in (select id from content_types where name = any(${params.add(input.categoryType)}::text[]))`,
    )
  }
  if (input.source?.length) {
    where.push(
      `d.source_id in (select id from sources where name = any(${params.add(input.source)}::text[]))`,
    )
  }
  if (input.tags?.length) where.push(arrayFilter('d.theme_names', input.tags, noneValues, params))
  if (input.labels?.length && isEmployee(viewer)) {
    const none = new Set<string>([NO_VALUE_BUCKET.labels])
    where.push(arrayFilter('d.label_names', input.labels, none, params))
  }
  if (input.wooCategory?.length) {
    where.push(`d.woo_category = any(${params.add(input.wooCategory)}::text[])`)
  }
  if (input.minRating) where.push(`d.rating_avg >= ${params.add(input.minRating)}`)
  if (input.dateFrom) where.push(`d.document_date >= ${params.add(input.dateFrom)}::date`)
  if (input.dateTo) where.push(`d.document_date <= ${params.add(input.dateTo)}::date`)
  return where.join('\n and ')
}

/** How many documents a text match finds with the search's filters (for a suggestion). */
async function countMatches(db: Queryable, viewer: Viewer, input: SearchFilters, match: TextMatch) {
  if (match.kind === 'none') return 0
  const params = new Params()
  const where = whereClause(viewer, input, match, params)
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from documents d where ${where}`,
    params.values,
  )
  return row!.n
}

function orderBy(input: SearchQuery, ranked: boolean): string {
  const byRank = ranked ? 'rank desc, ' : ''
  switch (input.sort) {
    case 'date':
      return `document_date desc, ${byRank}id`
    case 'rating':
      return `rating_avg desc nulls last, rating_count desc, ${byRank}id`
    default:
      return `${byRank}document_date desc, id`
  }
}

/** Matching documents counted per content type, source and Woo information category. */
interface KindRow {
  content_type: string
  source: string
  woo_category: string | null
  n: number
  no_theme: number
  no_label: number
}

/** Matching documents counted per year and whole number of stars (null: not rated). */
interface PeriodRow {
  year: number
  rating_floor: number | null
  n: number
}

interface SearchRow extends Record<string, unknown> {
  page: string[]
  kinds: KindRow[]
  periods: PeriodRow[]
  themes: Bucket[]
  labels: Bucket[] | null
}

/** Documents share few combinations of themes: count those, then split them into names. */
const tagBuckets = (column: string) =>
  `coalesce((select json_agg(json_build_object('key', b.key, 'count', b.n) order by b.n desc, b.key)
     from (select u.name as key, sum(g.n)::int as n
             from (select ${column} as names, count(*) as n from m group by 1) g
             cross join unnest(g.names) as u(name) group by 1) b), '[]')`

/**
 * One statement finds the matching documents once (materialised, narrow, ranked only when
 * the order needs it) and reads from that set the page and every aggregation: two small
 * group-bys whose rows the presenter rolls up into the facets and the total, plus the
 * themes (and labels) by unnesting.
 */
async function runSearch(db: Queryable, viewer: Viewer, input: SearchQuery, match: TextMatch) {
  const params = new Params()
  const ranked = match.kind === 'text' && input.sort === 'relevance'
  const rank = ranked ? relevanceRank(match, params) : '0::real'
  const where = whereClause(viewer, input, match, params)
  const limit = params.add(input.pageSize)
  const offset = params.add((input.offset - 1) * input.pageSize)
  const withLabels = isEmployee(viewer)
  const [row] = await db.query<SearchRow>(
    `with m as materialized (
       select d.id, d.content_type_id, d.source_id, d.woo_category, d.theme_names,
              ${withLabels ? 'd.label_names' : `'{}'::text[] as label_names`},
              d.rating_avg, d.rating_count, d.document_date, ${rank} as rank
         from documents d
        where ${where}
     )
     select
       array(select id::text from m order by ${orderBy(input, ranked)} limit ${limit} offset ${offset}) as page,
       coalesce((select json_agg(k) from (
         select c.name as content_type, s.name as source, g.woo_category, g.n, g.no_theme,
                g.no_label
           from (select content_type_id, source_id, woo_category, count(*)::int as n,
                        count(*) filter (where cardinality(theme_names) = 0)::int as no_theme,
                        count(*) filter (where cardinality(label_names) = 0)::int as no_label
                   from m group by 1, 2, 3) g
           join content_types c on c.id = g.content_type_id
           join sources s on s.id = g.source_id) k), '[]') as kinds,
       coalesce((select json_agg(p) from (
         select date_part('year', document_date)::int as year,
                floor(rating_avg)::int as rating_floor, count(*)::int as n
           from m group by 1, 2) p), '[]') as periods,
       ${tagBuckets('theme_names')} as themes,
       ${withLabels ? tagBuckets('label_names') : 'null'} as labels`,
    params.values,
  )
  return row!
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

/** Key `n` counts documents averaging at least n stars: cumulated from the floors. */
function ratingBuckets(periods: PeriodRow[]): Bucket[] {
  const buckets: Bucket[] = []
  let atLeast = 0
  for (let stars = 5; stars >= 1; stars--) {
    for (const row of periods) if (row.rating_floor === stars) atLeast += row.n
    if (atLeast > 0) buckets.push({ key: String(stars), count: atLeast })
  }
  return buckets
}

const sum = <T>(rows: T[], value: (row: T) => number) =>
  rows.reduce((total, row) => total + value(row), 0)

function presentAggregations(row: SearchRow, viewer: Viewer): Aggregations {
  return {
    sourceFriendlyName: rollUp(
      row.kinds,
      (k) => k.source,
      (k) => k.n,
    ),
    contentTypeName: rollUp(
      row.kinds,
      (k) => k.content_type,
      (k) => k.n,
    ),
    themes: withNoValueLast(
      row.themes,
      NO_VALUE_BUCKET.themes,
      sum(row.kinds, (k) => k.no_theme),
    ),
    rating: ratingBuckets(row.periods),
    // Documents without a category are in no bucket: the facet offers no 'none'.
    wooCategory: rollUp(
      row.kinds.filter((k): k is KindRow & { woo_category: string } => k.woo_category !== null),
      (k) => k.woo_category,
      (k) => k.n,
    ),
    date: rollUp(
      row.periods,
      (p) => String(p.year),
      (p) => p.n,
    ).sort((a, b) => Number(b.key) - Number(a.key)),
    ...(isEmployee(viewer)
      ? {
          labels: withNoValueLast(
            row.labels ?? [],
            NO_VALUE_BUCKET.labels,
            sum(row.kinds, (k) => k.no_label),
          ),
        }
      : {}),
  }
}

/** Who searched, and how many of their searches per clock hour the log keeps. */
export interface SearchLogging {
  client: ActivityClient
  limitPerHour: number
}

/**
 * Logs the search unless its client already had `limitPerHour` searches logged this clock
 * hour: one client cannot flood the dashboard's queries or the table. One statement, so
 * the quota holds on any number of nodes: the quota row's upsert returns a row only while
 * there is room, and the log row is written only then.
 */
async function logSearch(
  db: Queryable,
  viewer: Viewer,
  input: SearchQuery,
  total: number,
  logging: SearchLogging,
) {
  // Paging is not a filter: the log keeps what was asked, not which page of it.
  const { query, offset, pageSize, ...filters } = input
  const hash = await clientHash(db, logging.client)
  await db.query(
    `with quota as (
       insert into search_log_quota as q (client_hash, hour, logged)
       values ($5, date_trunc('hour', now(), 'UTC'), 1)
       on conflict (client_hash, hour) do update set logged = q.logged + 1
        where q.logged < $6
       returning 1
     )
     insert into search_log (query, normalized_query, filters, result_count, employee_id)
     select $1, portal_normalize(btrim($1)), $2, $3, $4 from quota`,
    [
      query ?? '',
      JSON.stringify(filters),
      total,
      isEmployee(viewer) ? viewer.id : null,
      hash,
      logging.limitPerHour,
    ],
  )
}

export async function searchDocuments(
  db: Queryable,
  viewer: Viewer,
  input: SearchQuery,
  logging: SearchLogging,
): Promise<SearchResponse> {
  const match = await toTextMatch(db, input.query)
  const empty: SearchRow = { page: [], kinds: [], periods: [], themes: [], labels: [] }
  const row = match.kind === 'none' ? empty : await runSearch(db, viewer, input, match)
  const total = sum(row.kinds, (kind) => kind.n)
  const rows = await loadResultRows(db, viewer, row.page, match)
  const suggestion = await suggestSpelling(db, match, total, (other) =>
    countMatches(db, viewer, input, other),
  )
  await logSearch(db, viewer, input, total, logging)
  const corrections = match.kind === 'text' ? match.corrections : []
  return {
    Results: rows.map((result) => presentResult(result, viewer, match)),
    Total: total,
    Aggregations: presentAggregations(row, viewer),
    ...(suggestion ? { Suggestion: suggestion } : {}),
    ...(corrections.length ? { Corrections: corrections } : {}),
  }
}

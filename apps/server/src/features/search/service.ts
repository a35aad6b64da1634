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
import { visibleTo } from '../documents/visibility.ts'
import { loadResultRows, presentResult } from './results.ts'
import { toTextMatch, type TextMatch } from './text-match.ts'

const noneValues = new Set<string>([NO_VALUE_BUCKET.tags, NO_VALUE_BUCKET.themes])

/** `= any(names)`, where the 'no value' bucket name selects documents without any. */
function arrayFilter(column: string, values: string[], noneNames: Set<string>, params: Params) {
  const names = values.filter((value) => !noneNames.has(value))
  const parts = names.length ? [`${column} && ${params.add(names)}::text[]`] : []
  if (values.some((value) => noneNames.has(value))) parts.push(`${column} = '{}'`)
  return `(${parts.join(' or ')})`
}

function whereClause(viewer: Viewer, input: SearchQuery, match: TextMatch, params: Params) {
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
  if (input.minRating) where.push(`d.rating_avg >= ${params.add(input.minRating)}`)
  if (input.dateFrom) where.push(`d.document_date >= ${params.add(input.dateFrom)}::date`)
  if (input.dateTo) where.push(`d.document_date <= ${params.add(input.dateTo)}::date`)
  return where.join('\n and ')
}

function orderBy(input: SearchQuery, match: TextMatch): string {
  const byRank = match.kind === 'text' ? 'rank desc, ' : ''
  switch (input.sort) {
    case 'date':
      return `document_date desc, ${byRank}id`
    case 'rating':
      return `rating_avg desc nulls last, rating_count desc, ${byRank}id`
    default:
      return `${byRank}document_date desc, id`
  }
}

interface SearchRow extends Record<string, unknown> {
  total: number
  page: string[]
  sources: Bucket[]
  types: Bucket[]
  themes: Bucket[]
  no_theme: number
  labels: Bucket[] | null
  no_label: number
  ratings: Bucket[]
  years: Bucket[]
}

const buckets = (groupBy: string, from = 'm') =>
  `coalesce((select json_agg(json_build_object('key', b.key, 'count', b.n) order by b.n desc, b.key)
     from (select ${groupBy} as key, count(*)::int as n from ${from} group by 1) b), '[]')`

/**
 * One statement finds the matching documents once (materialised), then reads the page,
 * the total and every aggregation from that set.
 */
async function runSearch(db: Queryable, viewer: Viewer, input: SearchQuery, match: TextMatch) {
  const params = new Params()
  const rank =
    match.kind === 'text'
      ? `ts_rank(d.search_vector, to_tsquery('dutch', ${params.add(match.prefixQuery)})) +
         ts_rank(d.search_vector, to_tsquery('dutch', ${params.add(match.exactQuery)}))`
      : '0'
  const where = whereClause(viewer, input, match, params)
  const limit = params.add(input.pageSize)
  const offset = params.add((input.offset - 1) * input.pageSize)
  const withLabels = isEmployee(viewer)
  const [row] = await db.query<SearchRow>(
    `with m as materialized (
       select d.id, d.content_type_id, d.source_id, d.theme_names,
              ${withLabels ? 'd.label_names' : `'{}'::text[] as label_names`},
              d.rating_avg, d.rating_count, d.document_date, ${rank} as rank
         from documents d
        where ${where}
     )
     select
       (select count(*)::int from m) as total,
       array(select id::text from m order by ${orderBy(input, match)} limit ${limit} offset ${offset}) as page,
       ${buckets('s.name', 'm join sources s on s.id = m.source_id')} as sources,
       ${buckets('c.name', 'm join content_types c on c.id = m.content_type_id')} as types,
       ${buckets('t.name', 'm cross join unnest(m.theme_names) as t(name)')} as themes,
       (select count(*)::int from m where theme_names = '{}') as no_theme,
       ${withLabels ? buckets('l.name', 'm cross join unnest(m.label_names) as l(name)') : 'null'} as labels,
       (select count(*)::int from m where label_names = '{}') as no_label,
       coalesce((select json_agg(json_build_object('key', r.n::text, 'count', r.count) order by r.n desc)
          from (select n, count(*) filter (where m.rating_avg >= n)::int as count
                  from m cross join generate_series(1, 5) as n group by n) r
         where r.count > 0), '[]') as ratings,
       coalesce((select json_agg(json_build_object('key', y.key, 'count', y.n) order by y.key desc)
          from (select extract(year from document_date)::int::text as key, count(*)::int as n
                  from m group by 1) y), '[]') as years`,
    params.values,
  )
  return row!
}

const withNoValueLast = (list: Bucket[], key: string, count: number): Bucket[] =>
  count > 0 ? [...list, { key, count }] : list

function presentAggregations(row: SearchRow, viewer: Viewer): Aggregations {
  return {
    sourceFriendlyName: row.sources,
    contentTypeName: row.types,
    themes: withNoValueLast(row.themes, NO_VALUE_BUCKET.themes, row.no_theme),
    rating: row.ratings,
    date: row.years,
    ...(isEmployee(viewer)
      ? { labels: withNoValueLast(row.labels ?? [], NO_VALUE_BUCKET.labels, row.no_label) }
      : {}),
  }
}

async function logSearch(db: Queryable, viewer: Viewer, input: SearchQuery, total: number) {
  const { query, offset, pageSize, ...filters } = input
  void offset
  void pageSize
  await db.query(
    `insert into search_log (query, normalized_query, filters, result_count, employee_id)
     values ($1, portal_normalize(btrim($1)), $2, $3, $4)`,
    [query ?? '', JSON.stringify(filters), total, isEmployee(viewer) ? viewer.id : null],
  )
}

export async function searchDocuments(
  db: Queryable,
  viewer: Viewer,
  input: SearchQuery,
): Promise<SearchResponse> {
  const match = await toTextMatch(db, input.query)
  const empty: SearchRow = {
    total: 0,
    page: [],
    sources: [],
    types: [],
    themes: [],
    no_theme: 0,
    labels: [],
    no_label: 0,
    ratings: [],
    years: [],
  }
  const row = match.kind === 'none' ? empty : await runSearch(db, viewer, input, match)
  const rows = await loadResultRows(db, viewer, row.page, match)
  await logSearch(db, viewer, input, row.total)
  return {
    Results: rows.map((result) => presentResult(result, viewer, match)),
    Total: row.total,
    Aggregations: presentAggregations(row, viewer),
  }
}

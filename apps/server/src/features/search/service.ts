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
import { entryVisibleTo } from '../documents/index.ts'
import { catalogueVersion, VersionedCache } from './cache.ts'
import { loadResultRows, presentResult, type PagePick } from './results.ts'
import {
  countFound,
  firstInOrder,
  NO_THEME_VALUES,
  pageOrder,
  selectPublished,
} from './memory/answer.ts'
import type { FollowedIndex, IndexSnapshot } from './memory/followed-index.ts'
import { rankDocs } from './memory/rank.ts'
import { keepScratch, withScratch } from './memory/scratch.ts'
import { matchDocs, parseTsquery, type TsQuery } from './memory/tsquery.ts'
import { MATCHED_SHARE, relevanceRank } from './relevance.ts'
import { suggestSpelling } from './suggestion.ts'
import { matchedTsquery, textMatchAtVersion, toTextMatch, type TextMatch } from './text-match.ts'

/** `= any(names)`, where the 'no value' bucket name selects documents without any. */
function arrayFilter(column: string, values: string[], noneNames: Set<string>, params: Params) {
  const names = values.filter((value) => !noneNames.has(value))
  const parts = names.length ? [`${column} && ${params.add(names)}::text[]`] : []
  if (values.some((value) => noneNames.has(value))) parts.push(`${column} = '{}'`)
  return `(${parts.join(' or ')})`
}

/** What selects the documents of a search, without its paging and order. */
export type SearchFilters = Omit<SearchQuery, 'offset' | 'pageSize' | 'sort'>

/**
 * The condition on a search entry `se` (migration 0016) of a search: visible to the viewer,
 * matching the text and filters. Facet filters name values; entries hold ids of kinds and
 * theme sets, so a filter selects the ids whose kind or set has those values.
 */
export function whereClause(
  viewer: Viewer,
  input: SearchFilters,
  match: TextMatch,
  params: Params,
) {
  const where = [entryVisibleTo(viewer, params)]
  if (match.kind === 'text') {
    where.push(`se.search_vector @@ ${matchedTsquery(params.add(match.prefixQuery))}`)
  }
  const kinds: string[] = []
  if (input.categoryType?.length) {
    kinds.push(
      `k.content_type_id in (select id from content_types where name = any(${params.add(input.categoryType)}::text[]))`,
    )
  }
  if (input.source?.length) {
    kinds.push(
      `k.source_id in (select id from sources where name = any(${params.add(input.source)}::text[]))`,
    )
  }
  if (input.wooCategory?.length) {
    kinds.push(`k.woo_category = any(${params.add(input.wooCategory)}::text[])`)
  }
  if (kinds.length) {
    where.push(`se.kind_id in (select k.id from search_kinds k where ${kinds.join(' and ')})`)
  }
  if (input.tags?.length) {
    const sets = arrayFilter('t.names', input.tags, NO_THEME_VALUES, params)
    where.push(`se.theme_set_id in (select t.id from search_theme_sets t where ${sets})`)
  }
  if (input.labels?.length && isEmployee(viewer)) {
    const none = new Set<string>([NO_VALUE_BUCKET.labels])
    where.push(arrayFilter('se.label_names', input.labels, none, params))
  }
  if (input.minRating) where.push(`se.rating_avg >= ${params.add(input.minRating)}`)
  if (input.dateFrom) where.push(`se.document_date >= ${params.add(input.dateFrom)}::date`)
  if (input.dateTo) where.push(`se.document_date <= ${params.add(input.dateTo)}::date`)
  return where.join('\n and ')
}

/** How many documents a text match finds with the search's filters (for a suggestion). */
async function countMatches(db: Queryable, viewer: Viewer, input: SearchFilters, match: TextMatch) {
  if (match.kind === 'none') return 0
  const params = new Params()
  const where = whereClause(viewer, input, match, params)
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from search_entries se where ${where}`,
    params.values,
  )
  return row!.n
}

function orderBy(input: Pick<SearchQuery, 'sort'>, ranked: boolean): string {
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
export interface KindRow {
  content_type: string
  source: string
  woo_category: string | null
  n: number
}

/** Matching documents counted per year and whole number of stars (null: not rated). */
export interface PeriodRow {
  year: number
  rating_floor: number | null
  n: number
}

/** Every count of a search: the facets and (their sum) the total. */
export interface Counts extends Record<string, unknown> {
  kinds: KindRow[]
  periods: PeriodRow[]
  themes: Bucket[]
  no_theme: number
  /** Employees only. */
  labels: Bucket[] | null
  no_label: number
}

interface SearchRow extends Counts {
  page: PagePick
}

/** What a search found: how many, which page, and every count. */
interface Found {
  total: number
  page: PagePick
  /**
   * The counts. The memory computes them only when asked, after the page's statement is sent:
   * the database reads the page meanwhile (`countedWhileReading`).
   */
  counts: () => Counts
}

/** The counts of an SQL answer, with its total: their sum. */
const foundBySql = ({ page, ...counts }: SearchRow): Found => ({
  total: sum(counts.kinds, (kind) => kind.n),
  page,
  counts: () => counts,
})

const NO_COUNTS: Counts = {
  kinds: [],
  periods: [],
  themes: [],
  no_theme: 0,
  labels: null,
  no_label: 0,
}

/**
 * The counts of the matches `m`, read in one pass: a grouping-sets aggregation over the
 * small integer columns of the entries (kind; year and stars; theme set), whose few hundred
 * rows are then named and split. Labels (employees only) are counted by their names, as few
 * documents carry any.
 */
function countsSql(withLabels: boolean) {
  const labels = withLabels
    ? `coalesce((select json_agg(json_build_object('key', b.key, 'count', b.n) order by b.n desc, b.key)
         from (select u.name as key, count(*)::int as n
                 from m cross join unnest(m.label_names) as u(name) group by 1) b), '[]') as labels,
       (select count(*)::int from m where m.label_names = '{}') as no_label`
    : `null as labels, 0 as no_label`
  return `g as (
       select kind_id, year, stars, theme_set_id, count(*)::int as n
         from m group by grouping sets ((kind_id), (year, stars), (theme_set_id))
     )
     select
       coalesce((select json_agg(k) from (
         select c.name as content_type, s.name as source, sk.woo_category, g.n
           from g join search_kinds sk on sk.id = g.kind_id
           join content_types c on c.id = sk.content_type_id
           join sources s on s.id = sk.source_id) k), '[]') as kinds,
       coalesce((select json_agg(p) from (
         select g.year, g.stars as rating_floor, g.n from g where g.year is not null) p), '[]') as periods,
       coalesce((select json_agg(json_build_object('key', b.key, 'count', b.n) order by b.n desc, b.key)
         from (select u.name as key, sum(g.n)::int as n
                 from g join search_theme_sets t on t.id = g.theme_set_id
                 cross join unnest(t.names) as u(name) group by 1) b), '[]') as themes,
       coalesce((select sum(g.n)::int from g join search_theme_sets t on t.id = g.theme_set_id
                  where t.names = '{}'), 0) as no_theme,
       ${labels}`
}

/** The columns of an entry that the page order and the counts read. */
const entryColumns = (withLabels: boolean) =>
  `se.document_id as id, se.kind_id, se.theme_set_id,
   ${withLabels ? 'se.label_names' : `'{}'::text[] as label_names`},
   date_part('year', se.document_date)::int as year, floor(se.rating_avg)::int as stars,
   se.rating_avg, se.rating_count, se.document_date`

/**
 * One statement finds the matching entries once (materialised, narrow, ranked only when the
 * order needs it) and reads from that set the page and every count.
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
       select ${entryColumns(withLabels)}, ${rank} as rank
         from search_entries se
        where ${where}
     ),
     ${countsSql(withLabels)},
       array(select id::text from m order by ${orderBy(input, ranked)} limit ${limit} offset ${offset}) as page`,
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

function presentAggregations(row: Counts, viewer: Viewer): Aggregations {
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
    themes: withNoValueLast(row.themes, NO_VALUE_BUCKET.themes, row.no_theme),
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
          labels: withNoValueLast(row.labels ?? [], NO_VALUE_BUCKET.labels, row.no_label),
        }
      : {}),
  }
}

/** Who searched, how many of their searches per clock hour the log keeps, and whom to tell of a failed write. */
export interface SearchLogging {
  client: ActivityClient
  limitPerHour: number
  onFailure: (error: unknown) => void
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

/** What a node keeps between searches (`VersionedCache`: until the catalogue changes). */
export interface SearchMemory {
  /** Answers to visitors, by their request; `SEARCH_CACHE_ENTRIES` of them (0: none). */
  answers: VersionedCache<SearchResponse>
  /** The counts of the whole published catalogue: what browsing without text shows. */
  catalogueCounts: VersionedCache<Counts>
  /**
   * Visitors' answers being computed, by version and request: the same search asked again
   * meanwhile (many visitors after a change, say) waits for that answer instead of asking
   * the database again.
   */
  pending: Map<string, Promise<SearchResponse>>
  /** The published entries in memory (`SEARCH_IN_MEMORY`), or null: SQL only. */
  index: FollowedIndex | null
}

export const searchMemory = (answers: number, index: FollowedIndex | null): SearchMemory => ({
  answers: new VersionedCache(answers),
  catalogueCounts: new VersionedCache(1),
  pending: new Map(),
  index,
})

/** Browsing: no text and no filter, so every published document matches. */
export const isBrowsing = (input: SearchQuery, match: TextMatch) =>
  match.kind === 'all' &&
  [input.categoryType, input.tags, input.source, input.wooCategory, input.labels].every(
    (values) => !values?.length,
  ) &&
  !input.minRating &&
  !input.dateFrom &&
  !input.dateTo

/**
 * A visitor browsing: the counts are those of the whole published catalogue, computed once
 * per catalogue version (with the version of their own snapshot), and the page comes from
 * the index of the newest entries.
 */
async function browse(
  db: Queryable,
  input: SearchQuery,
  memory: SearchMemory,
  version: number,
): Promise<SearchRow> {
  let counts = memory.catalogueCounts.get(version, 'public')
  if (!counts) {
    const [row] = await db.query<Counts & { version: string }>(
      `with m as materialized (select ${entryColumns(false)} from search_entries se where se.public),
       ${countsSql(false)},
       (select version::text from search_state) as version`,
    )
    const { version: countedAt, ...counted } = row!
    counts = counted
    memory.catalogueCounts.set(Number(countedAt), 'public', counts)
  }
  const params = new Params()
  const page = await db.query<{ id: string }>(
    `select id::text as id
       from (select se.document_id as id, se.document_date, se.rating_avg, se.rating_count
               from search_entries se where se.public) entry
      order by ${orderBy(input, false)}
      limit ${params.add(input.pageSize)} offset ${params.add((input.offset - 1) * input.pageSize)}`,
    params.values,
  )
  return { ...counts, page: page.map((row) => row.id) }
}

/** Candidates beyond the page that the memory's order hands the database to order. */
const RESCORED_MARGIN = 20
/** Deeper pages are left to SQL: ordering their candidates costs more than it saves. */
const MAX_IN_MEMORY_CANDIDATES = 5000

/**
 * A visitor's search on the entries in memory (docs/search.md, "In memory"): the matches,
 * the filters and every count computed there, and the order too; the database then orders
 * the few candidates of the page with the real `ts_rank`, so the page is exactly what SQL
 * gives. Null when the index does not hold the request's version yet, or cannot evaluate
 * the query: then SQL answers.
 */
async function searchInMemory(
  db: Queryable,
  input: SearchQuery,
  match: Extract<TextMatch, { kind: 'all' | 'text' }>,
  index: FollowedIndex,
  version: number,
): Promise<Found | null> {
  if (!inMemoryCanAnswer(input) || !index.at(version)) return null
  const queries = match.kind === 'text' ? await parsedQueries(db, match) : null
  // Taken after the await: one snapshot, read without a pause, for the whole computation.
  const snapshot = index.at(version)
  if (!snapshot) return null
  const evaluated = evaluateInMemory(snapshot, input, queries)
  if (!evaluated) return null
  const start = (input.offset - 1) * input.pageSize
  return {
    total: evaluated.total,
    page:
      evaluated.candidates.length > start ? candidatesPick(input, match, evaluated.candidates) : [],
    counts: evaluated.counts,
  }
}

/** Candidates the memory picks for the database to order: the pages up to this one, and a margin. */
const candidatesWanted = (input: Pick<SearchQuery, 'offset' | 'pageSize'>) =>
  input.offset * input.pageSize + RESCORED_MARGIN

/** Whether the memory answers this page: deeper pages are left to SQL. */
const inMemoryCanAnswer = (input: Pick<SearchQuery, 'offset' | 'pageSize'>) =>
  candidatesWanted(input) <= MAX_IN_MEMORY_CANDIDATES

/** The text of a search as the index evaluates it: what matches, and what was asked. */
export interface ParsedQueries {
  /** What matches (`matchedTsquery`). */
  matched: TsQuery
  /** The rank's first query (`relevanceRank`): the words asked for, as whole words. */
  asked: TsQuery
  /** The rank's second query: every word, each with its stem's prefix (wider than `matched`). */
  ranked: TsQuery
}

/** The database parses the text (the Dutch stemmer is there); the index evaluates it. */
export async function parsedQueries(
  db: Queryable,
  match: Extract<TextMatch, { kind: 'text' }>,
): Promise<ParsedQueries> {
  const [row] = await db.query<{ matched: string; asked: string; ranked: string }>(
    `select ${matchedTsquery('$1')}::text as matched, to_tsquery('dutch', $2)::text as asked,
            to_tsquery('dutch', $1)::text as ranked`,
    [match.prefixQuery, match.rankQuery],
  )
  return {
    matched: parseTsquery(row!.matched),
    asked: parseTsquery(row!.asked),
    ranked: parseTsquery(row!.ranked),
  }
}

/**
 * The search's work on one snapshot, without any statement: the published documents that
 * match (`queries`, or all when null) and pass the filters, how many, the candidates of the
 * page in the memory's order (the page plus a margin), and their counts, computed when first
 * asked for. Null when the index cannot evaluate the query. Exported for the benchmark,
 * which times it, counts included, as the search's own work.
 */
export function evaluateInMemory(
  snapshot: IndexSnapshot,
  input: SearchQuery,
  queries: ParsedQueries | null,
): { total: number; candidates: string[]; counts: () => Counts } | null {
  // The working arrays are reused by the next search; only the found documents are kept
  // beyond the scope, until they are counted. Counted later, they count the same values:
  // the index only appends ordinals and marks removed ones, it never rewrites one.
  return withScratch(() => {
    const matched = queries ? matchDocs(queries.matched, snapshot.index) : null
    if (queries && !matched) return null
    const found = selectPublished(snapshot, input, matched)
    const ranked = queries !== null && input.sort === 'relevance'
    const scores = ranked ? combinedRank(queries, snapshot, found) : null
    const first = firstInOrder(
      found.length,
      Math.min(candidatesWanted(input), found.length),
      pageOrder(snapshot, input.sort, scores, found),
    )
    const giveBack = keepScratch(found)
    let counts: Counts | null = null
    return {
      total: found.length,
      candidates: first.map((position) => snapshot.index.ids[found[position]!]!),
      counts: () => {
        if (!counts) {
          counts = countFound(snapshot, found)
          giveBack()
        }
        return counts
      },
    }
  })
}

/** `relevanceRank`, computed in memory for every found document (per position). */
function combinedRank(
  queries: ParsedQueries,
  snapshot: IndexSnapshot,
  found: Int32Array,
): Float64Array {
  const ranks = rankDocs(queries.asked, snapshot.index, found, found.length)
  const matched = rankDocs(queries.ranked, snapshot.index, found, found.length)
  for (let i = 0; i < ranks.length; i++) ranks[i] = ranks[i]! + MATCHED_SHARE * matched[i]!
  return ranks
}

/**
 * The page among the candidates, in the order SQL gives them (`orderBy`, real rank): chosen
 * in the statement that reads the page's documents.
 */
const candidatesPick =
  (input: SearchQuery, match: Extract<TextMatch, { kind: 'all' | 'text' }>, candidates: string[]) =>
  (params: Params) => {
    const ranked = match.kind === 'text' && input.sort === 'relevance'
    const rank = ranked ? relevanceRank(match, params) : '0::real'
    const order = orderBy(input, ranked)
    return `select m.id, row_number() over (order by ${order}) as ord
       from (select se.document_id as id, se.document_date, se.rating_avg, se.rating_count,
                    ${rank} as rank
               from search_entries se
              where se.document_id = any(${params.add(candidates)}::uuid[]) and se.public) m
      order by ${order}
      limit ${params.add(input.pageSize)} offset ${params.add((input.offset - 1) * input.pageSize)}`
  }

/**
 * The counts of `found`, computed in the event loop's next turn: the statements this one
 * asked for (the page's, the log's) are on their way by then, so the database reads them
 * while this thread counts (PostgreSQL in its processes, PGlite on its own thread).
 */
const countedWhileReading = (found: Found) =>
  new Promise<Counts>((resolve, reject) => {
    setImmediate(() => {
      try {
        resolve(found.counts())
      } catch (error) {
        reject(error)
      }
    })
  })

/** What a search was asked in: the catalogue's version (null: not kept) and its text. */
interface Asked {
  version: number | null
  match: TextMatch
}

async function answerSearch(
  db: Queryable,
  viewer: Viewer,
  input: SearchQuery,
  memory: SearchMemory,
  { version, match }: Asked,
  onTotal: (total: number) => void,
): Promise<SearchResponse> {
  const found =
    match.kind === 'none'
      ? foundBySql({ ...NO_COUNTS, page: [] })
      : version !== null && isBrowsing(input, match)
        ? foundBySql(await browse(db, input, memory, version))
        : ((version !== null && memory.index
            ? await searchInMemory(db, input, match, memory.index, version)
            : null) ?? foundBySql(await runSearch(db, viewer, input, match)))
  const { total } = found
  onTotal(total)
  const [rows, counts] = await Promise.all([
    loadResultRows(db, viewer, found.page, match),
    countedWhileReading(found),
  ])
  const suggestion = await suggestSpelling(db, match, total, (other) =>
    countMatches(db, viewer, input, other),
  )
  const corrections = match.kind === 'text' ? match.corrections : []
  return {
    Results: rows.map((result) => presentResult(result, viewer, match)),
    Total: total,
    Aggregations: presentAggregations(counts, viewer),
    ...(suggestion ? { Suggestion: suggestion } : {}),
    ...(corrections.length ? { Corrections: corrections } : {}),
  }
}

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
  memory: SearchMemory,
): Promise<SearchResponse> {
  let logged: Promise<void> | undefined
  const logTotal = (total: number) => {
    if (logged) return
    // The log is secondary: a search is answered also when its row cannot be written (a
    // full disk, a database error), and the failure is reported instead.
    logged = logSearch(db, viewer, input, total, logging).catch(logging.onFailure)
  }
  const answer = isEmployee(viewer)
    ? await answerSearch(
        db,
        viewer,
        input,
        memory,
        { version: null, match: await toTextMatch(db, input.query) },
        logTotal,
      )
    : await answerVisitor(db, viewer, input, memory, logTotal)
  // A kept answer, or one another request was computing, is logged now.
  logTotal(answer.Total)
  await logged
  return answer
}

async function answerVisitor(
  db: Queryable,
  viewer: Viewer,
  input: SearchQuery,
  memory: SearchMemory,
  onTotal: (total: number) => void,
): Promise<SearchResponse> {
  const key = JSON.stringify(input)
  // A request this node keeps an answer to needs only the version, to confirm it; any other
  // needs its words looked up too, read with the version in one statement.
  const read: { version: number; match: TextMatch | null } = memory.answers.holds(key)
    ? { version: await catalogueVersion(db), match: null }
    : await textMatchAtVersion(db, input.query)
  const { version } = read
  const kept = memory.answers.get(version, key)
  if (kept) return kept
  const flight = `${version} ${key}`
  let pending = memory.pending.get(flight)
  if (!pending) {
    pending = (read.match ? Promise.resolve(read.match) : toTextMatch(db, input.query))
      .then((match) => answerSearch(db, viewer, input, memory, { version, match }, onTotal))
      .then((answer) => {
        memory.answers.set(version, key, answer)
        return answer
      })
      .finally(() => memory.pending.delete(flight))
    memory.pending.set(flight, pending)
  }
  return pending
}

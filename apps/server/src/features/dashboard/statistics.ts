import {
  DASHBOARD_LIMITS,
  DocumentStatus,
  periodDays,
  type Bucket,
  type Dashboard,
  type DashboardPeriod,
} from '@dataportaal/contract'
import type { Queryable } from '../../db/client.ts'

/** Days and months are those of the city, not of the server. */
const ZONE = 'Europe/Amsterdam'

interface Bounds {
  fromDay: string
  toDay: string
  /** Start of the first day of the period and end of today, as instants. */
  since: Date
  until: Date
  /** Start of the first month of the uploads series. */
  monthsSince: Date
  fromMonth: string
}

async function boundsOf(db: Queryable, now: Date, days: number): Promise<Bounds> {
  const [row] = await db.query<{
    from_day: string
    to_day: string
    since: Date
    until: Date
    months_since: Date
    from_month: string
  }>(
    `with today as (select ($1::timestamptz at time zone '${ZONE}')::date as day),
          first as (select day - ($2::int - 1) as day,
                           date_trunc('month', day::timestamp) - make_interval(months => $3::int - 1) as month
                      from today)
     select to_char(first.day, 'YYYY-MM-DD') as from_day, to_char(today.day, 'YYYY-MM-DD') as to_day,
            first.day::timestamp at time zone '${ZONE}' as since,
            (today.day + 1)::timestamp at time zone '${ZONE}' as until,
            first.month at time zone '${ZONE}' as months_since,
            to_char(first.month, 'YYYY-MM') as from_month
       from today, first`,
    [now.toISOString(), days, DASHBOARD_LIMITS.uploadMonths],
  )
  if (!row) throw new Error('the period bounds query returned no row')
  return {
    fromDay: row.from_day,
    toDay: row.to_day,
    since: row.since,
    until: row.until,
    monthsSince: row.months_since,
    fromMonth: row.from_month,
  }
}

/** `count` consecutive keys from `first` ('YYYY-MM-DD' days or 'YYYY-MM' months). */
function consecutive(first: string, count: number, unit: 'day' | 'month'): string[] {
  const start = new Date(unit === 'day' ? `${first}T00:00:00Z` : `${first}-01T00:00:00Z`)
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(start)
    if (unit === 'day') date.setUTCDate(date.getUTCDate() + i)
    else date.setUTCMonth(date.getUTCMonth() + i)
    return date.toISOString().slice(0, unit === 'day' ? 10 : 7)
  })
}

function zeroFilled(keys: string[], rows: Array<{ key: string; count: number }>) {
  const counts = new Map(rows.map((row) => [row.key, row.count]))
  return keys.map((key) => ({ key, count: counts.get(key) ?? 0 }))
}

/** Documents not deleted of one status and Woo information category. */
interface StatusCount extends Record<string, unknown> {
  status: string
  woo_category: string | null
  count: number
}

const total = (rows: StatusCount[]) => rows.reduce((sum, row) => sum + row.count, 0)

/** Every Woo information category in use, by number. */
function byWooCategory(rows: StatusCount[]): Bucket[] {
  const codes = [...new Set(rows.flatMap((row) => row.woo_category ?? []))].sort()
  return codes.map((key) => ({ key, count: total(rows.filter((row) => row.woo_category === key)) }))
}

/**
 * The catalogue now: documents not deleted, by status, Woo information category (one
 * group-by for both), content type and theme.
 */
async function documentCounts(db: Queryable) {
  const [statuses, contentTypes, themes] = await Promise.all([
    db.query<StatusCount>(
      `select status, woo_category, count(*)::int as count
         from documents where deleted_at is null group by status, woo_category`,
    ),
    db.query<Bucket>(
      `select ct.name as key, c.count
         from (select content_type_id, count(*)::int as count
                 from documents where deleted_at is null group by content_type_id) c
         join content_types ct on ct.id = c.content_type_id
        order by c.count desc, ct.name`,
    ),
    // A document without themes gives one row with a null theme.
    db.query<{ key: string | null; count: number }>(
      `select theme as key, count(*)::int as count
         from documents d left join lateral unnest(d.theme_names) as theme on true
        where d.deleted_at is null
        group by theme order by count desc, theme`,
    ),
  ])
  const byStatus = DocumentStatus.options.map((status) => ({
    key: status,
    count: total(statuses.filter((row) => row.status === status)),
  }))
  return {
    total: byStatus.reduce((sum, bucket) => sum + bucket.count, 0),
    byStatus,
    byContentType: contentTypes,
    byTheme: themes.flatMap(({ key, count }) => (key === null ? [] : [{ key, count }])),
    withoutTheme: themes.find((row) => row.key === null)?.count ?? 0,
    byWooCategory: byWooCategory(statuses),
  }
}

/**
 * Every figure of the dashboard for the period ending today (`now`, Europe/Amsterdam).
 * The logs are read as range scans over their `at` index for the period only.
 */
export async function computeDashboard(
  db: Queryable,
  period: DashboardPeriod,
  now: Date,
): Promise<Dashboard> {
  const days = periodDays(period)
  const bounds = await boundsOf(db, now, days)
  const range = [bounds.since, bounds.until]
  const top = DASHBOARD_LIMITS.topItems
  const [
    documents,
    [rating],
    [active],
    outbox,
    uploads,
    opens,
    topDocuments,
    topQueries,
    zeroResults,
  ] = await Promise.all([
    documentCounts(db),
    db.query<{ average: number | null; count: number }>(
      `select round(avg(r.rating), 1)::float8 as average, count(*)::int as count
           from ratings r join documents d on d.id = r.document_id
          where d.deleted_at is null`,
    ),
    db.query<{ count: number }>(
      'select count(*)::int as count from employees where last_seen_at >= $1',
      [bounds.since],
    ),
    // The outbox only (a partial index): delivered questions are never read.
    db.query<{ status: string; count: number }>(
      `select status, count(*)::int as count from data_requests
          where status <> 'delivered' group by status`,
    ),
    db.query<Bucket>(
      `select to_char(month, 'YYYY-MM') as key, count
           from (select date_trunc('month', created_at at time zone '${ZONE}') as month,
                        count(*)::int as count
                   from documents
                  where external_key is null and created_at >= $1 and created_at < $2
                  group by 1) m`,
      [bounds.monthsSince, bounds.until],
    ),
    db.query<Bucket>(
      // Formatting after grouping: to_char on every row costs ten times more.
      `select to_char(day, 'YYYY-MM-DD') as key, count
           from (select (at at time zone '${ZONE}')::date as day, count(*)::int as count
                   from document_opens where at >= $1 and at < $2
                  group by 1) d`,
      range,
    ),
    db.query<{ id: string; title: string; count: number }>(
      // Deleted documents (few) are left out before ranking, titles joined to the top only.
      `select d.id::text as id, d.title, o.count
           from (select document_id, count(*)::int as count from document_opens
                  where at >= $1 and at < $2
                    and document_id not in (select id from documents where deleted_at is not null)
                  group by document_id order by count desc, document_id limit ${top}) o
           join documents d on d.id = o.document_id
          order by o.count desc, d.title, d.id`,
      range,
    ),
    db.query<{ query: string; count: number }>(
      `select normalized_query as query, count(*)::int as count
           from search_log where at >= $1 and at < $2 and normalized_query <> ''
          group by normalized_query order by count desc, normalized_query
          limit ${top}`,
      range,
    ),
    db.query<{ query: string; count: number }>(
      `select normalized_query as query, count(*)::int as count
           from search_log
          where at >= $1 and at < $2 and normalized_query <> '' and result_count = 0
          group by normalized_query order by count desc, normalized_query
          limit ${top}`,
      range,
    ),
  ])
  const [subscriptions] = await db.query<{
    total: number
    confirmed: number
    sent: number
    bounced: number
  }>(
    `select (select count(*)::int from subscriptions) as total,
            (select count(*)::int from subscriptions where confirmed_at is not null) as confirmed,
            (select count(*)::int from subscription_messages where status = 'delivered') as sent,
            (select count(*)::int from subscription_messages where status = 'bounced') as bounced`,
  )
  const dayKeys = consecutive(bounds.fromDay, days, 'day')
  const monthKeys = consecutive(bounds.fromMonth, DASHBOARD_LIMITS.uploadMonths, 'month')
  return {
    period,
    from: bounds.fromDay,
    to: bounds.toDay,
    generatedAt: now.toISOString(),
    documents,
    averageRating: rating?.average ?? null,
    ratingCount: rating?.count ?? 0,
    activeEmployees: active?.count ?? 0,
    dataRequests: {
      waiting: outbox.find((row) => row.status === 'pending')?.count ?? 0,
      held: outbox.find((row) => row.status === 'held')?.count ?? 0,
      failed: outbox.find((row) => row.status === 'failed')?.count ?? 0,
    },
    subscriptions: subscriptions ?? { total: 0, confirmed: 0, sent: 0, bounced: 0 },
    uploadsPerMonth: zeroFilled(monthKeys, uploads).map(({ key, count }) => ({
      month: key,
      count,
    })),
    opensPerDay: zeroFilled(dayKeys, opens).map(({ key, count }) => ({ day: key, count })),
    topDocuments: topDocuments.map((row) => ({ id: row.id, title: row.title, count: row.count })),
    topQueries: topQueries.map((row) => ({ query: row.query, count: row.count })),
    zeroResultQueries: zeroResults.map((row) => ({ query: row.query, count: row.count })),
  }
}

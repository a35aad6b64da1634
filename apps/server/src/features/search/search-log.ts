import type { SearchQuery } from '@dataportaal/contract'
import { isEmployee, type Viewer } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import { clientHash, type ActivityClient } from '../activity-logs/client.ts'

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
export async function logSearch(
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

/**
 * The log of one search, written once its total is known: `write` starts it (the first
 * call only), `written` waits for it. The log is secondary: a search is answered also when
 * its row cannot be written (a full disk, a database error), and the failure is reported.
 */
export function searchLogOnce(
  db: Queryable,
  viewer: Viewer,
  input: SearchQuery,
  logging: SearchLogging,
) {
  let logged: Promise<void> | undefined
  return {
    write(total: number) {
      logged ??= logSearch(db, viewer, input, total, logging).catch(logging.onFailure)
    },
    written: () => logged,
  }
}

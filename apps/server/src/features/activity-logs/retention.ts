import type { Config } from '../../config.ts'
import type { Queryable } from '../../db/client.ts'

/** A client's openings of one document count once per this many minutes. */
export const OPEN_COUNT_WINDOW_MINUTES = 30

export type ActivityLogSettings = Config['activityLogs']

/**
 * Rows per delete: the first run on a log that never had a retention may find a year of
 * rows to go, and one statement over all of them would hold its locks and WAL that long.
 */
const BATCH = 5_000

/** Deletes the rows of `table` whose `column` is before `cutoff` (SQL), a batch at a time. */
async function deleteBefore(
  db: Queryable,
  table: string,
  column: string,
  cutoff: string,
  params: readonly unknown[] = [],
): Promise<number> {
  let deleted = 0
  for (;;) {
    const [row] = await db.query<{ n: number }>(
      `with gone as (
         delete from ${table} where ctid = any(array(
           select ctid from ${table} where ${column} < ${cutoff} limit ${BATCH}))
         returning 1)
       select count(*)::int as n from gone`,
      params,
    )
    const n = row?.n ?? 0
    deleted += n
    if (n < BATCH) return deleted
  }
}

export interface PrunedActivity {
  opens: number
  searches: number
  openMarks: number
  searchQuotas: number
}

/**
 * Applies the logs' retention and drops the limits' bookkeeping that no longer decides
 * anything. Every node runs it hourly: deleting what another node deletes at the same time
 * is harmless, and a mark or quota deleted here is one the next request would overwrite.
 */
export async function pruneActivityLogs(
  db: Queryable,
  settings: ActivityLogSettings,
): Promise<PrunedActivity> {
  return {
    opens: await deleteBefore(db, 'document_opens', 'at', `now() - $1 * interval '1 day'`, [
      settings.openRetentionDays,
    ]),
    searches: await deleteBefore(db, 'search_log', 'at', `now() - $1 * interval '1 day'`, [
      settings.searchRetentionDays,
    ]),
    openMarks: await deleteBefore(
      db,
      'document_open_marks',
      'counted_at',
      `now() - interval '${OPEN_COUNT_WINDOW_MINUTES} minutes'`,
    ),
    // Only the current clock hour's count limits anything.
    searchQuotas: await deleteBefore(db, 'search_log_quota', 'hour', `now() - interval '1 hour'`),
  }
}

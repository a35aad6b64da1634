import type { Queryable } from '../../../db/client.ts'

/**
 * Removed entries are recorded for the nodes that still hold them in memory; a node that
 * has not caught up for a day reads everything again, so after a week nobody needs them.
 */
const KEEP_REMOVALS = '7 days'

/** Forgets removals older than a week (hourly maintenance); returns how many. */
export async function pruneSearchRemovals(db: Queryable): Promise<number> {
  const rows = await db.query(
    `delete from search_entry_removals where removed_at < now() - interval '${KEEP_REMOVALS}' returning 1`,
  )
  return rows.length
}

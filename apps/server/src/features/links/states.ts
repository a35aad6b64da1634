import { linkStateOf, type LinkState } from '@dataportaal/contract'
import type { Queryable } from '../../db/client.ts'

/**
 * What the link checker knows of each URL: 'ok' when its last check was answered, 'kapot'
 * after LINK_BROKEN_AFTER failed checks in a row, 'onbekend' when not (yet) checked or failing
 * fewer times than that. The seam the metadata-quality score reads accessibility from.
 */
export async function linkStates(
  db: Queryable,
  urls: readonly string[],
): Promise<ReadonlyMap<string, LinkState>> {
  const states = new Map<string, LinkState>(urls.map((url) => [url, 'onbekend']))
  if (urls.length === 0) return states
  const rows = await db.query<{
    url: string
    failures_in_a_row: number
    last_checked_at: Date | null
  }>(
    `select url, failures_in_a_row, last_checked_at from link_checks where url = any($1::text[])`,
    [[...new Set(urls)]],
  )
  for (const row of rows) {
    states.set(
      row.url,
      linkStateOf({ failuresInARow: row.failures_in_a_row, checked: row.last_checked_at !== null }),
    )
  }
  return states
}

import type { Queryable } from '../../db/client.ts'
import type { CheckOutcome } from './check-url.ts'

/**
 * Records a check of `url` in round `round`: a good one resets the failures in a row, a
 * failed one adds one (and starts `broken_since`). A URL checked in this round already (a
 * job taken over after its lease ran out) is not counted twice. True when it was recorded.
 */
export async function recordCheck(
  db: Queryable,
  url: string,
  round: number,
  outcome: CheckOutcome,
): Promise<boolean> {
  const rows = await db.query(
    `insert into link_checks as c (url, last_status, last_error, last_checked_at,
                                   failures_in_a_row, broken_since, last_round)
     values ($1, $2, left($3, 500), now(), case when $4 then 0 else 1 end,
             case when $4 then null else now() end, $5)
     on conflict (url) do update
        set last_status = excluded.last_status, last_error = excluded.last_error,
            last_checked_at = excluded.last_checked_at, last_round = excluded.last_round,
            failures_in_a_row = case when $4 then 0 else c.failures_in_a_row + 1 end,
            broken_since = case when $4 then null else coalesce(c.broken_since, now()) end
      where c.last_round < excluded.last_round
     returning url`,
    [url, outcome.status, outcome.error, outcome.ok, round],
  )
  return rows.length > 0
}

/** Those of `urls` that round `round` has checked already. */
export async function checkedInRound(
  db: Queryable,
  urls: readonly string[],
  round: number,
): Promise<Set<string>> {
  const rows = await db.query<{ url: string }>(
    `select url from link_checks where url = any($1::text[]) and last_round >= $2`,
    [[...urls], round],
  )
  return new Set(rows.map((row) => row.url))
}

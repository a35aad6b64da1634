import { setTimeout as sleep } from 'node:timers/promises'
import type { Queryable } from '../../db/client.ts'

/** The least time between two requests to one host, from all nodes together. */
export const PER_HOST_INTERVAL_MS = 1_000

/**
 * Waits for this host's next free slot, taken in the database so that checks on several
 * nodes (or several jobs of one host) together ask a host at most once per `intervalMs`.
 */
export async function waitForHostSlot(
  db: Queryable,
  hostname: string,
  intervalMs: number = PER_HOST_INTERVAL_MS,
): Promise<void> {
  const [row] = await db.query<{ wait_ms: number }>(
    `insert into link_check_hosts as h (host, next_request_at)
     values ($1, clock_timestamp() + $2 * interval '1 millisecond')
     on conflict (host) do update
        set next_request_at = greatest(h.next_request_at, clock_timestamp())
                              + $2 * interval '1 millisecond'
     returning greatest(0, extract(epoch from (h.next_request_at - $2 * interval '1 millisecond'
                                               - clock_timestamp())) * 1000)::float8 as wait_ms`,
    [hostname.slice(0, 300), intervalMs],
  )
  const waitMs = row?.wait_ms ?? 0
  if (waitMs > 0) await sleep(waitMs)
}

/** Forgets hosts not asked for a day: the table holds only those a round is using. */
export async function forgetIdleHosts(db: Queryable): Promise<void> {
  await db.query(`delete from link_check_hosts where next_request_at < now() - interval '1 day'`)
}

import type { Queryable } from '../../db/client.ts'

/** One address, one row: what the visitor typed, trimmed and in lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase()

/** An address as a log may show it: 'j***@example.org'. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return '***'
  return `${email[0]}***${email.slice(at)}`
}

/** The address goes with its last subscription (issue 34: stored only for them). */
export async function forgetAddressIfUnused(tx: Queryable, subscriberIds: readonly string[]) {
  if (subscriberIds.length === 0) return 0
  const rows = await tx.query(
    `delete from subscribers s
      where s.id = any($1::uuid[])
        and not exists (select 1 from subscriptions x where x.subscriber_id = s.id)
      returning id`,
    [subscriberIds],
  )
  return rows.length
}

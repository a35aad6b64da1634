import type { Db } from '../../db/client.ts'
import { enqueueDelivery } from './service.ts'

export type OutboxStatus = 'pending' | 'held' | 'failed'

export type OutboxEntry = {
  id: string
  status: OutboxStatus
  createdAt: Date
  attempts: number
  lastError: string | null
  email: string
  subject: string
}

/** Data questions not (yet) delivered, oldest first: for the admin's CLI. */
export async function listOutbox(
  db: Db,
  statuses: readonly OutboxStatus[] = ['pending', 'held', 'failed'],
): Promise<OutboxEntry[]> {
  return db.query<OutboxEntry>(
    `select id::text as id, status, created_at as "createdAt", attempts,
            last_error as "lastError", email, subject
       from data_requests
      where status = any($1::text[])
      order by created_at, id`,
    [statuses],
  )
}

/**
 * Queues held or failed questions for delivery again, each with a fresh set of attempts.
 * The status change and the jobs are one transaction, and only rows still in one of
 * `statuses` change: two nodes doing this at once queue each question once.
 */
export async function requeueDataRequests(
  db: Db,
  options: {
    statuses: readonly ('held' | 'failed')[]
    maxAttempts: number
    ids?: readonly string[]
  },
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string }>(
      `update data_requests set status = 'pending', failed_at = null
        where status = any($1::text[]) and ($2::uuid[] is null or id = any($2::uuid[]))
        returning id::text`,
      [options.statuses, options.ids ?? null],
    )
    const ids = rows.map((row) => row.id)
    await enqueueDelivery(tx, ids, options.maxAttempts)
    return ids
  })
}

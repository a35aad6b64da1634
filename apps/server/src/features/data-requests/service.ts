import { randomUUID } from 'node:crypto'
import { HONEYPOT_FIELD, type DataRequest } from '@dataportaal/contract'
import type { Db, Queryable } from '../../db/client.ts'
import { enqueueJobs } from '../../jobs/queue.ts'

/** Sends one stored data question to the data team (delivery-job.ts). */
export const DELIVER_DATA_REQUEST_JOB = 'deliver-data-request'

export interface DataRequestSettings {
  /** Requests one client address may send per hour. */
  ratePerHour: number
  /** Delivery attempts before a request is marked failed. */
  maxAttempts: number
}

export type SubmitOutcome =
  { kind: 'accepted'; id: string } | { kind: 'rate-limited'; retryAfterSeconds: number }

/** Any constant: the first key of the per-address advisory lock. */
const RATE_LOCK_CLASS = 734_002_118

export function enqueueDelivery(tx: Queryable, ids: readonly string[], maxAttempts: number) {
  return enqueueJobs(
    tx,
    DELIVER_DATA_REQUEST_JOB,
    ids.map((requestId) => ({ requestId })),
    { maxAttempts },
  )
}

/**
 * Seconds until this address may send again, or null when it may now. Counted from the
 * stored requests, so the limit holds across restarts and nodes.
 */
async function waitBeforeNext(tx: Queryable, clientAddress: string, ratePerHour: number) {
  // The request that has to leave the hour window before another one fits.
  const [blocking] = await tx.query<{ wait_seconds: number }>(
    `select extract(epoch from created_at + interval '1 hour' - now())::float8 as wait_seconds
       from data_requests
      where client_address = $1 and created_at > now() - interval '1 hour'
      order by created_at desc
      offset $2 limit 1`,
    [clientAddress, ratePerHour - 1],
  )
  return blocking ? Math.max(1, Math.ceil(blocking.wait_seconds)) : null
}

/**
 * Stores the question and its delivery job in one transaction, so a stored question is
 * always delivered (or held) and none is lost when mail is down. A filled-in honeypot gets
 * the same answer, but nothing is stored or sent.
 */
export async function submitDataRequest(
  db: Db,
  settings: DataRequestSettings,
  request: DataRequest,
  clientAddress: string,
): Promise<SubmitOutcome> {
  if (request[HONEYPOT_FIELD]?.trim()) return { kind: 'accepted', id: randomUUID() }
  return db.transaction(async (tx) => {
    // Two requests from one address at once must not both fit in the last free slot.
    await tx.query(`select pg_advisory_xact_lock($1, hashtext($2))`, [
      RATE_LOCK_CLASS,
      clientAddress,
    ])
    const wait = await waitBeforeNext(tx, clientAddress, settings.ratePerHour)
    if (wait !== null) return { kind: 'rate-limited', retryAfterSeconds: wait }
    const [row] = await tx.query<{ id: string }>(
      `insert into data_requests (name, email, organisation, subject, message, client_address)
       values ($1, $2, $3, $4, $5, $6)
       returning id::text`,
      [
        request.name,
        request.email,
        request.organisation || null,
        request.subject,
        request.message,
        clientAddress,
      ],
    )
    if (!row) throw new Error('data request insert returned no row')
    await enqueueDelivery(tx, [row.id], settings.maxAttempts)
    return { kind: 'accepted', id: row.id }
  })
}

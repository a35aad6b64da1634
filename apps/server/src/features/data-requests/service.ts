import { createHash, randomUUID } from 'node:crypto'
import { HONEYPOT_FIELD, IDEMPOTENCY_KEY_HOURS, type DataRequest } from '@dataportaal/contract'
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
  | { kind: 'accepted'; id: string }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  /** The idempotency key came with another question before. */
  | { kind: 'key-reused' }

/** Any constant: the first key of the per-address advisory lock. */
const RATE_LOCK_CLASS = 734_002_118
/** Any other constant: the first key of the per-idempotency-key advisory lock. */
const KEY_LOCK_CLASS = 734_002_119

/** The validated question, as one value: what a repeat under the same key must match. */
const fingerprintOf = (request: DataRequest) =>
  createHash('sha256').update(JSON.stringify(request)).digest('hex')

/**
 * The first answer to `key`, when it came within the last IDEMPOTENCY_KEY_HOURS: the stored
 * question's id, or that it belongs to another question. Older keys are removed first (all of
 * them: the table holds a day of keys). Holds the key's lock until the transaction ends, so a
 * repeat sent while the first is still being stored waits for it.
 */
async function firstAnswerTo(tx: Queryable, key: string, fingerprint: string) {
  await tx.query(`select pg_advisory_xact_lock($1, hashtext($2))`, [KEY_LOCK_CLASS, key])
  await tx.query(
    `delete from data_request_idempotency_keys
      where created_at < now() - make_interval(hours => $1)`,
    [IDEMPOTENCY_KEY_HOURS],
  )
  const [first] = await tx.query<{ fingerprint: string; request_id: string }>(
    `select fingerprint, request_id::text from data_request_idempotency_keys where key = $1`,
    [key],
  )
  if (!first) return null
  return first.fingerprint === fingerprint
    ? ({ kind: 'accepted', id: first.request_id } as const)
    : ({ kind: 'key-reused' } as const)
}

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
 * the same answer, but nothing is stored or sent. With an idempotency key, a repeat gets the
 * first answer and nothing is stored or sent again; the key is stored with the question.
 */
export async function submitDataRequest(
  db: Db,
  settings: DataRequestSettings,
  request: DataRequest,
  clientAddress: string,
  idempotencyKey?: string,
): Promise<SubmitOutcome> {
  if (request[HONEYPOT_FIELD]?.trim()) return { kind: 'accepted', id: randomUUID() }
  const fingerprint = fingerprintOf(request)
  return db.transaction(async (tx) => {
    if (idempotencyKey !== undefined) {
      const first = await firstAnswerTo(tx, idempotencyKey, fingerprint)
      if (first) return first
    }
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
    if (idempotencyKey !== undefined) {
      await tx.query(
        `insert into data_request_idempotency_keys (key, fingerprint, request_id)
         values ($1, $2, $3)`,
        [idempotencyKey, fingerprint, row.id],
      )
    }
    await enqueueDelivery(tx, [row.id], settings.maxAttempts)
    return { kind: 'accepted', id: row.id }
  })
}

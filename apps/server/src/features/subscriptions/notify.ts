import { z } from 'zod'
import { PUBLIC_VIEWER } from '../../auth/viewer.ts'
import type { Db, Queryable } from '../../db/client.ts'
import { enqueueJobs } from '../../jobs/queue.ts'
import { PermanentJobError, type JobHandler } from '../../jobs/worker.ts'
import { publishedMatching } from '../search/index.ts'
import { NOTIFY_SUBSCRIBERS_JOB, queueMessages, searchFiltersOf } from './service.ts'

export type DocumentEvent = 'nieuw' | 'gewijzigd' | 'ingetrokken'

const Payload = z.object({
  documentId: z.uuid(),
  event: z.enum(['nieuw', 'gewijzigd', 'ingetrokken']),
  title: z.string(),
})

/**
 * Call in the transaction that published, changed or withdrew a document: the subscribers
 * are told by a job, so they are told exactly when the change happened.
 */
export async function recordDocumentEvent(
  tx: Queryable,
  document: { id: string; title: string },
  event: DocumentEvent,
): Promise<void> {
  await recordDocumentEvents(tx, [document], event)
}

/** recordDocumentEvent for many documents at once (a harvest run withdraws them by the batch). */
export async function recordDocumentEvents(
  tx: Queryable,
  documents: ReadonlyArray<{ id: string; title: string }>,
  event: DocumentEvent,
): Promise<void> {
  if (documents.length === 0) return
  await enqueueJobs(
    tx,
    NOTIFY_SUBSCRIBERS_JOB,
    documents.map((document) => ({ documentId: document.id, event, title: document.title })),
  )
}

type Candidate = {
  id: string
  subscriber_id: string
  frequency: 'direct' | 'dagelijks' | 'wekelijks'
  query: string | null
  theme: string | null
}

/** Which confirmed subscriptions a document's event concerns. */
async function concerned(tx: Queryable, documentId: string, event: DocumentEvent) {
  if (event !== 'nieuw') {
    return tx.query<Candidate>(
      `select id::text, subscriber_id::text, frequency, query, theme from subscriptions
        where document_id = $1 and confirmed_at is not null`,
      [documentId],
    )
  }
  const candidates = await tx.query<Candidate>(
    `select id::text, subscriber_id::text, frequency, query, theme from subscriptions
      where document_id is null and confirmed_at is not null`,
  )
  const matching: Candidate[] = []
  // One search per distinct followed search, as the search page would find it.
  const bySearch = new Map<string, Candidate[]>()
  for (const candidate of candidates) {
    const key =
      candidate.theme !== null
        ? new URLSearchParams({ tags: candidate.theme }).toString()
        : (candidate.query ?? '')
    bySearch.set(key, [...(bySearch.get(key) ?? []), candidate])
  }
  for (const [key, group] of bySearch) {
    const filters = searchFiltersOf(key)
    if (!filters) continue
    const found = await publishedMatching(tx, PUBLIC_VIEWER, filters, [documentId])
    if (found.length > 0) matching.push(...group)
  }
  return matching
}

/**
 * The job that tells the subscriptions about one event: a notice per subscription, and for
 * 'direct' its own message at once; digests take the waiting notices later (digest.ts).
 */
export function notifySubscribersJob(deps: { db: Db }): JobHandler {
  return async (payload) => {
    const parsed = Payload.safeParse(payload)
    if (!parsed.success) throw new PermanentJobError('payload without documentId and event')
    const { documentId, event, title } = parsed.data
    await deps.db.transaction(async (tx) => {
      for (const subscription of await concerned(tx, documentId, event)) {
        const [notice] = await tx.query<{ id: string }>(
          `insert into subscription_notices (subscription_id, document_id, event, title)
           values ($1, $2, $3, $4) returning id::text`,
          [subscription.id, documentId, event, title],
        )
        if (subscription.frequency !== 'direct') continue
        const [messageId] = await queueMessages(tx, [
          { subscriberId: subscription.subscriber_id, kind: 'direct' },
        ])
        await tx.query(`update subscription_notices set message_id = $1 where id = $2`, [
          messageId,
          notice!.id,
        ])
      }
    })
  }
}

/** The digest period a moment belongs to, in Amsterdam: '2026-11-28' or '2026-W48'. */
export function periodOf(kind: 'dagelijks' | 'wekelijks', at: Date): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(at)
  if (kind === 'dagelijks') return day
  // ISO week: the Thursday of the week decides its year.
  const date = new Date(`${day}T00:00:00Z`)
  const weekday = (date.getUTCDay() + 6) % 7
  date.setUTCDate(date.getUTCDate() - weekday + 3)
  const year = date.getUTCFullYear()
  const firstThursday = new Date(Date.UTC(year, 0, 4))
  const week =
    1 +
    Math.round(
      (date.getTime() - firstThursday.getTime()) / 86_400_000 / 7 -
        ((firstThursday.getUTCDay() + 6) % 7) / 7 +
        3 / 7,
    )
  return `${year}-W${String(week).padStart(2, '0')}`
}

/**
 * Composes the digests of the periods that have ended: per address and kind, one message
 * with every waiting notice of an earlier period. The unique (address, kind, period) of the
 * outbox makes a second run, on this node or another, add nothing.
 */
export async function composeDigests(db: Db, now: Date = new Date()): Promise<number> {
  let composed = 0
  for (const kind of ['dagelijks', 'wekelijks'] as const) {
    const period = periodOf(kind, now)
    await db.transaction(async (tx) => {
      const waiting = await tx.query<{ notice_id: string; subscriber_id: string; at: Date }>(
        `select n.id::text as notice_id, s.subscriber_id::text, n.created_at as at
           from subscription_notices n join subscriptions s on s.id = n.subscription_id
          where n.message_id is null and s.frequency = $1
          for update of n skip locked`,
        [kind],
      )
      const bySubscriber = new Map<string, string[]>()
      for (const row of waiting) {
        if (periodOf(kind, row.at) === period) continue
        bySubscriber.set(row.subscriber_id, [
          ...(bySubscriber.get(row.subscriber_id) ?? []),
          row.notice_id,
        ])
      }
      for (const [subscriberId, notices] of bySubscriber) {
        const [messageId] = await queueMessages(tx, [{ subscriberId, kind, period }])
        if (!messageId) continue
        await tx.query(
          `update subscription_notices set message_id = $1 where id = any($2::bigint[])`,
          [messageId, notices],
        )
        composed++
      }
    })
  }
  return composed
}

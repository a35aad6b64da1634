import {
  FeedQuery,
  HONEYPOT_FIELD,
  type ManagedSubscription,
  type SubscriptionRequest,
} from '@dataportaal/contract'
import type { Db, Queryable } from '../../db/client.ts'
import { enqueueJobs } from '../../jobs/queue.ts'
import { forgetAddressIfUnused, normaliseEmail } from './privacy.ts'
import { rowsOfToken } from './tokens.ts'

/** Sends one message of the outbox (delivery-job.ts). */
export const DELIVER_SUBSCRIPTION_MESSAGE_JOB = 'deliver-subscription-message'
/** Matches a document's event to the subscriptions (notify.ts). */
export const NOTIFY_SUBSCRIBERS_JOB = 'notify-subscribers'

/** The abuse limits, in one place (issue 34: no mail bombing through the form). */
export const SUBSCRIPTION_RULES = {
  /** Subscriptions one address may have (confirmed or not). */
  subscriptionsPerAddress: 20,
  /** Confirmation mails to one address per hour. */
  confirmationsPerAddressPerHour: 3,
  /** Subscription requests from one client per hour. */
  requestsPerClientPerHour: 10,
  /** An unconfirmed subscription is forgotten after this many hours. */
  unconfirmedHours: 48,
  deliveryAttempts: 5,
} as const

export type SubscribeOutcome = { kind: 'accepted' } | { kind: 'rate-limited' }

/** Any constant: the first key of the per-client advisory lock. */
const CLIENT_LOCK_CLASS = 734_002_134

/** Parameters of the /zoeken page that say how it shows results, not which. */
const PAGE_ONLY_PARAMS = new Set(['offset', 'pageSize', 'sort', 'facets'])

/**
 * The /zoeken query string as the search's filters: the page's paging and order are not
 * part of what is followed. Null when it is not a search the API would take.
 */
export function searchFiltersOf(queryString: string): FeedQuery | null {
  const params = new URLSearchParams(queryString.replace(/^\?/, ''))
  const input: Record<string, string | string[]> = {}
  for (const name of new Set(params.keys())) {
    if (PAGE_ONLY_PARAMS.has(name)) continue
    const values = params.getAll(name)
    input[name] = values.length === 1 ? values[0]! : values
  }
  const parsed = FeedQuery.safeParse(input)
  return parsed.success ? parsed.data : null
}

/** The stored form of a followed search: its filters in one order (so one search, one row). */
function canonicalQuery(filters: FeedQuery): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(filters)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined && one !== '') params.append(name, String(one))
    }
  }
  params.sort()
  return params.toString()
}

export class InvalidSubscriptionQuery extends Error {}

/**
 * Stores an unconfirmed subscription and queues its confirmation mail, or nothing: a
 * filled-in honeypot, an address over its limits, or a subscription it already has get the
 * same answer as a new one, so the answer tells nothing about the address. Only the client's
 * own limit is told (429), for that is about the client, not the address.
 */
export async function subscribe(
  db: Db,
  request: SubscriptionRequest,
  clientAddress: string,
): Promise<SubscribeOutcome> {
  if (request[HONEYPOT_FIELD]?.trim()) return { kind: 'accepted' }
  let query: string | null = null
  if (request.query !== undefined) {
    const filters = searchFiltersOf(request.query)
    if (!filters) throw new InvalidSubscriptionQuery()
    query = canonicalQuery(filters)
  }
  const email = normaliseEmail(request.email)
  return db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock($1, hashtext($2))`, [
      CLIENT_LOCK_CLASS,
      clientAddress,
    ])
    const [client] = await tx.query<{ n: number }>(
      `select count(*)::int as n from subscription_requests
        where client_address = $1 and created_at > now() - interval '1 hour'`,
      [clientAddress],
    )
    if ((client?.n ?? 0) >= SUBSCRIPTION_RULES.requestsPerClientPerHour) {
      return { kind: 'rate-limited' }
    }
    // The address's row, locked: two requests for one address are counted one after another.
    const [subscriber] = await tx.query<{ id: string }>(
      `insert into subscribers (email) values ($1)
       on conflict (email) do update set email = excluded.email
       returning id::text`,
      [email],
    )
    if (!subscriber) throw new Error('subscriber upsert returned no row')
    await tx.query(
      `insert into subscription_requests (subscriber_id, client_address) values ($1, $2)`,
      [subscriber.id, clientAddress],
    )
    const [counts] = await tx.query<{ subscriptions: number; confirmations: number; same: number }>(
      `select (select count(*)::int from subscriptions where subscriber_id = $1) as subscriptions,
              (select count(*)::int from subscription_messages
                where subscriber_id = $1 and kind = 'bevestiging'
                  and created_at > now() - interval '1 hour') as confirmations,
              (select count(*)::int from subscriptions
                where subscriber_id = $1 and frequency = $2 and query is not distinct from $3
                  and theme is not distinct from $4 and document_id is not distinct from $5::uuid
              ) as same`,
      [subscriber.id, request.frequency, query, request.theme ?? null, request.documentId ?? null],
    )
    const quiet =
      !counts ||
      counts.same > 0 ||
      counts.subscriptions >= SUBSCRIPTION_RULES.subscriptionsPerAddress ||
      counts.confirmations >= SUBSCRIPTION_RULES.confirmationsPerAddressPerHour
    if (!quiet) {
      const documentExists =
        request.documentId === undefined ||
        (
          await tx.query(
            `select 1 from documents where id = $1 and deleted_at is null
                and status = 'goedgekeurd' and published_at is not null`,
            [request.documentId],
          )
        ).length > 0
      if (documentExists) {
        const [subscription] = await tx.query<{ id: string }>(
          `insert into subscriptions (subscriber_id, frequency, query, theme, document_id)
           values ($1, $2, $3, $4, $5) returning id::text`,
          [
            subscriber.id,
            request.frequency,
            query,
            request.theme ?? null,
            request.documentId ?? null,
          ],
        )
        await queueMessages(tx, [
          { subscriberId: subscriber.id, kind: 'bevestiging', subscriptionId: subscription!.id },
        ])
      }
    }
    await forgetAddressIfUnused(tx, [subscriber.id])
    return { kind: 'accepted' }
  })
}

export type MessageKind = 'bevestiging' | 'direct' | 'dagelijks' | 'wekelijks'

/**
 * Adds messages to the outbox with their delivery jobs, in the caller's transaction; a
 * digest already in the outbox for its address and period is not added again. Answers the
 * ids of the messages added.
 */
export async function queueMessages(
  tx: Queryable,
  messages: readonly {
    subscriberId: string
    kind: MessageKind
    subscriptionId?: string
    period?: string
  }[],
): Promise<Array<string | null>> {
  const ids: Array<string | null> = []
  for (const message of messages) {
    const [row] = await tx.query<{ id: string }>(
      `insert into subscription_messages (subscriber_id, kind, subscription_id, period)
       values ($1, $2, $3, $4)
       on conflict (subscriber_id, kind, period) do nothing
       returning id::text`,
      [message.subscriberId, message.kind, message.subscriptionId ?? null, message.period ?? null],
    )
    ids.push(row?.id ?? null)
  }
  const added = ids.filter((id): id is string => id !== null)
  await enqueueJobs(
    tx,
    DELIVER_SUBSCRIPTION_MESSAGE_JOB,
    added.map((messageId) => ({ messageId })),
    { maxAttempts: SUBSCRIPTION_RULES.deliveryAttempts },
  )
  return ids
}

/** Follows the confirmation link: true when it confirmed (or had confirmed) a subscription. */
export async function confirm(db: Db, token: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ids = (await rowsOfToken(tx, 'confirm', token))
      .map((row) => row.subscription_id)
      .filter((id): id is string => id !== null)
    if (ids.length === 0) return false
    const rows = await tx.query(
      `update subscriptions set confirmed_at = coalesce(confirmed_at, now())
        where id = any($1::uuid[]) returning id`,
      [ids],
    )
    return rows.length > 0
  })
}

/** Removes subscriptions and, with the last one, the address. */
async function removeSubscriptions(tx: Queryable, where: string, params: unknown[]) {
  const removed = await tx.query<{ subscriber_id: string }>(
    `delete from subscriptions where ${where} returning subscriber_id::text`,
    params,
  )
  await forgetAddressIfUnused(tx, [...new Set(removed.map((row) => row.subscriber_id))])
  return removed.length
}

/** The unsubscribe link (and RFC 8058's one-click POST): false when nothing was left to end. */
export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ids = (await rowsOfToken(tx, 'unsubscribe', token))
      .map((row) => row.subscription_id)
      .filter((id): id is string => id !== null)
    if (ids.length === 0) return false
    return (await removeSubscriptions(tx, 'id = any($1::uuid[])', [ids])) > 0
  })
}

async function subscriberOfManageToken(tx: Queryable, token: string) {
  const [row] = await rowsOfToken(tx, 'manage', token)
  return row?.subscriber_id ?? null
}

/** The manage page: the address's subscriptions, never the address; null for a bad token. */
export async function listManaged(db: Db, token: string): Promise<ManagedSubscription[] | null> {
  const subscriberId = await subscriberOfManageToken(db, token)
  if (!subscriberId) return null
  const rows = await db.query<{
    id: string
    frequency: ManagedSubscription['frequency']
    query: string | null
    theme: string | null
    document_id: string | null
    title: string | null
    confirmed: boolean
    created_at: Date
  }>(
    `select s.id::text, s.frequency, s.query, s.theme, s.document_id::text, d.title,
            s.confirmed_at is not null as confirmed, s.created_at
       from subscriptions s left join documents d on d.id = s.document_id and d.deleted_at is null
      where s.subscriber_id = $1
      order by s.created_at, s.id`,
    [subscriberId],
  )
  return rows.map((row) => ({
    id: row.id,
    frequency: row.frequency,
    subject:
      row.query !== null
        ? { kind: 'zoekopdracht', query: row.query }
        : row.theme !== null
          ? { kind: 'thema', theme: row.theme }
          : { kind: 'document', documentId: row.document_id!, title: row.title },
    confirmed: row.confirmed,
    createdAt: row.created_at.toISOString(),
  }))
}

/** Removes one of the address's subscriptions from the manage page; null for a bad token. */
export async function removeManaged(db: Db, token: string, id: string): Promise<boolean | null> {
  return db.transaction(async (tx) => {
    const subscriberId = await subscriberOfManageToken(tx, token)
    if (!subscriberId) return null
    return (await removeSubscriptions(tx, 'id = $1 and subscriber_id = $2', [id, subscriberId])) > 0
  })
}

/** Forgets the subscriptions not confirmed within 48 hours, and the hour's request records. */
export async function purgeUnconfirmed(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query(`delete from subscription_requests where created_at < now() - interval '1 hour'`)
    return removeSubscriptions(
      tx,
      `confirmed_at is null and created_at < now() - make_interval(hours => $1)`,
      [SUBSCRIPTION_RULES.unconfirmedHours],
    )
  })
}

import nodemailer, { type SendMailOptions } from 'nodemailer'
import { z } from 'zod'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { PermanentJobError, type JobHandler } from '../../jobs/worker.ts'
import type { DeliveryLog } from '../data-requests/delivery-job.ts'
import { confirmationMail, noticeMail, type NoticeLine } from './mail.ts'
import { maskEmail } from './privacy.ts'
import { mintToken } from './tokens.ts'

const Payload = z.object({ messageId: z.uuid() })

const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 }

/** A permanent SMTP refusal (5xx): the address does not take mail, a bounce. */
const isPermanent = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'responseCode' in error &&
  typeof error.responseCode === 'number' &&
  error.responseCode >= 500

type MessageRow = {
  id: string
  kind: 'bevestiging' | 'direct' | 'dagelijks' | 'wekelijks'
  status: string
  subscriber_id: string | null
  subscription_id: string | null
  email: string | null
}

function describeSubscription(row: {
  query: string | null
  theme: string | null
  title: string | null
}) {
  if (row.theme !== null) return `het thema '${row.theme}'`
  if (row.query !== null) {
    const text = new URLSearchParams(row.query).get('query')
    return text ? `de zoekopdracht '${text}'` : 'een zoekopdracht'
  }
  return `het document '${row.title ?? ''}'`
}

/** The mail of one outbox row, with fresh link tokens; null when there is nothing to send. */
async function compose(
  db: Db,
  config: Config,
  message: MessageRow & { email: string; subscriber_id: string },
) {
  const site = {
    portalName: config.portalName,
    publicUrl: config.publicUrl,
    from: config.dataRequests.mailFrom,
  }
  return db.transaction(async (tx): Promise<SendMailOptions | null> => {
    if (message.kind === 'bevestiging') {
      const [subscription] = await tx.query<{
        query: string | null
        theme: string | null
        title: string | null
      }>(
        `select s.query, s.theme, d.title from subscriptions s
           left join documents d on d.id = s.document_id
          where s.id = $1 and s.confirmed_at is null`,
        [message.subscription_id],
      )
      if (!subscription) return null
      const confirmToken = await mintToken(tx, 'confirm', message.subscriber_id, [
        message.subscription_id!,
      ])
      return confirmationMail(site, {
        id: message.id,
        to: message.email,
        confirmToken,
        what: describeSubscription(subscription),
      })
    }
    const notices = await tx.query<NoticeLine & { subscriptionId: string }>(
      `select n.document_id::text as "documentId", n.event, n.title,
              n.subscription_id::text as "subscriptionId"
         from subscription_notices n where n.message_id = $1 order by n.created_at, n.id`,
      [message.id],
    )
    if (notices.length === 0) return null
    const subscriptionIds = [...new Set(notices.map((notice) => notice.subscriptionId))]
    return noticeMail(site, {
      id: message.id,
      to: message.email,
      kind: message.kind,
      notices,
      unsubscribeToken: await mintToken(tx, 'unsubscribe', message.subscriber_id, subscriptionIds),
      manageToken: await mintToken(tx, 'manage', message.subscriber_id),
    })
  })
}

/**
 * The job that sends one message of the subscriptions' outbox. Like the data question's
 * delivery: retried with the worker's backoff, marked delivered only once the SMTP server
 * took it; a permanent refusal (5xx) is a bounce and is not retried. The job queue's claim
 * (FOR UPDATE SKIP LOCKED and leases) gives each message to one node.
 */
export function deliverSubscriptionMessageJob(deps: {
  db: Db
  config: Config
  log?: DeliveryLog | undefined
}): JobHandler {
  const { db, config, log } = deps
  return async (payload, job) => {
    const parsed = Payload.safeParse(payload)
    if (!parsed.success) throw new PermanentJobError('payload without a messageId')
    const [message] = await db.query<MessageRow>(
      `select m.id::text, m.kind, m.status, m.subscriber_id::text, m.subscription_id::text, s.email
         from subscription_messages m left join subscribers s on s.id = m.subscriber_id
        where m.id = $1`,
      [parsed.data.messageId],
    )
    if (!message || message.status !== 'pending') return
    if (!message.email || !message.subscriber_id) {
      await db.query(`update subscription_messages set status = 'cancelled' where id = $1`, [
        message.id,
      ])
      return
    }
    if (!config.smtpUrl) {
      // Stays pending: retried with the backoff until mail is configured or attempts run out.
      throw new Error('SMTP_URL is not set')
    }
    const mail = await compose(db, config, {
      ...message,
      email: message.email,
      subscriber_id: message.subscriber_id,
    })
    if (!mail) {
      await db.query(`update subscription_messages set status = 'cancelled' where id = $1`, [
        message.id,
      ])
      return
    }
    const masked = maskEmail(message.email)
    const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS })
    try {
      await transport.sendMail(mail)
    } catch (error) {
      const bounced = isPermanent(error)
      const last = bounced || job.attempts >= job.maxAttempts
      const text = error instanceof Error ? error.message : String(error)
      await db.query(
        `update subscription_messages set attempts = attempts + 1, last_error = left($2, 2000),
                status = case when $3 then 'bounced' when $4 then 'failed' else 'pending' end
          where id = $1 and status = 'pending'`,
        [message.id, text.replaceAll(message.email, masked), bounced, last],
      )
      log?.warn(
        { messageId: message.id, to: masked, bounced },
        'subscription message not delivered',
      )
      if (bounced) throw new PermanentJobError('the mail server refused the address')
      throw error
    } finally {
      transport.close()
    }
    await db.query(
      `update subscription_messages set status = 'delivered', delivered_at = now(),
              attempts = attempts + 1, last_error = null
        where id = $1`,
      [message.id],
    )
    log?.info(
      { messageId: message.id, to: masked, kind: message.kind },
      'subscription message delivered',
    )
  }
}

import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import { z } from 'zod'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { PermanentJobError, type JobHandler } from '../../jobs/worker.ts'
import { dataRequestMail, type StoredDataRequest } from './mail-message.ts'

export type DeliveryLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>

const Payload = z.object({ requestId: z.uuid() })

/** An SMTP server that does not answer is a failed attempt, well within the job's lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 }

/** The stored question, with its delivery status; null when it is gone. */
async function readRequest(db: Db, id: string) {
  const [row] = await db.query<StoredDataRequest & { status: string }>(
    `select id::text as id, name, email, organisation, subject, message,
            created_at as "createdAt", status
       from data_requests where id = $1`,
    [id],
  )
  return row ?? null
}

async function send(smtpUrl: string, mail: ReturnType<typeof dataRequestMail>) {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS })
  try {
    await transport.sendMail(mail)
  } finally {
    transport.close()
  }
}

/**
 * The job that mails one stored data question to the data team. Without SMTP_URL the
 * question is held in the outbox (and sent once mail is configured, see outbox.ts); a
 * failed attempt is retried by the worker with its backoff, and after the last attempt the
 * question is marked failed for an admin to retry. The question is marked delivered only
 * after the SMTP server accepted it: a crash in between sends it twice, never zero times.
 */
export function deliverDataRequestJob(deps: {
  db: Db
  config: Config
  log?: DeliveryLog | undefined
}): JobHandler {
  const { db, config, log } = deps
  return async (payload, job) => {
    const parsed = Payload.safeParse(payload)
    if (!parsed.success) throw new PermanentJobError('payload without a requestId')
    const request = await readRequest(db, parsed.data.requestId)
    // Gone, or delivered by an earlier attempt whose job was not settled.
    if (!request || request.status === 'delivered') return

    if (!config.smtpUrl) {
      await db.query(
        `update data_requests set status = 'held' where id = $1 and status <> 'delivered'`,
        [request.id],
      )
      log?.info(
        { dataRequestId: request.id },
        'data request held in the outbox: SMTP_URL is not set; it is sent once mail is configured',
      )
      return
    }

    const mail = dataRequestMail(request, {
      portalName: config.portalName,
      from: config.dataRequests.mailFrom,
      to: config.dataRequestTo,
    })
    try {
      await send(config.smtpUrl, mail)
    } catch (error) {
      const last = job.attempts >= job.maxAttempts
      const message = error instanceof Error ? error.message : String(error)
      await db.query(
        `update data_requests set attempts = attempts + 1, last_error = left($2, 2000),
                status = case when $3 then 'failed' else 'pending' end,
                failed_at = case when $3 then now() end
          where id = $1 and status <> 'delivered'`,
        [request.id, message, last],
      )
      if (last) {
        log?.error(
          { dataRequestId: request.id, attempts: job.attempts, err: error },
          'data request could not be delivered; retry it with npm run data-requests -- retry',
        )
      }
      throw error
    }
    await db.query(
      `update data_requests set status = 'delivered', delivered_at = now(),
              attempts = attempts + 1, last_error = null, failed_at = null
        where id = $1`,
      [request.id],
    )
    log?.info({ dataRequestId: request.id }, 'data request delivered')
  }
}

import { z } from 'zod'
import { isOutage } from '../shared/outage.ts'
import type { ClaimedJob } from './queue.ts'
import { OutageJobError, PermanentJobError, type JobHandler } from './worker.ts'

const Payload = z.object({ fileId: z.uuid() })

/**
 * A job about one stored file (payload `{ fileId }`): reading its text, loading its tables.
 * They share how an outage is met: the database, the disk or the file store away does not
 * count as an attempt (OutageJobError), and on what was to be the last attempt
 * `onOutageAtLastAttempt` undoes the mark that attempt made for the file, so it waits
 * again instead of showing it failed.
 */
export function fileJob(
  work: (fileId: string, job: ClaimedJob, lastAttempt: boolean) => Promise<void>,
  onOutageAtLastAttempt: (fileId: string) => Promise<unknown> = async () => undefined,
): JobHandler {
  return async (payload, job) => {
    const parsed = Payload.safeParse(payload)
    if (!parsed.success) throw new PermanentJobError('payload without a fileId')
    const { fileId } = parsed.data
    const lastAttempt = job.attempts >= job.maxAttempts
    try {
      await work(fileId, job, lastAttempt)
    } catch (error) {
      if (!isOutage(error)) throw error
      if (lastAttempt) await onOutageAtLastAttempt(fileId).catch(() => undefined)
      throw new OutageJobError('the database, disk or file store is unavailable', {
        cause: error,
      })
    }
  }
}

import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { extendLease } from '../../jobs/queue.ts'
import { PermanentJobError, type JobHandler } from '../../jobs/worker.ts'
import { executeRun } from './run.ts'

const Payload = z.object({ runId: z.uuid() })

type Log = { error: (details: object, message: string) => void }

/**
 * The job that carries out one harvest run (HARVEST_JOB). A run's own failure is written on
 * the run by executeRun and ends the job: a source that is down is not asked again until
 * the next run. Only a failure to report (the database away) throws, and is retried.
 */
export function harvestJob(deps: { db: Db; log?: Log | undefined }): JobHandler {
  return async (payload, job) => {
    const parsed = Payload.safeParse(payload)
    if (!parsed.success) throw new PermanentJobError('payload without a runId')
    await executeRun(deps, parsed.data.runId, {
      // Collecting a large source takes longer than a lease: each page renews it.
      heartbeat: async () => {
        await extendLease(deps.db, job)
      },
    })
  }
}

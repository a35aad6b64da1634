import type { Db } from '../db/client.ts'
import { EXTRACT_TEXT_JOB, extractTextJob } from '../features/uploads/extraction-job.ts'
import type { FileStore } from '../storage/file-store.ts'
import type { JobHandlers } from './worker.ts'

/** Every kind of background job the server runs, with its handler. */
export function jobHandlers(deps: { db: Db; store: FileStore }): JobHandlers {
  return {
    [EXTRACT_TEXT_JOB]: extractTextJob(deps),
  }
}

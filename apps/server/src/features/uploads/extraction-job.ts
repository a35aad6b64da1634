import type { Config } from '../../config.ts'
import type { Db, Queryable } from '../../db/client.ts'
import { readFileText, type ExtractionLimits } from '../../extraction/index.ts'
import { enqueueJobs } from '../../jobs/queue.ts'
import { fileJob } from '../../jobs/file-job.ts'
import type { JobHandler } from '../../jobs/worker.ts'
import type { FileStore } from '../../storage/file-store.ts'
import { refreshSearchIndex } from '../documents/index.ts'

/** Reads the text of one uploaded file, so the document is found by its content. */
export const EXTRACT_TEXT_JOB = 'extract-text'

/**
 * A file's own faults end in `failed` at the first attempt. An outage (the database, the
 * disk or the file store away) does not count as an attempt: the job waits for it to pass.
 * What is left for the attempts is the unexpected, and a server stopping mid-way: three are
 * plenty for that and few enough that a file which somehow takes the process down cannot
 * keep doing so.
 */
export const EXTRACTION_MAX_ATTEMPTS = 3

/** What an admin reads when every attempt was cut off, e.g. by the server stopping. */
export const INTERRUPTED_MESSAGE = 'Het lezen van dit bestand is steeds afgebroken.'

/** Call in the transaction that adds the files. */
export function enqueueTextExtraction(tx: Queryable, fileIds: readonly string[]) {
  return enqueueJobs(
    tx,
    EXTRACT_TEXT_JOB,
    fileIds.map((fileId) => ({ fileId })),
    { maxAttempts: EXTRACTION_MAX_ATTEMPTS },
  )
}

/**
 * The job: extract, store the text on the file, refresh the document's search index.
 * Extraction runs in a worker thread with a time limit and a heap cap (`config.extraction`,
 * or the defaults). A file that cannot be read as its type, is over a cap, or made the
 * worker run out of time or memory is marked `failed` with the reason, stays downloadable,
 * and is not retried: that is the file's nature, not a passing fault. An outage throws
 * OutageJobError (tried again, not counted); anything else throws as it is, and the worker
 * retries it with backoff while attempts last.
 */
export function extractTextJob(
  deps: { db: Db; store: FileStore; config?: Config },
  limits: Partial<ExtractionLimits> = deps.config?.extraction ?? {},
): JobHandler {
  return fileJob(
    (fileId, _job, lastAttempt) => extract(deps, limits, fileId, lastAttempt),
    (fileId) => markPending(deps.db, fileId),
  )
}

async function extract(
  deps: { db: Db; store: FileStore },
  limits: Partial<ExtractionLimits>,
  fileId: string,
  lastAttempt: boolean,
) {
  const [file] = await deps.db.query<{
    document_id: string
    sha256: string
    media_type: string
    extraction_status: string
  }>(
    `select document_id::text, sha256, media_type, extraction_status
       from document_files where id = $1`,
    [fileId],
  )
  // Removed by an edit in the meantime, or already done by an earlier attempt.
  if (!file || file.extraction_status === 'done') return

  if (lastAttempt) {
    // Should this last attempt die with its process, the job fails without running again;
    // the file must then not stay 'pending' for ever. Success below overwrites this.
    await deps.db.query(
      `update document_files set extraction_status = 'failed', extraction_error = $2
        where id = $1`,
      [fileId, INTERRUPTED_MESSAGE],
    )
  }

  const { text, error } = await deps.store.withLocalCopy(file.sha256, (filePath) =>
    readFileText(filePath, file.media_type, limits),
  )
  await deps.db.transaction(async (tx) => {
    const updated = await tx.query(
      `update document_files set extracted_text = $2, extraction_status = $3, extraction_error = $4
        where id = $1 returning id`,
      [fileId, text, error === null ? 'done' : 'failed', error],
    )
    if (updated.length > 0) await refreshSearchIndex(tx, [file.document_id])
  })
}

const markPending = (db: Queryable, fileId: string) =>
  db.query(
    `update document_files set extraction_status = 'pending', extraction_error = null
      where id = $1 and extraction_status = 'failed' and extraction_error = $2`,
    [fileId, INTERRUPTED_MESSAGE],
  )

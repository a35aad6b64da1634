import { z } from 'zod'
import type { Db, Queryable } from '../../db/client.ts'
import { ExtractionError, extractText } from '../../extraction/index.ts'
import { enqueueJobs } from '../../jobs/queue.ts'
import { PermanentJobError, type JobHandler } from '../../jobs/worker.ts'
import type { FileStore } from '../../storage/file-store.ts'
import { refreshSearchIndex } from '../documents/search-index.ts'

/** Reads the text of one uploaded file, so the document is found by its content. */
export const EXTRACT_TEXT_JOB = 'extract-text'

const Payload = z.object({ fileId: z.uuid() })

/** Call in the transaction that adds the files. */
export function enqueueTextExtraction(tx: Queryable, fileIds: readonly string[]) {
  return enqueueJobs(
    tx,
    EXTRACT_TEXT_JOB,
    fileIds.map((fileId) => ({ fileId })),
    { maxAttempts: 5 },
  )
}

export interface ExtractionJobOptions {
  /** Give up on one file after this long (extractText's own default: 60 s). */
  timeoutMs?: number
}

/**
 * The job: extract, store the text on the file, refresh the document's search index. A file
 * that cannot be read as its type is marked `failed` and stays downloadable; that is the
 * file's nature, not a passing fault, so it is not retried. Anything else (the stored file
 * or the database away for a moment) throws, and the worker retries with backoff.
 */
export function extractTextJob(
  deps: { db: Db; store: FileStore },
  options: ExtractionJobOptions = {},
): JobHandler {
  return async (payload) => {
    const parsed = Payload.safeParse(payload)
    if (!parsed.success) throw new PermanentJobError('payload without a fileId')
    const { fileId } = parsed.data
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

    let text = ''
    let status: 'done' | 'failed' = 'done'
    try {
      text = await extractText(deps.store.pathOf(file.sha256), file.media_type, {
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      })
    } catch (error) {
      if (!(error instanceof ExtractionError)) throw error
      status = 'failed'
    }
    await deps.db.transaction(async (tx) => {
      const updated = await tx.query(
        `update document_files set extracted_text = $2, extraction_status = $3
          where id = $1 returning id`,
        [fileId, text, status],
      )
      if (updated.length > 0) await refreshSearchIndex(tx, [file.document_id])
    })
  }
}

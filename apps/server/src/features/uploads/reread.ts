import type { RereadResult } from '@dataportaal/contract'
import type { Admin } from '../../auth/viewer.ts'
import type { Db } from '../../db/client.ts'
import { ConflictError, NotFoundError } from '../../shared/errors.ts'
import { authorize } from '../documents/index.ts'
import { reloadInterruptedTables } from '../tables/index.ts'
import { enqueueTextExtraction } from './extraction-job.ts'

const GONE = 'Dit bestand bestaat niet (meer).'

/** Why a file that has not failed is not read again, by its extraction status. */
const NOT_FAILED: Record<string, string> = {
  pending: 'Dit bestand wordt al gelezen.',
  done: 'De tekst van dit bestand is al gelezen.',
  skipped: 'Van dit soort bestand wordt geen tekst gelezen.',
}

/**
 * An admin has a file whose text could not be read read again (in /validatie, after an
 * outage or a raised limit): it is `pending` once more and a new extraction job with fresh
 * attempts is queued, in one transaction. The row is locked, so of two admins asking at
 * once one queues the job and the other hears that it is being read already.
 */
export async function rereadFile(
  db: Db,
  admin: Admin,
  ids: { id: string; fileId: string },
): Promise<RereadResult> {
  authorize(admin, 'rereadFiles')
  return db.transaction(async (tx) => {
    const [file] = await tx.query<{ file_name: string; extraction_status: string }>(
      `select f.file_name, f.extraction_status
         from document_files f join documents d on d.id = f.document_id
        where f.id = $2 and f.document_id = $1 and d.deleted_at is null
          for update of f`,
      [ids.id, ids.fileId],
    )
    if (!file) throw new NotFoundError(GONE)
    if (file.extraction_status !== 'failed') {
      throw new ConflictError(NOT_FAILED[file.extraction_status] ?? GONE)
    }
    await tx.query(
      `update document_files set extraction_status = 'pending', extraction_error = null
        where id = $1`,
      [ids.fileId],
    )
    await enqueueTextExtraction(tx, [ids.fileId])
    // A table load the same outage or fault cut short is tried again with it.
    await reloadInterruptedTables(tx, ids.fileId)
    return {
      documentId: ids.id,
      fileId: ids.fileId,
      fileName: file.file_name,
      extractionStatus: 'pending',
    }
  })
}

import type { PrivacyKind } from '@dataportaal/contract'
import { z } from 'zod'
import type { Db, Queryable } from '../../db/client.ts'
import { enqueueJobs } from '../../jobs/queue.ts'
import { OutageJobError, PermanentJobError, type JobHandler } from '../../jobs/worker.ts'
import type { TextToScan } from '../../privacy-scan/index.ts'
import { isOutage } from '../../shared/outage.ts'
import type { FileStore } from '../../storage/file-store.ts'
import { recordAudit } from '../audit/record.ts'
import { replaceFindings } from './findings.ts'
import type { PrivacyScanner } from './scanner.ts'
import { privacyOf } from './state.ts'
import { PRIVACY_TEXTS } from './texts.ts'

/** Scans a document's title, description and files for personal data (payload `{ documentId }`). */
export const SCAN_PRIVACY_JOB = 'scan-privacy'

/** As for text extraction: a file's faults are reports, not retries; the rest gets three tries. */
export const PRIVACY_SCAN_MAX_ATTEMPTS = 3

const Payload = z.object({ documentId: z.uuid() })

/**
 * Call in the transaction that creates or changes the documents (upload, edit, harvest,
 * import): their title and description are scanned again, and each file not scanned yet. The
 * document counts as not checked from this moment until the job is done, so an approval
 * cannot slip in between. A batch's scans (`bulk`: an import, a harvest run) wait for those
 * of a person's upload or edit.
 */
export async function requestPrivacyScans(
  tx: Queryable,
  documentIds: readonly string[],
  options: { bulk?: boolean } = {},
): Promise<void> {
  if (documentIds.length === 0) return
  await tx.query(
    `insert into privacy_scans (document_id) select unnest($1::uuid[])
     on conflict (document_id) where file_id is null do update set
       status = 'pending', reason = null, generation = privacy_scans.generation + 1,
       reviewed_by = null, reviewed_at = null, review_reason = null`,
    [documentIds],
  )
  // A file whose scan was cut short each time is tried again with the new request.
  await tx.query(
    `update privacy_scans set status = 'pending', reason = null
      where document_id = any($1::uuid[]) and file_id is not null
        and status = 'failed' and reason = $2`,
    [documentIds, PRIVACY_TEXTS.fileInterrupted],
  )
  await enqueueJobs(
    tx,
    SCAN_PRIVACY_JOB,
    documentIds.map((documentId) => ({ documentId })),
    { maxAttempts: PRIVACY_SCAN_MAX_ATTEMPTS, bulk: options.bulk },
  )
}

export interface ScanJobDeps {
  db: Db
  store: FileStore
  scanner: PrivacyScanner
}

/**
 * The job: the title and description first, then each file not scanned yet, each part
 * written in its own transaction (a long document keeps what was done when the job is cut
 * short), then one audit row with what the document's check now says. An outage (the
 * database, the disk, the file store away) does not count as an attempt. On the last attempt
 * the parts still to do are marked failed first, so that a process dying on it leaves them
 * 'niet gecontroleerd' (for an admin to review) instead of waiting for ever; success
 * overwrites the mark.
 */
export function scanPrivacyJob(deps: ScanJobDeps): JobHandler {
  return async (payload, job) => {
    const parsed = Payload.safeParse(payload)
    if (!parsed.success) throw new PermanentJobError('payload without a documentId')
    const { documentId } = parsed.data
    try {
      await scanDocument(deps, documentId, job.attempts >= job.maxAttempts)
    } catch (error) {
      if (isOutage(error)) {
        throw new OutageJobError('the database, disk or file store is unavailable', {
          cause: error,
        })
      }
      throw error
    }
  }
}

async function scanDocument(deps: ScanJobDeps, documentId: string, lastAttempt: boolean) {
  const { db } = deps
  const [document] = await db.query<{ title: string; description: string }>(
    'select title, description from documents where id = $1 and deleted_at is null',
    [documentId],
  )
  if (!document) return
  // Files added without a request of their own (none today) still get their row.
  await db.query(
    `insert into privacy_scans (document_id, file_id)
     select document_id, id from document_files where document_id = $1
     on conflict (file_id) where file_id is not null do nothing`,
    [documentId],
  )
  if (lastAttempt) await markInterrupted(db, documentId)
  const metadata = await scanMetadata(deps, documentId, document, lastAttempt)
  const files = await scanFiles(deps, documentId, lastAttempt)
  if (metadata || files > 0) await recordScan(db, documentId, document.title)
}

async function markInterrupted(db: Queryable, documentId: string) {
  await db.query(
    `update privacy_scans set status = 'failed',
            reason = case when file_id is null then $2 else $3 end
      where document_id = $1 and status = 'pending'`,
    [documentId, PRIVACY_TEXTS.metadataInterrupted, PRIVACY_TEXTS.fileInterrupted],
  )
}

/** Whether the title and description were scanned now. */
async function scanMetadata(
  deps: ScanJobDeps,
  documentId: string,
  document: { title: string; description: string },
  lastAttempt: boolean,
): Promise<boolean> {
  const [row] = await deps.db.query<{ generation: number }>(
    `select generation from privacy_scans
      where document_id = $1 and file_id is null
        and (status = 'pending' or ($2 and status = 'failed' and reason = $3))`,
    [documentId, lastAttempt, PRIVACY_TEXTS.metadataInterrupted],
  )
  if (!row) return false
  const texts: TextToScan[] = [{ location: PRIVACY_TEXTS.titleLocation, text: document.title }]
  if (document.description.trim()) {
    texts.push({ location: PRIVACY_TEXTS.descriptionLocation, text: document.description })
  }
  const findings = await deps.scanner.scanTexts(texts)
  return deps.db.transaction(async (tx) => {
    // An edit meanwhile asked for a scan of its new text: that one writes, this one does not.
    const [current] = await tx.query(
      `select 1 from privacy_scans
        where document_id = $1 and file_id is null and generation = $2 for update`,
      [documentId, row.generation],
    )
    if (!current) return false
    await replaceFindings(tx, documentId, null, findings)
    await tx.query(
      `update privacy_scans set status = 'done', reason = null, scanned_at = now()
        where document_id = $1 and file_id is null`,
      [documentId],
    )
    return true
  })
}

/** Scans each file still to do; answers how many were scanned. */
async function scanFiles(deps: ScanJobDeps, documentId: string, lastAttempt: boolean) {
  const files = await deps.db.query<{ id: string; sha256: string; media_type: string }>(
    `select f.id::text, f.sha256, f.media_type
       from document_files f join privacy_scans s on s.file_id = f.id
      where f.document_id = $1
        and (s.status = 'pending' or ($2 and s.status = 'failed' and s.reason = $3))
      order by f.position, f.created_at`,
    [documentId, lastAttempt, PRIVACY_TEXTS.fileInterrupted],
  )
  for (const file of files) {
    const scan = await deps.store.withLocalCopy(file.sha256, (filePath) =>
      deps.scanner.scanFile(filePath, file.media_type),
    )
    await deps.db.transaction(async (tx) => {
      // Removed by an edit in the meantime: its row went with it (the cascade).
      const [held] = await tx.query('select 1 from privacy_scans where file_id = $1 for update', [
        file.id,
      ])
      if (!held) return
      await replaceFindings(tx, documentId, file.id, scan.ok ? scan.findings : [])
      await tx.query(
        `update privacy_scans set status = $2, reason = $3, scanned_at = now()
          where file_id = $1`,
        [file.id, scan.ok ? 'done' : 'failed', scan.ok ? null : scan.reason.slice(0, 500)],
      )
    })
  }
  return files.length
}

/** The audit row of a scan: the kinds and how many, never a value, not even masked. */
async function recordScan(db: Queryable, documentId: string, title: string) {
  const privacy = (await privacyOf(db, [documentId])).get(documentId)
  if (!privacy) return
  const kinds: Partial<Record<PrivacyKind, number>> = {}
  for (const finding of privacy.findings) kinds[finding.kind] = (kinds[finding.kind] ?? 0) + 1
  await recordAudit(db, {
    actorId: null,
    action: 'privacy_scanned',
    document: { id: documentId, title },
    details: {
      status: privacy.status,
      findings: kinds,
      unscanned: privacy.unscanned.map((part) => ({
        fileId: part.fileId ?? null,
        fileName: part.fileName ?? PRIVACY_TEXTS.metadataPart,
        reason: part.reason,
      })),
    },
  })
}

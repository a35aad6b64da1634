import type { PrivacyKind } from '@dataportaal/contract'
import { z } from 'zod'
import type { Db, Queryable } from '../../db/client.ts'
import { enqueueJobs } from '../../jobs/queue.ts'
import { OutageJobError, PermanentJobError, type JobHandler } from '../../jobs/worker.ts'
import type { TextToScan } from '../../privacy-scan/index.ts'
import { chunks } from '../../shared/chunks.ts'
import { isOutage } from '../../shared/outage.ts'
import type { FileStore } from '../../storage/file-store.ts'
import { recordAudits, type AuditEntry } from '../audit/record.ts'
import { replaceFindings } from './findings.ts'
import type { PrivacyScanner } from './scanner.ts'
import { privacyOf } from './state.ts'
import { PRIVACY_TEXTS } from './texts.ts'

/**
 * Scans documents' titles, descriptions and files for personal data (payload `{ documentIds }`,
 * up to PRIVACY_SCAN_BATCH of them; a job queued as `{ documentId }` before batches still runs).
 */
export const SCAN_PRIVACY_JOB = 'scan-privacy'

/** As for text extraction: a file's faults are reports, not retries; the rest gets three tries. */
export const PRIVACY_SCAN_MAX_ATTEMPTS = 3

/**
 * Documents per job: a harvest's or an import's thousands are scanned a batch at a time, each
 * step a statement (or a thread task) for the batch instead of a dozen per document.
 */
export const PRIVACY_SCAN_BATCH = 100

const Payload = z.union([
  z.object({ documentIds: z.array(z.uuid()).min(1).max(PRIVACY_SCAN_BATCH) }),
  z.object({ documentId: z.uuid() }).transform(({ documentId }) => ({ documentIds: [documentId] })),
])

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
    chunks(documentIds, PRIVACY_SCAN_BATCH).map((batch) => ({ documentIds: batch })),
    { maxAttempts: PRIVACY_SCAN_MAX_ATTEMPTS, bulk: options.bulk },
  )
}

export interface ScanJobDeps {
  db: Db
  store: FileStore
  scanner: PrivacyScanner
}

/**
 * The job: the titles and descriptions first, in one transaction for the batch, then each
 * file not scanned yet in a transaction of its own (a long job keeps what was done when it is
 * cut short), then per document one audit row with what its check now says. An outage (the
 * database, the disk, the file store away) does not count as an attempt. On the last attempt
 * the parts still to do are marked failed first, so that a process dying on it leaves them
 * 'niet gecontroleerd' (for an admin to review) instead of waiting for ever; success
 * overwrites the mark.
 */
export function scanPrivacyJob(deps: ScanJobDeps): JobHandler {
  return async (payload, job) => {
    const parsed = Payload.safeParse(payload)
    if (!parsed.success) throw new PermanentJobError('payload without document ids')
    try {
      await scanDocuments(deps, parsed.data.documentIds, job.attempts >= job.maxAttempts)
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

type ScannedDocument = { id: string; title: string; description: string }

async function scanDocuments(
  deps: ScanJobDeps,
  documentIds: readonly string[],
  lastAttempt: boolean,
) {
  const { db } = deps
  const documents = await db.query<ScannedDocument>(
    `select id::text, title, description from documents
      where id = any($1::uuid[]) and deleted_at is null`,
    [documentIds],
  )
  if (documents.length === 0) return
  const ids = documents.map((document) => document.id)
  // Files added without a request of their own (none today) still get their row.
  await db.query(
    `insert into privacy_scans (document_id, file_id)
     select document_id, id from document_files where document_id = any($1::uuid[])
     on conflict (file_id) where file_id is not null do nothing`,
    [ids],
  )
  if (lastAttempt) await markInterrupted(db, ids)
  const scanned = new Set([
    ...(await scanMetadata(deps, documents, lastAttempt)),
    ...(await scanFiles(deps, ids, lastAttempt)),
  ])
  await recordScans(
    db,
    documents.filter((document) => scanned.has(document.id)),
  )
}

async function markInterrupted(db: Queryable, documentIds: readonly string[]) {
  await db.query(
    `update privacy_scans set status = 'failed',
            reason = case when file_id is null then $2 else $3 end
      where document_id = any($1::uuid[]) and status = 'pending'`,
    [documentIds, PRIVACY_TEXTS.metadataInterrupted, PRIVACY_TEXTS.fileInterrupted],
  )
}

/** The documents whose title and description were scanned now. */
async function scanMetadata(
  deps: ScanJobDeps,
  documents: readonly ScannedDocument[],
  lastAttempt: boolean,
): Promise<string[]> {
  const due = await deps.db.query<{ document_id: string; generation: number }>(
    `select document_id::text, generation from privacy_scans
      where document_id = any($1::uuid[]) and file_id is null
        and (status = 'pending' or ($2 and status = 'failed' and reason = $3))`,
    [documents.map((document) => document.id), lastAttempt, PRIVACY_TEXTS.metadataInterrupted],
  )
  if (due.length === 0) return []
  const byId = new Map(documents.map((document) => [document.id, document]))
  const findings = await deps.scanner.scanTexts(
    due.map((row) => textsOf(byId.get(row.document_id)!)),
  )
  return deps.db.transaction(async (tx) => {
    // An edit meanwhile asked for a scan of its new text: that one writes, this one does not.
    const current = await tx.query<{ document_id: string }>(
      `select s.document_id::text from privacy_scans s
         join unnest($1::uuid[], $2::int[]) as d(document_id, generation)
           on s.document_id = d.document_id and s.generation = d.generation
        where s.file_id is null
        for update of s`,
      [due.map((row) => row.document_id), due.map((row) => row.generation)],
    )
    const held = new Set(current.map((row) => row.document_id))
    for (const [i, row] of due.entries()) {
      if (held.has(row.document_id)) await replaceFindings(tx, row.document_id, null, findings[i]!)
    }
    await tx.query(
      `update privacy_scans set status = 'done', reason = null, scanned_at = now()
        where document_id = any($1::uuid[]) and file_id is null`,
      [[...held]],
    )
    return [...held]
  })
}

function textsOf(document: ScannedDocument): TextToScan[] {
  const texts: TextToScan[] = [{ location: PRIVACY_TEXTS.titleLocation, text: document.title }]
  if (document.description.trim()) {
    texts.push({ location: PRIVACY_TEXTS.descriptionLocation, text: document.description })
  }
  return texts
}

/** Scans each file still to do; answers the documents of the files scanned. */
async function scanFiles(deps: ScanJobDeps, documentIds: readonly string[], lastAttempt: boolean) {
  const files = await deps.db.query<{
    id: string
    document_id: string
    sha256: string
    media_type: string
  }>(
    `select f.id::text, f.document_id::text, f.sha256, f.media_type
       from document_files f join privacy_scans s on s.file_id = f.id
      where f.document_id = any($1::uuid[])
        and (s.status = 'pending' or ($2 and s.status = 'failed' and s.reason = $3))
      order by f.document_id, f.position, f.created_at`,
    [documentIds, lastAttempt, PRIVACY_TEXTS.fileInterrupted],
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
      await replaceFindings(tx, file.document_id, file.id, scan.ok ? scan.findings : [])
      await tx.query(
        `update privacy_scans set status = $2, reason = $3, scanned_at = now()
          where file_id = $1`,
        [file.id, scan.ok ? 'done' : 'failed', scan.ok ? null : scan.reason.slice(0, 500)],
      )
    })
  }
  return files.map((file) => file.document_id)
}

/** The audit rows of a scan: the kinds and how many, never a value, not even masked. */
async function recordScans(db: Queryable, documents: readonly ScannedDocument[]) {
  const privacy = await privacyOf(
    db,
    documents.map((document) => document.id),
  )
  const entries: AuditEntry[] = []
  for (const document of documents) {
    const state = privacy.get(document.id)
    if (!state) continue
    const kinds: Partial<Record<PrivacyKind, number>> = {}
    for (const finding of state.findings) kinds[finding.kind] = (kinds[finding.kind] ?? 0) + 1
    entries.push({
      actorId: null,
      action: 'privacy_scanned',
      document: { id: document.id, title: document.title },
      details: {
        status: state.status,
        findings: kinds,
        unscanned: state.unscanned.map((part) => ({
          fileId: part.fileId ?? null,
          fileName: part.fileName ?? PRIVACY_TEXTS.metadataPart,
          reason: part.reason,
        })),
      },
    })
  }
  await recordAudits(db, entries)
}

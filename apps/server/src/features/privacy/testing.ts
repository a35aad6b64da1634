import type { PrivacyKind } from '@dataportaal/contract'
import { readFile } from 'node:fs/promises'
import type { Queryable } from '../../db/client.ts'
import type { FileScan, PersonalDataFinding } from '../../privacy-scan/index.ts'
import type { Db } from '../../db/client.ts'
import { runPendingJobs } from '../../jobs/worker.ts'
import type { FileStore } from '../../storage/file-store.ts'
import { SCAN_PRIVACY_JOB, scanPrivacyJob } from './scan-job.ts'
import { realScanner, type PrivacyScanner } from './scanner.ts'

/**
 * A document a test factory writes straight into the database as checked, with nothing found,
 * as it writes its files' text as read: the state a scan would have left.
 */
export async function markScannedClean(db: Queryable, documentId: string): Promise<void> {
  await db.query(
    `insert into privacy_scans (document_id, file_id, status, scanned_at)
     select $1::uuid, null::uuid, 'done', now()
     union all
     select $1::uuid, id, 'done', now() from document_files where document_id = $1::uuid`,
    [documentId],
  )
}

/** A finding as the scanner gives it; `count` 1 unless said. */
export const finding = (
  kind: PrivacyKind,
  location: string,
  masked: string,
  context: string,
  count = 1,
): PersonalDataFinding => ({ kind, location, masked, context, count })

/**
 * A scanner for tests, standing in for the patterns and checksums of privacy-scan/: it finds
 * what each file's content or each text maps to (by a marker in it), and records what it was
 * asked, so a test can tell a file was not scanned twice.
 */
export function fakeScanner(rules: {
  /** Findings for a file whose content includes the marker; a string: it cannot be read. */
  files?: ReadonlyArray<[marker: string, outcome: PersonalDataFinding[] | string]>
  /** Findings for a title or description that includes the marker (location filled in). */
  texts?: ReadonlyArray<[marker: string, finding: Omit<PersonalDataFinding, 'location'>]>
}): PrivacyScanner & { scannedFiles: string[] } {
  const scannedFiles: string[] = []
  return {
    scannedFiles,
    async scanFile(filePath): Promise<FileScan> {
      const content = await readFile(filePath, 'utf8')
      scannedFiles.push(content)
      const findings: PersonalDataFinding[] = []
      for (const [marker, outcome] of rules.files ?? []) {
        if (!content.includes(marker)) continue
        if (typeof outcome === 'string') return { ok: false, reason: outcome }
        findings.push(...outcome)
      }
      return { ok: true, findings }
    },
    async scanTexts(documents) {
      return documents.map((texts) =>
        texts.flatMap(({ location, text }) =>
          (rules.texts ?? [])
            .filter(([marker]) => text.includes(marker))
            .map(([, found]) => ({ ...found, location })),
        ),
      )
    },
  }
}

/**
 * Runs the personal-data scans that are due, and no other job: for tests that run another
 * kind of work by hand (a harvest run) and then approve, as an admin would after the scan.
 */
export const runPrivacyScans = (
  deps: { db: Db; store: FileStore },
  scanner: PrivacyScanner = realScanner,
) =>
  runPendingJobs(deps.db, {
    [SCAN_PRIVACY_JOB]: scanPrivacyJob({ db: deps.db, store: deps.store, scanner }),
  })

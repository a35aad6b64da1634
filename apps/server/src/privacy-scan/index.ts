import { stat } from 'node:fs/promises'
import {
  DEFAULT_LIMITS,
  type ExtractionFailure,
  type ExtractionLimits,
} from '../extraction/limits.ts'
import { runInThread } from '../extraction/reader-thread.ts'
import type { FileScan, PersonalDataFinding, TextToScan } from './protocol.ts'
import { notComplete } from './table-scan.ts'

/**
 * The personal-data check: what the rest of the server may call. Both run in the reader
 * worker thread (extraction/reader-thread.ts), with the extraction's isolation and limits.
 */
export type * from './protocol.ts'

/** Why the thread gave no answer, in Dutch, for the owner and admins. */
function threadFailure(reason: ExtractionFailure, limits: ExtractionLimits): string {
  switch (reason) {
    case 'timeout': {
      const seconds = Math.ceil(limits.timeoutMs / 1000)
      return notComplete(
        `Het lezen duurde langer dan ${seconds} ${seconds === 1 ? 'seconde' : 'seconden'}.`,
      )
    }
    case 'out-of-memory':
      return notComplete('Het bestand vraagt te veel geheugen om te lezen.')
    case 'encrypted':
      return notComplete('Het bestand is met een wachtwoord beveiligd.')
    case 'too-large':
      return notComplete('Het bestand is te groot om te lezen.')
    default:
      return notComplete('Het bestand kan niet worden gelezen; het is mogelijk beschadigd.')
  }
}

/**
 * Checks a file for personal data: a tabular file (isTabular) per column of each sheet, any
 * other file over its whole text (per page for a PDF). A file that cannot be read, or not to
 * its end within the limits, is `{ ok: false, reason }`: the document is then 'niet
 * gecontroleerd'. Only faults outside the file throw: a missing path, a thread that cannot
 * start (ReaderThreadStartError).
 */
export async function scanFileForPersonalData(
  filePath: string,
  mediaType: string,
  options: Partial<ExtractionLimits> = {},
): Promise<FileScan> {
  const limits: ExtractionLimits = { ...DEFAULT_LIMITS, ...options }
  await stat(filePath)
  const result = await runInThread(
    { kind: 'privacy', filePath, mediaType, limits },
    limits.memoryMb,
    limits.timeoutMs,
  )
  if (!result.ok) return { ok: false, reason: threadFailure(result.reason, limits) }
  if (!('scan' in result)) throw new Error('the reader thread answered another task')
  return result.scan
}

/**
 * Checks texts that are not files, such as documents' titles and descriptions, in one task of
 * the thread for a whole batch of documents: per document (each a list of texts) one finding
 * per kind and text, its location the text's own ('titel', 'beschrijving').
 */
export async function scanTextsForPersonalData(
  documents: TextToScan[][],
): Promise<PersonalDataFinding[][]> {
  const limits = DEFAULT_LIMITS
  const result = await runInThread(
    { kind: 'privacy-texts', documents },
    limits.memoryMb,
    limits.timeoutMs,
  )
  // Titles and descriptions are short: a thread that fails on them is the installation's fault.
  if (!result.ok) throw new Error(`personal-data check of texts failed: ${result.detail}`)
  if (!('findings' in result)) throw new Error('the reader thread answered another task')
  return result.findings
}

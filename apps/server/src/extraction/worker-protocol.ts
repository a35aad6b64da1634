import type { FileScan, PersonalDataFinding, TextToScan } from '../privacy-scan/protocol.ts'
import type { LoadRequest, TableOutcome } from '../table-loading/protocol.ts'
import type { ExtractionFailure, ExtractionLimits } from './limits.ts'

/**
 * What the server's thread asks a reader worker: the text of a file (extraction for search),
 * its tables (the table loader), or its personal data (the check before publication, of a
 * file or of documents' titles and descriptions). One thread machinery serves all.
 */
export type WorkerTask =
  | { kind: 'text'; filePath: string; mediaType: string; limits: ExtractionLimits }
  | { kind: 'tables'; request: LoadRequest }
  | { kind: 'privacy'; filePath: string; mediaType: string; limits: ExtractionLimits }
  | { kind: 'privacy-texts'; documents: TextToScan[][] }

export type WorkerRequest = WorkerTask & { id: number }

/** A task's answer, or why there is none. */
export type TaskResult =
  | { ok: true; text: string }
  | { ok: true; tables: TableOutcome[] }
  | { ok: true; scan: FileScan }
  | { ok: true; findings: PersonalDataFinding[][] }
  | { ok: false; reason: ExtractionFailure; detail: string }

/** What the worker answers: once `ready` after loading, then one reply per request. */
export type WorkerReply = { ready: true } | (TaskResult & { id: number })

import type { ExtractionFailure, ExtractionLimits } from './limits.ts'

/** What the server's thread asks an extraction worker. */
export interface WorkerRequest {
  id: number
  filePath: string
  mediaType: string
  limits: ExtractionLimits
}

/** What the worker answers: once `ready` after loading, then one reply per request. */
export type WorkerReply =
  | { ready: true }
  | { id: number; ok: true; text: string }
  | { id: number; ok: false; reason: ExtractionFailure; detail: string }

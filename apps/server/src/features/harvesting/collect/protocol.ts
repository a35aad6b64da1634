import type { CollectedSource, CollectProgress, SourceToCollect } from '../record.ts'
import type { CollectLimits } from './limits.ts'

/** What the collecting thread is started with (its workerData). */
export interface CollectRequest {
  source: SourceToCollect
  limits: CollectLimits
}

/** What the thread sends back: progress after every page, then the outcome, once. */
export type CollectReply =
  | { type: 'progress'; progress: CollectProgress }
  | { type: 'done'; collected: CollectedSource }
  /**
   * `message` is Dutch and names the page, as a HarvestCollectError's. `detail` is what an
   * unexpected error said, for the server's log only: it may quote the source.
   */
  | { type: 'failed'; message: string; detail?: string }

/** Told after every page read. */
export type PageReport = (progress: CollectProgress) => void

/** A failure the collector did not foresee; what it said goes to the log, not the report. */
export const UNEXPECTED = 'De bron kon niet worden gelezen door een onverwachte fout.'

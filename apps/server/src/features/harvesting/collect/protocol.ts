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
  /** `message` is Dutch and names the page, as a HarvestCollectError's. */
  | { type: 'failed'; message: string }

/** Told after every page read. */
export type PageReport = (progress: CollectProgress) => void

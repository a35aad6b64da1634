import { Worker } from 'node:worker_threads'
import {
  HarvestCollectError,
  type CollectedSource,
  type CollectProgress,
  type SourceToCollect,
} from '../record.ts'
import { DEFAULT_COLLECT_LIMITS, duration, type CollectLimits } from './limits.ts'
import { UNEXPECTED, type CollectReply, type CollectRequest } from './protocol.ts'
import { workerEntry } from '../../../shared/worker-entry.ts'

export { DEFAULT_COLLECT_LIMITS, type CollectLimits } from './limits.ts'

const ENTRY = workerEntry(import.meta.url, './worker-boot.mjs', './worker-main.js')

export interface CollectOptions {
  onProgress?: (progress: CollectProgress) => void
  limits?: Partial<CollectLimits>
}

const unreadable = (reason: string) =>
  new HarvestCollectError(`De bron kon niet worden gelezen: ${reason}`)

/**
 * Reads every page of a source (a DCAT-AP catalogue or a CKAN API) and gives back its
 * records, in page order. The pages are fetched and parsed in a thread of their own, with a
 * capped heap, terminated after `totalTimeoutMs`: a source cannot block or crash the server.
 * Throws a HarvestCollectError (Dutch, naming the page) when any page fails or a limit is
 * passed; there is no partial result. One with a `cause` failed unforeseen: the cause is
 * for the log, and may quote the source.
 */
export function collectSource(
  source: SourceToCollect,
  options: CollectOptions = {},
): Promise<CollectedSource> {
  const limits: CollectLimits = { ...DEFAULT_COLLECT_LIMITS, ...options.limits }
  return new Promise((resolve, reject) => {
    const worker = new Worker(ENTRY, {
      workerData: { source, limits } satisfies CollectRequest,
      // The loader comes from worker-boot.mjs; flags of the parent (e.g. --inspect) stay there.
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: limits.memoryMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(limits.memoryMb / 8))),
      },
      stdout: false,
      stderr: false,
    })
    let settled = false
    const settle = (outcome: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      void worker.terminate()
      outcome()
    }
    // Only terminate() stops a parser stuck in synchronous work; a timer in the thread could not.
    const timer = setTimeout(() => {
      const message = `Het ophalen van de bron duurde langer dan ${duration(limits.totalTimeoutMs)}.`
      settle(() => reject(new HarvestCollectError(message)))
    }, limits.totalTimeoutMs)
    worker.on('message', (reply: CollectReply) => {
      if (reply.type === 'progress') {
        try {
          options.onProgress?.(reply.progress)
        } catch (error) {
          settle(() => reject(error))
        }
      } else if (reply.type === 'done') {
        settle(() => resolve(reply.collected))
      } else {
        const cause = reply.detail === undefined ? undefined : { cause: new Error(reply.detail) }
        settle(() => reject(new HarvestCollectError(reply.message, cause)))
      }
    })
    worker.on('error', (error) => {
      const outOfMemory = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY'
      settle(() =>
        reject(
          outOfMemory
            ? unreadable('het geheugen voor het lezen raakte vol.')
            : new HarvestCollectError(UNEXPECTED, { cause: error }),
        ),
      )
    })
    worker.on('exit', (code) => {
      settle(() => reject(unreadable(`het lezen stopte onverwacht (code ${code}).`)))
    })
  })
}

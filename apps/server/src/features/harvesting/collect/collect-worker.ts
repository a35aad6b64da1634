import { parentPort, workerData } from 'node:worker_threads'
import { HarvestCollectError } from '../record.ts'
import { collectCkan } from './ckan.ts'
import { collectDcat } from './dcat.ts'
import { UNEXPECTED, type CollectReply, type CollectRequest } from './protocol.ts'

/**
 * Runs in the collecting thread (started by worker-boot.mjs, or worker-main.js in the
 * build): fetches and parses every page of one source, reporting after each, and sends the
 * records back in one message. Whatever a source does here (a page that exhausts the heap, a
 * parser that loops) ends this thread at worst; the server's thread is told and carries on.
 */
export async function serveCollection(): Promise<void> {
  const port = parentPort
  if (!port) throw new Error('serveCollection runs only in a worker thread')
  const { source, limits } = workerData as CollectRequest
  const send = (reply: CollectReply) => port.postMessage(reply)
  try {
    const collect = source.kind === 'ckan' ? collectCkan : collectDcat
    const collected = await collect(source.url, limits, (progress) =>
      send({ type: 'progress', progress }),
    )
    send({ type: 'done', collected })
  } catch (error) {
    if (error instanceof HarvestCollectError) send({ type: 'failed', message: error.message })
    else {
      send({
        type: 'failed',
        message: UNEXPECTED,
        detail: error instanceof Error ? (error.stack ?? error.message) : String(error),
      })
    }
  }
}

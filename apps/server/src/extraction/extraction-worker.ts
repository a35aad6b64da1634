import { parentPort } from 'node:worker_threads'
import { scanFile } from '../privacy-scan/scan-file.ts'
import { scanTexts } from '../privacy-scan/text-scan.ts'
import { readTables } from '../table-loading/read-tables.ts'
import { ReadFailure } from './limits.ts'
import { readText } from './read-text.ts'
import type { TaskResult, WorkerReply, WorkerRequest } from './worker-protocol.ts'

async function run(request: WorkerRequest): Promise<TaskResult> {
  switch (request.kind) {
    case 'tables':
      return { ok: true, tables: await readTables(request.request) }
    case 'privacy':
      return { ok: true, scan: await scanFile(request.filePath, request.mediaType, request.limits) }
    case 'privacy-texts':
      return { ok: true, findings: request.documents.map((texts) => scanTexts(texts)) }
    case 'text':
      return { ok: true, text: await readText(request.filePath, request.mediaType, request.limits) }
  }
}

/**
 * Runs in a worker thread (started by worker-boot.mjs, or worker-main.js in the build): reads
 * the text or the tables of one file per message, or checks it (or a few texts) for personal
 * data. Whatever a file does here (exhaust the heap, loop, throw from deep inside a parser)
 * ends this thread at worst; the server's thread is told and carries on.
 */
export function serveExtraction(): void {
  const port = parentPort
  if (!port) throw new Error('serveExtraction runs only in a worker thread')
  port.on('message', (request: WorkerRequest) => {
    void run(request).then(
      (result) => port.postMessage({ ...result, id: request.id } satisfies WorkerReply),
      (error: unknown) =>
        port.postMessage({
          id: request.id,
          ok: false,
          reason: error instanceof ReadFailure ? error.reason : 'unreadable',
          detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        } satisfies WorkerReply),
    )
  })
  port.postMessage({ ready: true } satisfies WorkerReply)
}

import { PGlite, type Transaction } from '@electric-sql/pglite'
import { openAsBlob } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { pgliteExtensions } from './pglite-extensions.ts'
import {
  errorFields,
  type PgliteReply,
  type PgliteRequest,
  type PgliteWhere,
} from './pglite-protocol.ts'

/**
 * A database in memory (the tests' copies of the migrated database) keeps its files in memory
 * already, so it gets a small buffer cache: setting up PGlite's default of 128 MB was half of
 * the 1 s it took to open one.
 */
const IN_MEMORY_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']

/** An open transaction: its statements' target, and how to end it. */
interface OpenTransaction {
  tx: Transaction
  end: (commit: boolean) => void
  ended: Promise<void>
}

/**
 * Runs in a worker thread (pglite-boot.mjs, or pglite-main.js in the build): the embedded
 * database, one statement at a time as PGlite runs them, on a thread of its own. The
 * server's thread sends statements and gets rows back (pglite-thread.ts); while a statement
 * runs, that thread goes on answering requests.
 */
export async function servePglite(): Promise<void> {
  const port = parentPort
  if (!port) throw new Error('servePglite runs only in a worker thread')
  const { dataDir, from, compiled } = workerData as PgliteWhere
  let lite: PGlite
  try {
    lite = await PGlite.create({
      ...(dataDir ? { dataDir } : { startParams: IN_MEMORY_START }),
      ...(from ? { loadDataDir: await openAsBlob(from) } : {}),
      ...(compiled ? { pgliteWasmModule: compiled } : {}),
      extensions: pgliteExtensions,
    })
    // One session serves the whole process; see openPostgres for why work_mem is raised.
    await lite.exec(`set work_mem = '32MB'`)
  } catch (error) {
    port.postMessage({ ready: false, error: errorFields(error) } satisfies PgliteReply)
    return
  }
  const open = new Map<number, OpenTransaction>()
  const target = (tx: number | null) => {
    if (tx === null) return lite
    const transaction = open.get(tx)
    if (!transaction) throw new Error(`no open transaction ${tx}`)
    return transaction.tx
  }
  const begin = (key: number) =>
    new Promise<void>((started, failed) => {
      let end: (commit: boolean) => void = () => undefined
      const decided = new Promise<boolean>((resolve) => (end = resolve))
      const ended = lite
        .transaction(async (tx) => {
          open.set(key, { tx, end, ended })
          started()
          if (!(await decided)) await tx.rollback()
        })
        .finally(() => open.delete(key))
      // Failing to start is answered here; failing to commit, by 'end'.
      ended.catch(failed)
    })
  const handle = async (request: PgliteRequest): Promise<unknown[]> => {
    switch (request.op) {
      case 'query':
        return (await target(request.tx).query(request.sql, request.params)).rows
      case 'exec':
        await target(request.tx).exec(request.sql)
        return []
      case 'copy': {
        // PGlite reads COPY's input from a Blob it mounts as /dev/blob.
        const blob = await openAsBlob(request.filePath)
        const result = await target(request.tx).query(
          `copy ${request.target} from '/dev/blob'${request.with}`,
          [],
          { blob },
        )
        return [{ count: result.affectedRows ?? 0 }]
      }
      case 'begin':
        await begin(request.tx)
        return []
      case 'end': {
        const transaction = open.get(request.tx)
        if (!transaction) throw new Error(`no open transaction ${request.tx}`)
        transaction.end(request.commit)
        await transaction.ended
        return []
      }
      case 'close':
        await lite.close()
        return []
    }
  }
  port.on('message', (request: PgliteRequest) => {
    handle(request).then(
      (rows) => port.postMessage({ id: request.id, ok: true, rows } satisfies PgliteReply),
      (error: unknown) =>
        port.postMessage({
          id: request.id,
          ok: false,
          error: errorFields(error),
        } satisfies PgliteReply),
    )
  })
  port.postMessage({ ready: true } satisfies PgliteReply)
}

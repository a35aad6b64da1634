import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import type {
  ErrorFields,
  PgliteCall,
  PgliteReply,
  PgliteRequest,
  PgliteWhere,
} from './pglite-protocol.ts'
import { workerEntry } from '../shared/worker-entry.ts'
import { DatabaseUnavailableError } from './unavailable.ts'

const ENTRY = workerEntry(import.meta.url, './pglite-boot.mjs', './pglite-main.js')

let compiledPglite: Promise<WebAssembly.Module> | undefined

/** PGlite's WebAssembly, compiled on first use in this process (PgliteWhere.compiled). */
function compiledPgliteCode(): Promise<WebAssembly.Module> {
  compiledPglite ??= (async () => {
    const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite')
    return WebAssembly.compile(await fs.readFile(path.join(path.dirname(pglite), 'pglite.wasm')))
  })()
  return compiledPglite
}

/** A database error from the thread, with the fields callers read (`code`, `constraint`, ...). */
export class PgliteError extends Error {
  [field: string]: unknown
  constructor(fields: ErrorFields) {
    super(String(fields.message ?? 'database error'))
    Object.assign(this, fields)
  }
}

/**
 * PGlite on a worker thread of its own. PGlite runs its statements in the thread that calls
 * it, so on the server's thread every statement held up every other request for its whole
 * length, and the database and the server's own work (counting facets, presenting, HTTP)
 * could only take turns. On its own thread the two run at the same time, as they do with
 * PostgreSQL's processes (docs/search.md, "Speed").
 */
export class PgliteThread {
  private readonly worker: Worker
  private readonly pending = new Map<
    number,
    { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }
  >()
  private nextId = 1
  private stopped: Error | null = null
  private closing = false

  /**
   * `onDeath`: the thread ended without close() (PGlite aborted, the thread crashed). The
   * database is gone for this process; called once, with why.
   */
  private constructor(worker: Worker, onDeath: (error: Error) => void) {
    this.worker = worker
    worker.on('message', (reply: PgliteReply) => {
      if (!('id' in reply)) return
      const waiting = this.pending.get(reply.id)
      if (!waiting) return
      this.pending.delete(reply.id)
      if (this.pending.size === 0) worker.unref()
      if (reply.ok) waiting.resolve(reply.rows)
      else waiting.reject(new PgliteError(reply.error))
    })
    const stop = (error: Error) => {
      const first = this.stopped === null
      this.stopped ??= error
      for (const waiting of this.pending.values()) waiting.reject(error)
      this.pending.clear()
      if (first && !this.closing) onDeath(error)
    }
    worker.on('error', (error) =>
      stop(
        new DatabaseUnavailableError(`embedded database thread failed: ${error.message}`, {
          cause: error,
        }),
      ),
    )
    worker.on('exit', (code) =>
      stop(new DatabaseUnavailableError(`embedded database thread exited (${code})`)),
    )
    // Idle, the thread keeps no process alive; a statement in flight does (request()).
    worker.unref()
  }

  /** Starts the thread and opens PGlite as `where` says (pglite-protocol.ts). */
  static async start(
    where: PgliteWhere,
    onDeath: (error: Error) => void = () => undefined,
  ): Promise<PgliteThread> {
    // A database on disk is the server's one database: its thread compiles PGlite itself.
    const compiled = where.dataDir === null ? await compiledPgliteCode() : undefined
    const worker = new Worker(ENTRY, {
      workerData: { ...where, compiled } satisfies PgliteWhere,
      execArgv: [],
    })
    let settle: { resolve: (reply: PgliteReply) => void; reject: (error: Error) => void }
    const exited = (code: number) =>
      settle.reject(new Error(`embedded database thread exited (${code})`))
    const ready = await new Promise<PgliteReply>((resolve, reject) => {
      settle = { resolve, reject }
      worker.once('message', resolve)
      worker.once('error', reject)
      worker.once('exit', exited)
    }).finally(() => {
      worker.off('message', settle.resolve)
      worker.off('error', settle.reject)
      worker.off('exit', exited)
    })
    if (!('ready' in ready) || !ready.ready) {
      await worker.terminate()
      throw new PgliteError(
        'error' in ready ? ready.error : { message: 'unexpected first message' },
      )
    }
    return new PgliteThread(worker, onDeath)
  }

  request(call: PgliteCall): Promise<unknown[]> {
    if (this.stopped) return Promise.reject(this.stopped)
    const id = this.nextId++
    return new Promise<unknown[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      this.worker.ref()
      try {
        this.worker.postMessage({ ...call, id } satisfies PgliteRequest)
      } catch (error) {
        // A parameter that cannot be copied (a function, say) fails here, before it is sent.
        this.pending.delete(id)
        if (this.pending.size === 0) this.worker.unref()
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    })
  }

  /** Closes PGlite and ends the thread; again, or after the thread died, it does nothing. */
  async close(): Promise<void> {
    if (this.stopped) return
    this.closing = true
    try {
      await this.request({ op: 'close' })
    } finally {
      await this.worker.terminate()
    }
  }
}

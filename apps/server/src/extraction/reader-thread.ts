import { Worker } from 'node:worker_threads'
import type { ExtractionFailure, ExtractionLimits } from './limits.ts'
import type { TaskResult, WorkerReply, WorkerRequest, WorkerTask } from './worker-protocol.ts'
import { workerEntry } from '../shared/worker-entry.ts'

const ENTRY = workerEntry(import.meta.url, './worker-boot.mjs', './worker-main.js')
// Starting a thread and loading the readers takes a few hundred milliseconds: a thread that
// just finished waits this long for the next file (an upload of several, the demo catalogue).
const IDLE_MS = 10_000
// A fresh thread now and then, so whatever a parser keeps between files cannot pile up.
const MAX_USES = 50

export type ThreadOutcome =
  { ok: true; text: string } | { ok: false; reason: ExtractionFailure; detail: string }

/** The thread did not start: the installation's fault, not the file's, so worth a retry. */
export class ReaderThreadStartError extends Error {
  override readonly name = 'ReaderThreadStartError'
}

let nextId = 1

/** One worker thread with a capped heap that reads one file at a time. */
class ReaderThread {
  private readonly worker: Worker
  private readonly ready: Promise<void>
  private started = false
  private dead = false
  /** The failure of the request in hand when the thread dies. */
  private onDeath: ((error: Error, exitCode: number | null) => void) | null = null
  private idleTimer: NodeJS.Timeout | undefined
  uses = 0

  constructor(readonly memoryMb: number) {
    this.worker = new Worker(ENTRY, {
      // The loader comes from worker-boot.mjs; flags of the parent (e.g. --inspect) stay there.
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: memoryMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(memoryMb / 8))),
      },
      stdout: false,
      stderr: false,
    })
    this.ready = new Promise<void>((resolve, reject) => {
      this.worker.once('message', (reply: WorkerReply) => {
        this.started = true
        if ('ready' in reply) resolve()
        else reject(new ReaderThreadStartError('unexpected first message'))
      })
      this.worker.once('error', (error) => {
        if (!this.started) reject(new ReaderThreadStartError(error.message, { cause: error }))
      })
    })
    this.ready.catch(() => undefined)
    this.worker.on('error', (error) => {
      this.dead = true
      this.onDeath?.(error, null)
    })
    this.worker.on('exit', (code) => {
      this.dead = true
      this.onDeath?.(new Error(`extraction thread exited with code ${code}`), code)
    })
  }

  get alive() {
    return !this.dead
  }

  async run(task: WorkerTask, timeoutMs: number) {
    clearTimeout(this.idleTimer)
    this.worker.ref()
    this.uses++
    await this.ready
    const id = nextId++
    return new Promise<TaskResult>((resolve, reject) => {
      const settle = (outcome: TaskResult) => {
        clearTimeout(timer)
        this.worker.off('message', onMessage)
        this.onDeath = null
        resolve(outcome)
      }
      // Only terminate() stops a parser stuck in synchronous work; a timer in the thread could not.
      const timer = setTimeout(() => {
        settle({ ok: false, reason: 'timeout', detail: `no answer within ${timeoutMs} ms` })
        void this.stop()
      }, timeoutMs)
      const onMessage = (reply: WorkerReply) => {
        if ('id' in reply && reply.id === id) settle(reply)
      }
      this.onDeath = (error) => {
        const code = (error as NodeJS.ErrnoException).code
        settle({
          ok: false,
          reason: code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'out-of-memory' : 'unreadable',
          detail: error.message,
        })
      }
      if (this.dead) {
        clearTimeout(timer)
        reject(new ReaderThreadStartError('extraction thread died before the request'))
        return
      }
      this.worker.on('message', onMessage)
      this.worker.postMessage({ ...task, id } satisfies WorkerRequest)
    })
  }

  /** Keeps the thread for the next file for a while, without keeping the process alive. */
  park(onExpire: () => void) {
    this.worker.unref()
    this.idleTimer = setTimeout(() => {
      onExpire()
      void this.stop()
    }, IDLE_MS)
    this.idleTimer.unref()
  }

  stop(): Promise<number> {
    this.dead = true
    clearTimeout(this.idleTimer)
    return this.worker.terminate()
  }
}

let idle: ReaderThread | null = null

/**
 * Runs a task in a worker thread with a heap of `memoryMb`, terminated after `timeoutMs`. A
 * thread that ran out of memory, timed out or crashed is never reused.
 */
export async function runInThread(
  task: WorkerTask,
  memoryMb: number,
  timeoutMs: number,
): Promise<TaskResult> {
  let thread = idle
  idle = null
  if (!thread || !thread.alive || thread.memoryMb !== memoryMb) {
    void thread?.stop()
    thread = new ReaderThread(memoryMb)
  }
  try {
    const outcome = await thread.run(task, timeoutMs)
    // A file refused by its reader leaves a healthy thread; one that died is never parked.
    if (thread.alive && thread.uses < MAX_USES && !idle) {
      const parked = thread
      idle = parked
      parked.park(() => {
        if (idle === parked) idle = null
      })
    } else if (thread.alive) {
      void thread.stop()
    }
    return outcome
  } catch (error) {
    void thread.stop()
    throw error
  }
}

/** Reads a file's text in a worker thread within `limits` (heap and time). */
export async function readInThread(
  filePath: string,
  mediaType: string,
  limits: ExtractionLimits,
): Promise<ThreadOutcome> {
  const result = await runInThread(
    { kind: 'text', filePath, mediaType, limits },
    limits.memoryMb,
    limits.timeoutMs,
  )
  if (!result.ok) return result
  return 'text' in result ? { ok: true, text: result.text } : { ok: true, text: '' }
}

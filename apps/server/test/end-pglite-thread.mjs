// Loaded into a server process by pglite-thread-death.test.ts (NODE_OPTIONS=--import): on
// SIGUSR2 it ends the embedded database's thread from outside, as a crash inside it would.
import { syncBuiltinESMExports } from 'node:module'
import workerThreads from 'node:worker_threads'

if (workerThreads.isMainThread) {
  const threads = []
  const { Worker } = workerThreads
  workerThreads.Worker = class extends Worker {
    constructor(entry, options) {
      super(entry, options)
      if (String(entry).includes('pglite')) threads.push(this)
    }
  }
  // The server imports { Worker } from 'node:worker_threads': give it this one.
  syncBuiltinESMExports()
  process.on('SIGUSR2', () => {
    for (const thread of threads) void thread.terminate()
  })
}

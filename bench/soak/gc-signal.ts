/**
 * Loaded into the server process by the soak run (`node --expose-gc --import <this file>`,
 * next to tsx), so that the run can ask the server for a full garbage collection and read
 * its heap afterwards without any change to the server: on SIGUSR2 it collects twice and
 * writes one line, MEMORY_MARK followed by JSON, to stderr.
 */
export const MEMORY_MARK = 'soak-memory '

export interface HeapAfterGc {
  rss: number
  heapUsed: number
  heapTotal: number
  external: number
  arrayBuffers: number
}

const gc = (globalThis as { gc?: () => void }).gc

// Only a process started with --expose-gc (the server child) listens; importing the
// constant elsewhere installs nothing.
if (gc) {
  process.on('SIGUSR2', () => {
    gc()
    gc()
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage()
    const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10
    const figures: HeapAfterGc = {
      rss: mb(rss),
      heapUsed: mb(heapUsed),
      heapTotal: mb(heapTotal),
      external: mb(external),
      arrayBuffers: mb(arrayBuffers),
    }
    process.stderr.write(`${MEMORY_MARK}${JSON.stringify(figures)}\n`)
  })
}

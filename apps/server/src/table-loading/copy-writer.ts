import { closeSync, openSync, writeSync } from 'node:fs'
import { join } from 'node:path'

// Lines are gathered and written this many bytes at a time.
const BATCH_BYTES = 256 * 1024

/** A value for PostgreSQL's COPY text format: backslash, tab, CR and LF escaped, NUL dropped. */
export function copyEscape(value: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[\\\t\n\r\u0000]/.test(value)) return value
  return value
    .replace(/\\/g, '\\\\')
    .replace(/\t/g, '\\t')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replaceAll('\u0000', '')
}

/**
 * Writes COPY lines into numbered files in `outDir`, a new file past `chunkBytes` (on a row
 * boundary). Synchronous: it runs in the loader's own worker thread, where blocking on the
 * disk holds up nothing else.
 */
export class CopyWriter {
  readonly files: string[] = []
  private fd: number | null = null
  private fileBytes = 0
  private batch: string[] = []
  private batchBytes = 0

  constructor(
    private readonly outDir: string,
    private readonly prefix: string,
    private readonly chunkBytes: number,
  ) {}

  line(text: string): void {
    const bytes = Buffer.byteLength(text)
    if (this.fd === null || (this.fileBytes > 0 && this.fileBytes + bytes > this.chunkBytes)) {
      this.nextFile()
    }
    this.batch.push(text)
    this.batchBytes += bytes
    this.fileBytes += bytes
    if (this.batchBytes >= BATCH_BYTES) this.flush()
  }

  close(): void {
    this.flush()
    if (this.fd !== null) closeSync(this.fd)
    this.fd = null
  }

  private nextFile() {
    this.close()
    const path = join(
      this.outDir,
      `${this.prefix}-${String(this.files.length + 1).padStart(4, '0')}.copy`,
    )
    this.fd = openSync(path, 'wx')
    this.files.push(path)
    this.fileBytes = 0
  }

  private flush() {
    if (this.fd === null || this.batch.length === 0) return
    writeSync(this.fd, this.batch.join(''))
    this.batch = []
    this.batchBytes = 0
  }
}

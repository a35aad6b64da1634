import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Transform, type Readable, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'

export interface StoredFile {
  sha256: string
  size: number
}

/** A file written completely under a temporary name, not yet in the store. */
export interface TempFile extends StoredFile {
  /** Where the bytes are until `commit` or `discard`; for content checks only. */
  path: string
}

/** A stream gave more bytes than allowed; nothing of it is kept. */
export class FileTooLargeError extends Error {
  override name = 'FileTooLargeError'

  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`)
  }
}

/**
 * Files kept by content (SHA-256). Both drivers take a file in through a local temporary
 * file (hashed and sniffed there before anything is decided), and only `commit` puts it
 * where readers can see it, complete. Names people gave their files never reach the store.
 */
export interface FileStore {
  /** Local directory of temporary files (uploads in progress, local copies). */
  readonly tmpDir: string
  /**
   * Whether other processes may write to the same store (an Azure container can be shared
   * by several nodes, or by mistake by two portals); the sweep then keeps recent leftovers.
   */
  readonly mayBeShared: boolean
  /**
   * Streams `source` to a new temporary file, hashing it on the way. Past `maxBytes` the
   * source is abandoned, the partial file removed, and FileTooLargeError raised.
   */
  writeTemp(source: Readable, options?: { maxBytes?: number }): Promise<TempFile>
  /** Puts a complete temporary file under its digest (the same content may be there already). */
  commit(temp: TempFile): Promise<void>
  discard(temp: Pick<TempFile, 'path'>): Promise<void>
  put(source: Readable): Promise<StoredFile>
  putFile(filePath: string): Promise<StoredFile>
  /** Throws when files cannot be stored (for /readyz). */
  ready(): Promise<void>
  exists(sha256: string): Promise<boolean>
  read(sha256: string): Promise<Readable>
  /** Runs `work` on a local file with the stored bytes (text extraction reads by path). */
  withLocalCopy<T>(sha256: string, work: (filePath: string) => Promise<T>): Promise<T>
  /** Removes a stored file (gone already is fine); callers make sure no row refers to it. */
  remove(sha256: string): Promise<void>
  /** Every stored file with its last change, for the sweep. */
  stored(): AsyncIterable<{ sha256: string; modifiedMs: number }>
  /** Temporary files (of uploads in progress, or of a process that died) with their age. */
  temporary(): AsyncIterable<{ path: string; modifiedMs: number }>
}

const SHA256 = /^[0-9a-f]{64}$/

export function assertSha256(sha256: string): void {
  if (!SHA256.test(sha256)) throw new Error('not a SHA-256 digest')
}

export const isSha256 = (name: string) => SHA256.test(name)

/** Passes bytes through while hashing and counting them; fails past `maxBytes`. */
class Measure extends Transform {
  readonly hash = createHash('sha256')
  size = 0

  constructor(private readonly maxBytes: number) {
    super()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length
    if (this.size > this.maxBytes) return done(new FileTooLargeError(this.maxBytes))
    this.hash.update(chunk)
    done(null, chunk)
  }
}

/** The local temporary directory both drivers take files in through. */
export class TempArea {
  constructor(readonly dir: string) {}

  /** A fresh name in the directory, for a file the caller writes and removes. */
  async newPath(): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true })
    return path.join(this.dir, randomUUID())
  }

  async write(source: Readable, options: { maxBytes?: number } = {}): Promise<TempFile> {
    const tmp = await this.newPath()
    const measure = new Measure(options.maxBytes ?? Number.POSITIVE_INFINITY)
    try {
      await pipeline(source, measure, createWriteStream(tmp, { flags: 'wx' }))
      return { path: tmp, sha256: measure.hash.digest('hex'), size: measure.size }
    } catch (error) {
      await fs.rm(tmp, { force: true })
      throw error
    }
  }

  async discard(temp: Pick<TempFile, 'path'>): Promise<void> {
    await fs.rm(temp.path, { force: true })
  }

  async *list(): AsyncGenerator<{ path: string; modifiedMs: number }> {
    for (const name of await readDir(this.dir)) {
      const file = path.join(this.dir, name)
      const stat = await fs.stat(file).catch(() => null)
      if (stat?.isFile()) yield { path: file, modifiedMs: stat.mtimeMs }
    }
  }
}

/**
 * What both drivers share: a file arrives as a local temporary file (hashed and checked
 * there), and `commit` moves it into the driver's storage.
 */
export abstract class TempFileStore {
  protected readonly temps: TempArea

  constructor(tmpDir: string) {
    this.temps = new TempArea(tmpDir)
  }

  get tmpDir(): string {
    return this.temps.dir
  }

  writeTemp(source: Readable, options: { maxBytes?: number } = {}): Promise<TempFile> {
    return this.temps.write(source, options)
  }

  abstract commit(temp: TempFile): Promise<void>

  discard(temp: Pick<TempFile, 'path'>): Promise<void> {
    return this.temps.discard(temp)
  }

  async put(source: Readable): Promise<StoredFile> {
    const temp = await this.writeTemp(source)
    try {
      await this.commit(temp)
    } finally {
      await this.discard(temp)
    }
    return { sha256: temp.sha256, size: temp.size }
  }

  putFile(filePath: string): Promise<StoredFile> {
    return this.put(createReadStream(filePath))
  }

  temporary(): AsyncIterable<{ path: string; modifiedMs: number }> {
    return this.temps.list()
  }
}

export async function readDir(dir: string): Promise<string[]> {
  return fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
}

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

const SHA256 = /^[0-9a-f]{64}$/
const TMP_DIR = 'tmp'

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

/**
 * Files kept by content (SHA-256) under one directory. A file is streamed to a temporary
 * name (never held in memory) and renamed into place only when complete, so no reader ever
 * sees half a file. Names people gave their files never reach the file system.
 */
export class FileStore {
  constructor(readonly root: string) {}

  pathOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error('not a SHA-256 digest')
    return path.join(this.root, sha256.slice(0, 2), sha256)
  }

  get tmpDir(): string {
    return path.join(this.root, TMP_DIR)
  }

  /**
   * Streams `source` to a new temporary file, hashing it on the way. Past `maxBytes` the
   * source is abandoned, the partial file removed, and FileTooLargeError raised.
   */
  async writeTemp(source: Readable, options: { maxBytes?: number } = {}): Promise<TempFile> {
    await fs.mkdir(this.tmpDir, { recursive: true })
    const tmp = path.join(this.tmpDir, randomUUID())
    const measure = new Measure(options.maxBytes ?? Number.POSITIVE_INFINITY)
    try {
      await pipeline(source, measure, createWriteStream(tmp, { flags: 'wx' }))
      return { path: tmp, sha256: measure.hash.digest('hex'), size: measure.size }
    } catch (error) {
      await fs.rm(tmp, { force: true })
      throw error
    }
  }

  /** Moves a complete temporary file to its content address (atomic; same content may exist). */
  async commit(temp: TempFile): Promise<void> {
    const target = this.pathOf(temp.sha256)
    await fs.mkdir(path.dirname(target), { recursive: true })
    await fs.rename(temp.path, target)
  }

  async discard(temp: Pick<TempFile, 'path'>): Promise<void> {
    await fs.rm(temp.path, { force: true })
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

  /** Throws when files cannot be stored here (for /readyz): the directory is gone or read-only. */
  async ready(): Promise<void> {
    await fs.mkdir(this.tmpDir, { recursive: true })
    await fs.access(this.root, fs.constants.W_OK)
  }

  async exists(sha256: string): Promise<boolean> {
    return fs
      .access(this.pathOf(sha256))
      .then(() => true)
      .catch(() => false)
  }

  read(sha256: string): Readable {
    return createReadStream(this.pathOf(sha256))
  }

  /** Removes a stored file; callers make sure no document refers to it (see sweep.ts). */
  async remove(sha256: string): Promise<void> {
    await fs.rm(this.pathOf(sha256), { force: true })
  }

  /** Every stored file with its last change, for the sweep. */
  async *stored(): AsyncGenerator<{ sha256: string; modifiedMs: number }> {
    for (const prefix of await readDir(this.root)) {
      if (!/^[0-9a-f]{2}$/.test(prefix)) continue
      for (const name of await readDir(path.join(this.root, prefix))) {
        if (!SHA256.test(name) || !name.startsWith(prefix)) continue
        const stat = await fs.stat(path.join(this.root, prefix, name)).catch(() => null)
        if (stat?.isFile()) yield { sha256: name, modifiedMs: stat.mtimeMs }
      }
    }
  }

  /** Temporary files (of uploads in progress, or of a process that died) with their age. */
  async *temporary(): AsyncGenerator<{ path: string; modifiedMs: number }> {
    for (const name of await readDir(this.tmpDir)) {
      const file = path.join(this.tmpDir, name)
      const stat = await fs.stat(file).catch(() => null)
      if (stat?.isFile()) yield { path: file, modifiedMs: stat.mtimeMs }
    }
  }
}

async function readDir(dir: string): Promise<string[]> {
  return fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
}

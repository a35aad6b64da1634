import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

export interface StoredFile {
  sha256: string
  size: number
}

/**
 * Files kept by content (SHA-256) under one directory. A file is written to a temporary
 * name and renamed into place only when complete, so no reader ever sees half a file.
 */
export class FileStore {
  constructor(readonly root: string) {}

  pathOf(sha256: string): string {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('not a SHA-256 digest')
    return path.join(this.root, sha256.slice(0, 2), sha256)
  }

  async put(source: Readable): Promise<StoredFile> {
    const tmpDir = path.join(this.root, 'tmp')
    await fs.mkdir(tmpDir, { recursive: true })
    const tmp = path.join(tmpDir, randomUUID())
    const hash = createHash('sha256')
    let size = 0
    try {
      source.on('data', (chunk: Buffer) => {
        hash.update(chunk)
        size += chunk.length
      })
      await pipeline(source, createWriteStream(tmp, { flags: 'wx' }))
      const sha256 = hash.digest('hex')
      const target = this.pathOf(sha256)
      await fs.mkdir(path.dirname(target), { recursive: true })
      await fs.rename(tmp, target)
      return { sha256, size }
    } finally {
      await fs.rm(tmp, { force: true })
    }
  }

  putFile(filePath: string): Promise<StoredFile> {
    return this.put(createReadStream(filePath))
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
}

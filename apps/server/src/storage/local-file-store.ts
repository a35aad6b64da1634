import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import {
  assertSha256,
  isSha256,
  readDir,
  TempFileStore,
  type FileStore,
  type TempFile,
} from './file-store.ts'

const TMP_DIR = 'tmp'

/**
 * Files under one directory, `<first two hex digits>/<sha256>`. A temporary file is renamed
 * into place only when complete (atomic on one file system), so no reader sees half a file.
 */
export class LocalFileStore extends TempFileStore implements FileStore {
  readonly mayBeShared = false

  constructor(readonly root: string) {
    super(path.join(root, TMP_DIR))
  }

  pathOf(sha256: string): string {
    assertSha256(sha256)
    return path.join(this.root, sha256.slice(0, 2), sha256)
  }

  async commit(temp: TempFile): Promise<void> {
    const target = this.pathOf(temp.sha256)
    await fs.mkdir(path.dirname(target), { recursive: true })
    await fs.rename(temp.path, target)
  }

  /** The directory is gone or read-only. */
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

  async read(sha256: string): Promise<Readable> {
    return createReadStream(this.pathOf(sha256))
  }

  /** The stored file itself: it is never changed in place, only removed. */
  withLocalCopy<T>(sha256: string, work: (filePath: string) => Promise<T>): Promise<T> {
    return work(this.pathOf(sha256))
  }

  async remove(sha256: string): Promise<void> {
    await fs.rm(this.pathOf(sha256), { force: true })
  }

  async *stored(): AsyncGenerator<{ sha256: string; modifiedMs: number }> {
    for (const prefix of await readDir(this.root)) {
      if (!/^[0-9a-f]{2}$/.test(prefix)) continue
      for (const name of await readDir(path.join(this.root, prefix))) {
        if (!isSha256(name) || !name.startsWith(prefix)) continue
        const stat = await fs.stat(path.join(this.root, prefix, name)).catch(() => null)
        if (stat?.isFile()) yield { sha256: name, modifiedMs: stat.mtimeMs }
      }
    }
  }
}

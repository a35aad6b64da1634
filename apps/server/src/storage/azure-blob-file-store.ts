import fs from 'node:fs/promises'
import { Readable } from 'node:stream'
import type { ContainerClient } from '@azure/storage-blob'
import {
  assertSha256,
  isSha256,
  TempFileStore,
  type FileStore,
  type TempFile,
} from './file-store.ts'

/** Uploads and downloads in 8 MiB blocks, four at a time: bounded memory per file. */
const BLOCK_SIZE = 8 * 1024 * 1024
const CONCURRENCY = 4
/** A download stream that breaks off is resumed where it stopped, this many times. */
const DOWNLOAD_RETRIES = 5
const READY_TIMEOUT_MS = 5000

/**
 * Files as blobs named by their SHA-256 in one container. Temporary files stay local (under
 * DATA_DIR): an upload is hashed and its content checked before anything is decided, and a
 * block blob becomes visible only when its upload completes, so no reader sees half a file.
 */
export class AzureBlobFileStore extends TempFileStore implements FileStore {
  readonly mayBeShared = true

  constructor(
    private readonly container: ContainerClient,
    tmpDir: string,
  ) {
    super(tmpDir)
  }

  private blob(sha256: string) {
    assertSha256(sha256)
    return this.container.getBlockBlobClient(sha256)
  }

  /**
   * Content-addressed: a blob of that name has these bytes, so an existing one is kept as it
   * is. The upload refuses to overwrite (If-None-Match), so two nodes committing the same
   * content at once both succeed without either replacing the other's complete blob.
   */
  async commit(temp: TempFile): Promise<void> {
    const blob = this.blob(temp.sha256)
    if (!(await blob.exists())) {
      try {
        await blob.uploadFile(temp.path, {
          blockSize: BLOCK_SIZE,
          concurrency: CONCURRENCY,
          conditions: { ifNoneMatch: '*' },
        })
      } catch (error) {
        if (!hasStatus(error, 409) && !hasStatus(error, 412)) throw error
      }
    }
    await this.temps.discard(temp)
  }

  /** The container answers, and temporary files can be written. */
  async ready(): Promise<void> {
    await fs.mkdir(this.tmpDir, { recursive: true })
    await fs.access(this.tmpDir, fs.constants.W_OK)
    // A probe must answer before the load balancer gives up on it, not after the SDK's retries.
    await this.container.getProperties({ abortSignal: AbortSignal.timeout(READY_TIMEOUT_MS) })
  }

  exists(sha256: string): Promise<boolean> {
    return this.blob(sha256).exists()
  }

  async read(sha256: string): Promise<Readable> {
    const response = await this.blob(sha256).download(0, undefined, {
      maxRetryRequests: DOWNLOAD_RETRIES,
    })
    const body = response.readableStreamBody
    // In Node the SDK answers with a Node stream; anything else is a broken promise of its API.
    if (!(body instanceof Readable)) throw new Error('blob download without a Node stream')
    return body
  }

  async withLocalCopy<T>(sha256: string, work: (filePath: string) => Promise<T>): Promise<T> {
    const copy = await this.temps.newPath()
    try {
      // Streamed to disk in ranges, never whole in memory.
      await this.blob(sha256).downloadToFile(copy, 0, undefined, {
        maxRetryRequests: DOWNLOAD_RETRIES,
      })
      return await work(copy)
    } finally {
      await fs.rm(copy, { force: true })
    }
  }

  async remove(sha256: string): Promise<void> {
    // Snapshots (taken by a platform backup, never by us) would otherwise refuse the delete;
    // soft delete and versioning on the account still keep what the platform is asked to keep.
    await this.blob(sha256).deleteIfExists({ deleteSnapshots: 'include' })
  }

  async *stored(): AsyncGenerator<{ sha256: string; modifiedMs: number }> {
    for await (const item of this.container.listBlobsFlat()) {
      // Only blobs this store wrote; anything else in the container is not the sweep's.
      if (!isSha256(item.name)) continue
      yield { sha256: item.name, modifiedMs: item.properties.lastModified.getTime() }
    }
  }
}

function hasStatus(error: unknown, status: number): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'statusCode' in error &&
    error.statusCode === status
  )
}

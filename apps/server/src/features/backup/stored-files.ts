import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { BackupError } from './manifest.ts'

const SHA256 = /^[0-9a-f]{64}$/

/** A file in a content-addressed store: `<root>/<first two hex digits>/<sha256>`. */
export interface StoreEntry {
  sha256: string
  /** Relative to the store's root. */
  relative: string
  size: number
}

/**
 * Every content-addressed file under `root`, sorted. `tmp/` holds uploads still being
 * written (never referenced), so it is not part of a backup; anything else that does not
 * look like a stored file is refused rather than silently left out.
 */
export async function listStoredFiles(root: string): Promise<StoreEntry[]> {
  const entries = await fs
    .readdir(root, { recursive: true, withFileTypes: true })
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return []
      throw error
    })
  const files: StoreEntry[] = []
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const relative = path.relative(root, path.join(entry.parentPath, entry.name))
    const [prefix, name, ...rest] = relative.split(path.sep)
    if (prefix === 'tmp') continue
    if (!name || rest.length > 0 || !SHA256.test(name) || prefix !== name.slice(0, 2)) {
      throw new BackupError(
        `Onverwacht bestand in de bestandsopslag: ${path.join(root, relative)}. Alleen bestanden onder hun SHA-256 horen daar.`,
      )
    }
    const { size } = await fs.stat(path.join(root, relative))
    files.push({ sha256: name, relative, size })
  }
  return files.sort((a, b) => a.relative.localeCompare(b.relative))
}

class Hashing extends Transform {
  readonly hash = createHash('sha256')
  size = 0

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.hash.update(chunk)
    this.size += chunk.length
    done(null, chunk)
  }
}

/**
 * Copies `from` to `to` (which must not exist), hashing the bytes on the way; one read
 * serves both the copy and the check. Directories it creates and the copy get `modes`.
 */
export async function copyHashed(from: string, to: string, modes: FileModes = {}) {
  await makeDirectory(path.dirname(to), modes.directory)
  const hashing = new Hashing()
  await pipeline(
    createReadStream(from),
    hashing,
    createWriteStream(to, { flags: 'wx', mode: modes.file }),
  )
  // The umask may have taken bits off the mode asked for (owner-only stays owner-only).
  if (modes.file !== undefined) await fs.chmod(to, modes.file)
  return { sha256: hashing.hash.digest('hex'), size: hashing.size }
}

/** Permissions for what a copy creates; without them the process's defaults apply. */
export interface FileModes {
  file?: number
  directory?: number
}

/** Backups hold unpublished files and personal data: only their owner may read them. */
export const OWNER_ONLY: Required<FileModes> = { file: 0o600, directory: 0o700 }

/** `dir` and any missing parents below an existing directory, each with `mode` exactly. */
export async function makeDirectory(dir: string, mode?: number) {
  const first = await fs.mkdir(dir, { recursive: true, mode })
  if (first === undefined || mode === undefined) return
  // mkdir applies the umask; chmod does not. Each directory it created, from `dir` up.
  for (let created = dir; ; created = path.dirname(created)) {
    await fs.chmod(created, mode)
    if (created === first) return
  }
}

export async function hashFile(file: string) {
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of createReadStream(file)) {
    const bytes = chunk as Buffer
    hash.update(bytes)
    size += bytes.length
  }
  return { sha256: hash.digest('hex'), size }
}

/**
 * Copies every stored file of `from` to the store `toRoot`, checking each one's content
 * against its name. `damaged` says in the operator's words what a mismatch means here.
 * Without `vanished`, a file that disappears during the copy is an error; with it, the file
 * is left out and reported (a running portal may purge a deleted document's files).
 */
export async function copyStoredFiles(
  files: readonly StoreEntry[],
  fromRoot: string,
  toRoot: string,
  options: {
    damaged: (file: string) => string
    vanished?: (file: string) => void
    progress: Progress
    modes?: FileModes
  },
) {
  let bytes = 0
  let count = 0
  for (const [index, file] of files.entries()) {
    const from = path.join(fromRoot, file.relative)
    const to = path.join(toRoot, file.relative)
    const copied = await copyHashed(from, to, options.modes).catch(
      async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT' || !options.vanished) throw error
        await fs.rm(to, { force: true })
        options.vanished(from)
        return null
      },
    )
    if (!copied) continue
    if (copied.sha256 !== file.sha256) throw new BackupError(options.damaged(from))
    bytes += copied.size
    count++
    options.progress.files(index + 1, files.length, bytes)
  }
  return { count, bytes }
}

/** Progress for an operator watching a large store; on stderr, so stdout stays the result. */
export interface Progress {
  step(message: string): void
  files(done: number, total: number, bytes: number): void
}

const megabytes = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString('nl-NL', { maximumFractionDigits: 1 })} MB`

/** Reports at most every `intervalMs` (and at the end), so a million files do not flood. */
export function stderrProgress(intervalMs = 2000): Progress {
  let last = 0
  return {
    step: (message) => console.error(message),
    files(done, total, bytes) {
      const now = Date.now()
      if (done < total && now - last < intervalMs) return
      last = now
      console.error(`  ${done} van ${total} bestanden (${megabytes(bytes)})`)
    },
  }
}

export const silentProgress: Progress = { step: () => undefined, files: () => undefined }

import type { Db, Queryable } from '../db/client.ts'
import type { FileStore } from './file-store.ts'

/**
 * Advisory lock space of stored files (two-key form: this constant and the digest's hash).
 * A file is moved into the store and its `document_files` row written under the lock, and a
 * file is only removed under it after checking that no row refers to it, so a removal can
 * never take a file away from a row that is being written.
 */
const FILE_LOCK_CLASS = 734_002_118

/** How old a leftover must be before a sweep on a shared store touches it. */
export const SWEEP_GRACE_MS = 60 * 60 * 1000

/**
 * How long a temporary file may stay unchanged while it is still in use: an upload's first
 * file waits for the request's last one (at most REQUEST_TIMEOUT_SECONDS), an extraction
 * reads its downloaded copy until its time limit. Never less than SWEEP_GRACE_MS.
 */
export const temporaryGraceMs = (limits: {
  requestTimeoutMs: number
  extractionTimeoutMs: number
}) => Math.max(limits.requestTimeoutMs, limits.extractionTimeoutMs) + SWEEP_GRACE_MS

export async function lockStoredFiles(tx: Queryable, sha256s: Iterable<string>) {
  // Sorted, so two transactions locking overlapping sets cannot deadlock.
  for (const sha256 of [...new Set(sha256s)].sort()) {
    await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [FILE_LOCK_CLASS, sha256])
  }
}

async function unreferenced(db: Queryable, sha256s: readonly string[]): Promise<string[]> {
  if (sha256s.length === 0) return []
  const rows = await db.query<{ sha256: string }>(
    `select s.sha256 from unnest($1::text[]) as s(sha256)
      where not exists (select 1 from document_files f where f.sha256 = s.sha256)
        and not exists (select 1 from document_versions v where v.sha256 = s.sha256)`,
    [sha256s],
  )
  return rows.map((row) => row.sha256)
}

/** Removes those of these stored files that no document refers to; answers how many. */
export async function removeUnreferencedFiles(
  db: Db,
  store: FileStore,
  sha256s: Iterable<string>,
): Promise<number> {
  let removed = 0
  for (const sha256 of new Set(sha256s)) {
    await db.transaction(async (tx) => {
      await lockStoredFiles(tx, [sha256])
      if ((await unreferenced(tx, [sha256])).length === 0) return
      await store.remove(sha256)
      removed++
    })
  }
  return removed
}

export interface SweepOptions {
  /**
   * The store belongs to this process alone (the embedded database locks DATA_DIR), so any
   * leftover is an orphan, however new. A store shared by several nodes keeps leftovers
   * younger than SWEEP_GRACE_MS: another node may be writing them right now.
   */
  exclusive: boolean
  now?: number
}

/**
 * Removes the temporary files left unchanged for longer than `graceMs`: uploads whose
 * request or process died, local copies of an extraction that was cut off. Uploads in
 * progress, on this node or another sharing the directory, write theirs as they go and stay.
 * Harmless when several nodes sweep at once. Answers how many it removed.
 */
export async function sweepTemporaryFiles(
  store: FileStore,
  options: { graceMs: number; now?: number },
): Promise<number> {
  return removeTemporary(store, (options.now ?? Date.now()) - options.graceMs)
}

async function removeTemporary(store: FileStore, cutoff: number): Promise<number> {
  let removed = 0
  for await (const temp of store.temporary()) {
    if (temp.modifiedMs > cutoff) continue
    await store.discard(temp)
    removed++
  }
  return removed
}

export interface SweepResult {
  removedFiles: number
  removedTemporary: number
}

const BATCH = 500

/**
 * Removes what a crash can leave behind: temporary files of uploads that never finished,
 * and stored files no document row (nor earlier version, migration 0027) refers to (written, but the transaction never committed).
 * Run at start-up; the temporary files are swept hourly as well (sweepTemporaryFiles).
 */
export async function sweepStore(
  db: Db,
  store: FileStore,
  options: SweepOptions,
): Promise<SweepResult> {
  const cutoff = options.exclusive
    ? Number.POSITIVE_INFINITY
    : (options.now ?? Date.now()) - SWEEP_GRACE_MS
  const removedTemporary = await removeTemporary(store, cutoff)

  let removedFiles = 0
  let batch: string[] = []
  const flush = async () => {
    removedFiles += await removeUnreferencedFiles(db, store, await unreferenced(db, batch))
    batch = []
  }
  for await (const file of store.stored()) {
    if (file.modifiedMs > cutoff) continue
    batch.push(file.sha256)
    if (batch.length >= BATCH) await flush()
  }
  await flush()
  return { removedFiles, removedTemporary }
}

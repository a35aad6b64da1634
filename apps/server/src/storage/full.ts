import fs from 'node:fs/promises'
import path from 'node:path'

/**
 * Whether an error means the disk (or quota) the portal writes to is full: a write of a file
 * (ENOSPC, EDQUOT) or of the database (SQLSTATE 53100, disk_full, as PostgreSQL and PGlite
 * report it). Answered 507 (http/errors.ts) and logged as an error: an operator must act.
 */
export function isStorageFull(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  return code === 'ENOSPC' || code === 'EDQUOT' || code === '53100'
}

/**
 * Bytes free for this process on the file system of `dir`; of the nearest parent that exists
 * while `dir` is not made yet (DATA_DIR on PostgreSQL with Azure Blob Storage may not be).
 */
export async function freeBytes(dir: string): Promise<number> {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    try {
      const stats = await fs.statfs(at)
      return stats.bavail * stats.bsize
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || at === path.dirname(at)) throw error
    }
  }
}

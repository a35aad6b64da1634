import fs from 'node:fs/promises'

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

/** Bytes free for this process on the file system of `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const stats = await fs.statfs(dir)
  return stats.bavail * stats.bsize
}

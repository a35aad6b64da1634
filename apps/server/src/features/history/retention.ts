import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { FileStore } from '../../storage/file-store.ts'
import { removeUnreferencedFiles } from '../../storage/sweep.ts'

export interface VersionPurge {
  versions: number
  removedFiles: number
}

/**
 * Forgets the earlier versions replaced longer ago than VERSION_RETENTION_DAYS (0: never):
 * their rows first, then, after the commit, the stored files no row refers to any more
 * (a current file or another version may share the content). A file left behind by a
 * failure here is taken by the start-up sweep; a row never outlives its file.
 */
export async function purgeExpiredVersions(
  db: Db,
  store: FileStore,
  config: Pick<Config, 'versionRetentionDays'>,
): Promise<VersionPurge> {
  if (config.versionRetentionDays === 0) return { versions: 0, removedFiles: 0 }
  const gone = await db.query<{ sha256: string }>(
    `delete from document_versions where replaced_at < now() - $1 * interval '1 day'
     returning sha256`,
    [config.versionRetentionDays],
  )
  const removedFiles = await removeUnreferencedFiles(
    db,
    store,
    gone.map((row) => row.sha256),
  )
  return { versions: gone.length, removedFiles }
}

import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { PGlite } from '@electric-sql/pglite'
import {
  DataDirLockedError,
  lockDataDir,
  openPostgres,
  pgliteDir,
  pgliteExtensions,
  type Queryable,
  type Row,
} from '../../db/client.ts'
import {
  BackupError,
  DATABASE_FILE,
  FILES_DIR,
  newManifest,
  portalVersion,
  writeManifest,
  type Manifest,
} from './manifest.ts'
import {
  copyStoredFiles,
  hashFile,
  listStoredFiles,
  makeDirectory,
  OWNER_ONLY,
  type Progress,
} from './stored-files.ts'

export interface PortalData {
  dataDir: string
  databaseUrl?: string | undefined
}

const isEmptyOrMissing = async (dir: string) => (await fs.readdir(dir).catch(() => [])).length === 0

/** The last migration applied; null before the first start. */
export async function migrationLevel(db: Pick<Queryable, 'query'>): Promise<string | null> {
  const [row] = await db.query<{ name: string | null }>(
    `select case when to_regclass('schema_migrations') is null then null
       else (select max(name) from schema_migrations) end as name`,
  )
  return row?.name ?? null
}

/** A PGlite opened here directly (not through openPglite, which takes the lock itself). */
export const queryableOf = (lite: PGlite): Pick<Queryable, 'query'> => ({
  query: async <T extends Row>(sql: string, params?: readonly unknown[]) =>
    (await lite.query<T>(sql, params ? [...params] : undefined)).rows,
})

/**
 * PGlite serves one process and the running server holds it, so the embedded database is
 * backed up with the server stopped; saying so beats a lock message in English.
 */
export function lockForOperator(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir)
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error
    throw new BackupError(
      `De portal draait nog op ${dataDir}: de ingebedde database (PGlite) is dan in gebruik. Stop de server, maak de back-up of zet hem terug, en start de server weer.`,
    )
  }
}

/** PGlite's own dump of its data directory, streamed to `file`; its SHA-256 goes in the manifest. */
async function dumpPglite(dataDir: string, file: string) {
  const lite = await PGlite.create({ dataDir: pgliteDir(dataDir), extensions: pgliteExtensions })
  try {
    const migration = await migrationLevel(queryableOf(lite))
    const dump = await lite.dumpDataDir('gzip')
    await pipeline(
      Readable.fromWeb(dump.stream() as WebReadableStream<Uint8Array>),
      createWriteStream(file, { flags: 'wx', mode: OWNER_ONLY.file }),
    )
    await fs.chmod(file, OWNER_ONLY.file)
    const { sha256, size } = await hashFile(file)
    return {
      migration,
      database: {
        kind: 'pglite',
        file: DATABASE_FILE,
        sha256,
        bytes: size,
      } satisfies Manifest['database'],
    }
  } finally {
    await lite.close()
  }
}

async function postgresLevel(databaseUrl: string) {
  const db = openPostgres(databaseUrl)
  try {
    return {
      migration: await migrationLevel(db),
      database: { kind: 'postgres' } satisfies Manifest['database'],
    }
  } finally {
    await db.close()
  }
}

/**
 * Writes a backup of the portal's data to `target`: the embedded database and the file
 * store, or on PostgreSQL the file store only (the database goes with pg_dump, first).
 * Everything is written under a temporary name beside `target` and renamed at the end, so a
 * directory named `target` is always a complete backup. Only the owner can read it, from the
 * first byte: directories 0700 and files 0600, whatever the umask.
 */
export async function createBackup(
  data: PortalData,
  target: string,
  progress: Progress,
): Promise<Manifest> {
  if (!(await isEmptyOrMissing(target))) {
    throw new BackupError(
      `${target} bestaat al en is niet leeg: kies een nieuwe map voor de back-up.`,
    )
  }
  const embedded = !data.databaseUrl
  if (embedded && (await isEmptyOrMissing(pgliteDir(data.dataDir)))) {
    throw new BackupError(`In ${data.dataDir} staat geen database: klopt DATA_DIR?`)
  }
  // Held until the files are copied too: a running server removes the files an edit lets
  // go, and the dump may still refer to them.
  const unlock = embedded ? lockForOperator(data.dataDir) : () => undefined
  const partial = `${target}.onvolledig-${process.pid}`
  try {
    await makeDirectory(partial, OWNER_ONLY.directory)
    progress.step('Database...')
    // The database first: a file stored after it is an orphan the sweep removes, whereas a
    // database row without its file would be a broken document.
    const { migration, database } = data.databaseUrl
      ? await postgresLevel(data.databaseUrl)
      : await dumpPglite(data.dataDir, path.join(partial, DATABASE_FILE))
    const storeRoot = path.join(data.dataDir, FILES_DIR)
    const files = await listStoredFiles(storeRoot)
    progress.step(`Bestanden: ${files.length}...`)
    const copied = await copyStoredFiles(files, storeRoot, path.join(partial, FILES_DIR), {
      modes: OWNER_ONLY,
      damaged: (file) =>
        `${file} klopt niet met zijn SHA-256: het bestand in de opslag is beschadigd. Zet het terug uit een eerdere back-up voor u verder gaat.`,
      // Only with DATABASE_URL, where the portal keeps running: the dump was made first.
      vanished: (file) =>
        progress.step(
          `  ${file} is tijdens de back-up verwijderd (door een wijziging of definitieve verwijdering) en ontbreekt in de back-up.`,
        ),
      progress,
    })
    const manifest = newManifest({
      createdAt: new Date().toISOString(),
      portalVersion: await portalVersion(),
      migration,
      database,
      files: copied,
    })
    await writeManifest(partial, manifest, OWNER_ONLY.file)
    // Only an empty directory (checked above) can be in the way; rmdir removes nothing else.
    await fs.rmdir(target).catch(() => undefined)
    await fs.rename(partial, target)
    return manifest
  } catch (error) {
    await fs.rm(partial, { recursive: true, force: true })
    throw error
  } finally {
    unlock()
  }
}

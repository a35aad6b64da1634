import { openAsBlob } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pgliteDir, pgliteExtensions } from '../../db/client.ts'
import { lockForOperator, migrationLevel, queryableOf, type PortalData } from './backup.ts'
import {
  BackupError,
  DATABASE_FILE,
  FILES_DIR,
  latestKnownMigration,
  readManifest,
  type Manifest,
} from './manifest.ts'
import { copyStoredFiles, hashFile, listStoredFiles, type Progress } from './stored-files.ts'

const PGDATA = path.basename(pgliteDir(''))

const hasContent = async (dir: string) => (await fs.readdir(dir).catch(() => [])).length > 0

/** Refuses a backup that is incomplete, altered, or made by a newer portal than this one. */
async function checkBackup(source: string, manifest: Manifest, data: PortalData) {
  if (manifest.database.kind === 'pglite' && data.databaseUrl) {
    throw new BackupError(
      'Deze back-up bevat een ingebedde database (PGlite), maar DATABASE_URL is gezet. Zet hem terug zonder DATABASE_URL.',
    )
  }
  if (manifest.database.kind === 'postgres' && !data.databaseUrl) {
    throw new BackupError(
      'Deze back-up is van een portal op PostgreSQL en bevat alleen de bestanden. Zet DATABASE_URL en zet de database terug met pg_restore (docs/operations.md).',
    )
  }
  const latest = await latestKnownMigration()
  if (manifest.migration && latest && manifest.migration > latest) {
    throw new BackupError(
      `Deze back-up komt van een nieuwere portal (migratie ${manifest.migration}, deze versie kent tot ${latest}). Zet hem terug met die versie of een nieuwere.`,
    )
  }
  if (manifest.database.kind === 'pglite') {
    const dump = await hashFile(path.join(source, DATABASE_FILE)).catch(() => null)
    if (!dump) throw new BackupError(`De back-up is onvolledig: ${DATABASE_FILE} ontbreekt.`)
    if (dump.sha256 !== manifest.database.sha256 || dump.size !== manifest.database.bytes) {
      throw new BackupError(
        `${DATABASE_FILE} is niet meer wat de back-up schreef (SHA-256 klopt niet): de back-up is beschadigd of gewijzigd.`,
      )
    }
  }
  const files = await listStoredFiles(path.join(source, FILES_DIR))
  const bytes = files.reduce((sum, file) => sum + file.size, 0)
  if (files.length !== manifest.files.count || bytes !== manifest.files.bytes) {
    throw new BackupError(
      `De back-up is onvolledig of gewijzigd: het manifest noemt ${manifest.files.count} bestanden (${manifest.files.bytes} bytes), de map bevat er ${files.length} (${bytes} bytes).`,
    )
  }
  return files
}

/**
 * Puts a backup back into the portal's data directory. Everything is checked and written
 * beside the live data first (each file against its SHA-256, the database dump against the
 * manifest), and only then moved into place, so a refused or failed restore leaves the data
 * directory as it was.
 */
export async function restoreBackup(
  data: PortalData,
  source: string,
  options: { force: boolean; progress: Progress },
): Promise<Manifest> {
  const { progress } = options
  const manifest = await readManifest(source)
  progress.step('Back-up controleren...')
  const files = await checkBackup(source, manifest, data)
  const replaced = manifest.database.kind === 'pglite' ? [PGDATA, FILES_DIR] : [FILES_DIR]
  if (!options.force) {
    for (const name of replaced) {
      if (await hasContent(path.join(data.dataDir, name))) {
        throw new BackupError(
          `${path.join(data.dataDir, name)} is niet leeg: terugzetten zou die gegevens vervangen. Kies een lege DATA_DIR, of geef --force om ze te vervangen.`,
        )
      }
    }
  }
  const unlock =
    manifest.database.kind === 'pglite' ? lockForOperator(data.dataDir) : () => undefined
  // Inside the data directory, so the final renames stay on one file system.
  const staging = path.join(data.dataDir, `terugzetten-${process.pid}`)
  try {
    // With no files at all the store still gets its (empty) directory.
    await fs.mkdir(path.join(staging, FILES_DIR), { recursive: true })
    progress.step(`Bestanden: ${files.length}...`)
    await copyStoredFiles(files, path.join(source, FILES_DIR), path.join(staging, FILES_DIR), {
      damaged: (file) =>
        `${file} klopt niet met zijn SHA-256: de back-up is beschadigd of gewijzigd. Er is niets teruggezet.`,
      progress,
    })
    if (manifest.database.kind === 'pglite') {
      progress.step('Database...')
      // Loading the tarball into a new PGlite and closing it writes the data directory.
      const lite = await PGlite.create({
        dataDir: path.join(staging, PGDATA),
        loadDataDir: await openAsBlob(path.join(source, DATABASE_FILE)),
        extensions: pgliteExtensions,
      })
      try {
        const db = queryableOf(lite)
        const migration = await migrationLevel(db)
        // What the database refers to must be in the backup: else documents lose their files.
        const inBackup = new Set(files.map((file) => file.sha256))
        const missing = (
          await db.query<{ sha256: string }>(
            `select sha256 from document_files union select sha256 from document_versions`,
          )
        ).filter((row) => !inBackup.has(row.sha256))
        if (missing.length > 0) {
          throw new BackupError(
            `De database noemt ${missing.length} bestand(en) die niet in de back-up staan (bijvoorbeeld ${missing[0]!.sha256}): de back-up is onvolledig.`,
          )
        }
        if (migration !== manifest.migration) {
          throw new BackupError(
            `De database in de back-up staat op migratie ${migration ?? 'geen'}, het manifest noemt ${manifest.migration ?? 'geen'}: de back-up klopt niet.`,
          )
        }
      } finally {
        await lite.close()
      }
    }
    for (const name of replaced) {
      const live = path.join(data.dataDir, name)
      await fs
        .rename(live, path.join(staging, `vervangen-${name}`))
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error
        })
      await fs.rename(path.join(staging, name), live)
    }
    return manifest
  } finally {
    await fs.rm(staging, { recursive: true, force: true })
    unlock()
  }
}

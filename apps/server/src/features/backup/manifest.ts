import fs from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import { loadConfig, type Config } from '../../config.ts'

/**
 * A backup directory: `manifest.json` (written last, so a directory without it is not a
 * backup), the embedded database as PGlite's tarball, and the file store's files under their
 * content addresses.
 */
export const MANIFEST_FILE = 'manifest.json'
export const DATABASE_FILE = 'database.tar.gz'
export const FILES_DIR = 'files'

/** Bumped when the layout changes, so an older portal refuses what it cannot read. */
const FORMAT = 1

export const Manifest = z.object({
  format: z.literal(FORMAT),
  createdAt: z.iso.datetime(),
  portalVersion: z.string(),
  /** The last migration applied to the database that was backed up. */
  migration: z.string().nullable(),
  database: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('pglite'),
      file: z.literal(DATABASE_FILE),
      sha256: z.string(),
      bytes: z.number().int(),
    }),
    // PostgreSQL is backed up with pg_dump, outside this directory (docs/operations.md).
    z.object({ kind: z.literal('postgres') }),
  ]),
  files: z.object({ count: z.number().int().min(0), bytes: z.number().int().min(0) }),
})
export type Manifest = z.infer<typeof Manifest>

export const newManifest = (fields: Omit<Manifest, 'format'>): Manifest => ({
  format: FORMAT,
  ...fields,
})

/** What the operator did wrong or must know; the commands print it as it is (Dutch). */
export class BackupError extends Error {
  override name = 'BackupError'
}

/**
 * The configuration for backup and restore, which copy DATA_DIR/files: with files in a blob
 * container, the backups are Azure's (docs/operations.md).
 */
export function loadBackupConfig(): Config {
  const config = loadConfig()
  if (config.fileStore.kind === 'azure') {
    throw new BackupError(
      'Met FILE_STORE=azure staan de bestanden in Azure Blob Storage: maak daar de back-up met de middelen van Azure (zachte verwijdering, versies of een kopie van de container) en van de database met pg_dump. npm run backup en restore werken met de lokale bestandsopslag.',
    )
  }
  return config
}

export async function readManifest(backupDir: string): Promise<Manifest> {
  const file = path.join(backupDir, MANIFEST_FILE)
  const text = await fs.readFile(file, 'utf8').catch(() => null)
  if (text === null) {
    throw new BackupError(
      `${backupDir} is geen volledige back-up: ${MANIFEST_FILE} ontbreekt (de back-up is afgebroken of het pad klopt niet).`,
    )
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new BackupError(`${file} is geen geldige JSON: de back-up is beschadigd.`)
  }
  const parsed = Manifest.safeParse(json)
  if (!parsed.success) {
    throw new BackupError(
      `${file} is geen manifest dat deze versie van de portal kent (formaat ${FORMAT}): ${parsed.error.issues[0]?.message ?? ''}`,
    )
  }
  return parsed.data
}

export async function writeManifest(backupDir: string, manifest: Manifest, mode: number) {
  const file = path.join(backupDir, MANIFEST_FILE)
  await fs.writeFile(file, `${JSON.stringify(manifest, null, 2)}\n`, { flag: 'wx', mode })
  await fs.chmod(file, mode)
}

/** The server's own version (apps/server/package.json), recorded to know what made a backup. */
export async function portalVersion(): Promise<string> {
  const file = path.resolve(import.meta.dirname, '..', '..', '..', 'package.json')
  const text = await fs.readFile(file, 'utf8').catch(() => '{}')
  const parsed = z.object({ version: z.string() }).safeParse(JSON.parse(text))
  return parsed.success ? parsed.data.version : 'onbekend'
}

/** The newest migration this code knows: a backup from a newer database would not fit it. */
export async function latestKnownMigration(): Promise<string | null> {
  const dir = path.resolve(import.meta.dirname, '..', '..', 'db', 'migrations')
  const names = (await fs.readdir(dir)).filter((name) => name.endsWith('.sql')).sort()
  return names.at(-1) ?? null
}

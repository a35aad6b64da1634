import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { API_PREFIX, apiPaths } from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../src/db/client.ts'
import { FILES_DIR, MANIFEST_FILE, type Manifest } from '../src/features/backup/manifest.ts'
import { fileOf, uploadForm, VALID_FIELDS } from '../src/features/uploads/testing-files.ts'
import { ensureNamed } from '../src/features/vocabulary/service.ts'
import { command } from './commands.ts'
import { createPostgresDatabase } from './db.ts'
import { demoAccountToken, startPortalOn, type RunningPortal } from './running-portal.ts'

/**
 * On PostgreSQL the database goes with pg_dump (docs/operations.md); `npm run backup`
 * copies the file store of a running portal, and `npm run restore` puts it back.
 */
const DATABASE_URL = process.env.DATABASE_URL

describe.skipIf(!DATABASE_URL)('backup and restore of the file store (PostgreSQL)', () => {
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>
  let portal: RunningPortal
  let work: string
  let sha256: string

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-backup-pg-'))
    // Our own database, so the commands can be given its address.
    postgres = await createPostgresDatabase(DATABASE_URL!)
    portal = await startPortalOn(postgres)
    const db = await openDatabase({ databaseUrl: postgres.url, dataDir: portal.dataDir })
    await ensureNamed(db, 'themes', 'Afval').finally(() => db.close())
    const upload = await fetch(`${portal.url}${API_PREFIX.authenticated}${apiPaths.upload}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await demoAccountToken(portal.dataDir, portal.url, 'medewerker')}`,
      },
      body: uploadForm(VALID_FIELDS, [fileOf('wijk;tonnen\nCentrum;12\n', 'afval.csv')]),
    })
    expect(upload.status).toBe(201)
    const [stored] = (await fs.readdir(path.join(portal.dataDir, FILES_DIR), { recursive: true }))
      .map((name) => path.basename(name))
      .filter((name) => /^[0-9a-f]{64}$/.test(name))
    sha256 = stored!
  }, 90_000)

  afterAll(async () => {
    await portal?.dispose()
    await postgres?.drop()
    await fs.rm(work, { recursive: true, force: true })
  })

  it('copies the files of a running portal and points to pg_dump and pg_restore for the database', async () => {
    const backupDir = path.join(work, 'backup')
    const backup = await command('backup', [backupDir], portal.dataDir, postgres.url)
    expect(backup.code).toBe(0)
    expect(backup.output).toContain('pg_dump')
    const manifest = JSON.parse(
      await fs.readFile(path.join(backupDir, MANIFEST_FILE), 'utf8'),
    ) as Manifest
    expect(manifest.database).toEqual({ kind: 'postgres' })
    expect(manifest.files.count).toBe(1)

    const withoutDatabase = await command('restore', [backupDir], path.join(work, 'embedded'))
    expect(withoutDatabase.code).toBe(1)
    expect(withoutDatabase.output).toContain('alleen de bestanden')

    const target = path.join(work, 'restored')
    const restore = await command('restore', [backupDir], target, postgres.url)
    expect(restore.code).toBe(0)
    expect(restore.output).toContain('pg_restore')
    const relative = path.join(FILES_DIR, sha256.slice(0, 2), sha256)
    expect(await fs.readFile(path.join(target, relative))).toEqual(
      await fs.readFile(path.join(portal.dataDir, relative)),
    )
  })
})

import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import {
  API_PREFIX,
  apiPaths,
  type DocumentDetail,
  type DocumentHistory,
} from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../src/db/client.ts'
import { FILES_DIR, MANIFEST_FILE, type Manifest } from '../src/features/backup/manifest.ts'
import {
  demoFile,
  fileOf,
  uploadForm,
  VALID_FIELDS,
} from '../src/features/uploads/testing-files.ts'
import { command } from './commands.ts'
import {
  demoAccountToken,
  isRunning,
  startEmbeddedPortal,
  type RunningPortal,
} from './running-portal.ts'
import {
  freePort,
  startServerProcess,
  waitUntilReady,
  type ServerProcess,
} from './server-process.ts'

/**
 * What an operator does with `npm run backup` and `npm run restore` on the embedded
 * database: the real commands, on the data of a real portal process, restored into a new
 * data directory that a new process then serves. PGlite only: on PostgreSQL the database
 * goes with pg_dump (docs/operations.md).
 */
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** What must survive: the rows of what people did, in a comparable order. */
async function portalRows(db: Db) {
  return {
    documents: await db.query('select id, title, status from documents order by id'),
    files: await db.query('select id, sha256, size_bytes from document_files order by id'),
    favorites: await db.query('select * from favorites order by 1, 2'),
    ratings: await db.query('select * from ratings order by 1, 2'),
    audit: await db.query('select * from audit_log order by id'),
    searches: await db.query('select id, query, result_count from search_log order by id'),
    opens: await db.query('select id, document_id from document_opens order by id'),
    versions: await db.query(
      'select id, document_id, version, file_name, sha256, replaced_at from document_versions order by id',
    ),
    changes: await db.query('select * from document_changes order by id'),
  }
}

async function withDb<T>(dataDir: string, work: (db: Db) => Promise<T>) {
  const db = await openDatabase({ dataDir })
  try {
    return await work(db)
  } finally {
    await db.close()
  }
}

const CSV = 'wijk;tonnen\nCentrum;12\nNoord;8\n'
/** What the document's CSV says after an approved edit; CSV is then its earlier version. */
const CSV_REVISED = 'wijk;tonnen\nCentrum;13\nNoord;9\nZuid;4\n'

describe.skipIf(Boolean(process.env.DATABASE_URL))('backup and restore (embedded database)', () => {
  let portal: RunningPortal
  let work: string
  let backupDir: string
  let restoredDir: string
  let restored: ServerProcess | undefined
  let documentId: string
  let originalFiles: Map<string, string>

  const api = (base: string, dataDir: string) => ({
    async as(
      who: 'medewerker' | 'beheerder' | null,
      pathAfterPrefix: string,
      init: RequestInit = {},
    ) {
      const headers = new Headers(init.headers)
      if (who) headers.set('authorization', `Bearer ${await demoAccountToken(dataDir, base, who)}`)
      const prefix = who ? API_PREFIX.authenticated : API_PREFIX.public
      return fetch(`${base}${prefix}${pathAfterPrefix}`, { ...init, headers })
    },
  })

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-backup-'))
    backupDir = path.join(work, 'backup')
    restoredDir = path.join(work, 'restored')
    portal = await startEmbeddedPortal()
    const client = api(portal.url, portal.dataDir)
    // Without demo content there are no themes; an admin adds the one the upload names.
    const theme = await client.as('beheerder', apiPaths.tags, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Afval' }),
    })
    expect(theme.status).toBe(201)

    const upload = await fetch(`${portal.url}${API_PREFIX.authenticated}${apiPaths.upload}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await demoAccountToken(portal.dataDir, portal.url, 'medewerker')}`,
      },
      body: uploadForm({ ...VALID_FIELDS, title: 'Afval per wijk, teruggezet' }, [
        fileOf(CSV, 'afval.csv'),
        await demoFile('bevolkingsprognose-toelichting.pdf'),
      ]),
    })
    expect(upload.status).toBe(201)
    documentId = ((await upload.json()) as { contentUID: string }).contentUID
    const approve = async () => {
      // The personal-data check runs in the portal's worker; approval waits for it.
      for (let tries = 0; ; tries++) {
        const response = await client.as('beheerder', apiPaths.document(documentId))
        const { privacy } = (await response.json()) as DocumentDetail
        if (privacy && !privacy.pending) break
        if (tries >= 150) throw new Error('the personal-data check did not finish within 30 s')
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      expect((await client.as('beheerder', apiPaths.approve(documentId))).status).toBe(200)
    }
    await approve()
    // The owner replaces the CSV (the PDF stays) and the edit is approved: the first CSV is
    // now an earlier version that visitors download from the document's history.
    const first = (await (
      await client.as(null, apiPaths.document(documentId))
    ).json()) as DocumentDetail
    const pdf = first.files.find((file) => file.fileName.endsWith('.pdf'))!
    const edit = await fetch(`${portal.url}${API_PREFIX.authenticated}${apiPaths.upload}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await demoAccountToken(portal.dataDir, portal.url, 'medewerker')}`,
      },
      body: uploadForm(
        {
          ...VALID_FIELDS,
          title: 'Afval per wijk, teruggezet',
          contentUID: documentId,
          keepFileIds: [pdf.id],
        },
        [fileOf(CSV_REVISED, 'afval.csv')],
      ),
    })
    expect(edit.status).toBe(200)
    await approve()
    const put = { method: 'PUT' }
    expect((await client.as('medewerker', apiPaths.favorite(documentId), put)).status).toBe(200)
    expect(
      (await client.as('medewerker', `${apiPaths.rating(documentId)}?rating=4`, put)).status,
    ).toBe(200)
    expect((await client.as(null, `${apiPaths.search}?query=afval`)).status).toBe(200)
    const open = await client.as('medewerker', apiPaths.documentOpen(documentId), {
      method: 'POST',
    })
    expect(open.status).toBe(204)

    const detail = (await (
      await client.as(null, apiPaths.document(documentId))
    ).json()) as DocumentDetail
    originalFiles = new Map(detail.files.map((file) => [file.fileName, file.sha256]))
    expect(originalFiles.size).toBe(2)
  }, 90_000)

  afterAll(async () => {
    if (restored && isRunning(restored)) {
      restored.child.kill('SIGKILL')
      await restored.exit
    }
    await portal?.dispose()
    await fs.rm(work, { recursive: true, force: true })
  })

  it('refuses to back up while the server holds the embedded database', async () => {
    const result = await command('backup', [backupDir], portal.dataDir)
    expect(result.code).toBe(1)
    expect(result.output).toContain('De portal draait nog')
    await expect(fs.access(backupDir)).rejects.toThrow()
  })

  it('backs up a stopped portal, which then starts again, and restores into a fresh data directory', async () => {
    expect(await portal.stop()).toBe(0)
    const backup = await command('backup', [backupDir], portal.dataDir)
    expect(backup.output).toContain('Back-up gemaakt')
    expect(backup.code).toBe(0)
    await portal.restart()
    const manifest = JSON.parse(
      await fs.readFile(path.join(backupDir, MANIFEST_FILE), 'utf8'),
    ) as Manifest
    expect(manifest.database.kind).toBe('pglite')
    // The current CSV and PDF, and the earlier CSV.
    expect(manifest.files.count).toBe(3)

    const restore = await command('restore', [backupDir], restoredDir)
    expect(restore.output).toContain('teruggezet')
    expect(restore.code).toBe(0)

    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    restored = startServerProcess({
      DATA_DIR: restoredDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DEMO_CONTENT: 'false',
    })
    await waitUntilReady(port, restored)
    const client = api(url, restoredDir)
    const detail = (await (
      await client.as(null, apiPaths.document(documentId))
    ).json()) as DocumentDetail
    expect(detail.title).toBe('Afval per wijk, teruggezet')
    for (const file of detail.files) {
      const download = await fetch(`${url}${API_PREFIX.public}${file.url}`)
      expect(download.status).toBe(200)
      expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(
        originalFiles.get(file.fileName),
      )
    }
    expect(detail.files).toHaveLength(2)
    expect(originalFiles.get('afval.csv')).toBe(sha256(Buffer.from(CSV_REVISED)))
    // The earlier version is back in the history, and downloads as it was.
    const history = (await (
      await client.as(null, apiPaths.documentHistory(documentId))
    ).json()) as DocumentHistory
    expect(history.versions.map((version) => version.fileName)).toEqual(['afval.csv'])
    const earlier = await fetch(`${url}${API_PREFIX.public}${history.versions[0]!.url}`)
    expect(earlier.status).toBe(200)
    expect(sha256(Buffer.from(await earlier.arrayBuffer()))).toBe(sha256(Buffer.from(CSV)))
    const favorites = (await (await client.as('medewerker', apiPaths.favorites)).json()) as {
      Results: Array<{ contentUID: string }>
    }
    expect(favorites.Results.map((item) => item.contentUID)).toEqual([documentId])

    // Everything people did, row for row: favourites, ratings, audit log, activity logs.
    restored.child.kill('SIGTERM')
    await restored.exit
    await portal.stop()
    const before = await withDb(portal.dataDir, portalRows)
    const after = await withDb(restoredDir, portalRows)
    expect(after).toEqual(before)
    expect(before.ratings).toHaveLength(1)
    expect(before.audit.length).toBeGreaterThan(0)
    expect(before.searches.length).toBeGreaterThan(0)
    expect(before.opens.length).toBeGreaterThan(0)
    expect(before.versions).toHaveLength(1)
    expect(before.changes.length).toBeGreaterThan(0)
  }, 90_000)

  it('refuses to restore over data unless told to with --force', async () => {
    const refused = await command('restore', [backupDir], restoredDir)
    expect(refused.code).toBe(1)
    expect(refused.output).toContain('niet leeg')
    expect(refused.output).toContain('--force')
    const forced = await command('restore', [backupDir, '--force'], restoredDir)
    expect(forced.code).toBe(0)
  })

  /** A copy of the backup with `damage` done to it, restored into an empty directory. */
  async function restoreDamaged(damage: (copy: string, files: string[]) => Promise<void>) {
    const copy = await fs.mkdtemp(path.join(work, 'damaged-'))
    await fs.cp(backupDir, copy, { recursive: true })
    const files = (await fs.readdir(path.join(copy, FILES_DIR), { recursive: true }))
      .map((name) => path.join(copy, FILES_DIR, name))
      .filter((name) => /[0-9a-f]{64}$/.test(name))
      .sort()
    await damage(copy, files)
    const target = await fs.mkdtemp(path.join(work, 'target-'))
    const result = await command('restore', [copy], target)
    // A refused restore leaves nothing behind that looks like portal data.
    expect(await fs.readdir(target)).toEqual([])
    return result
  }

  it('refuses a backup with a missing file', async () => {
    const result = await restoreDamaged((_copy, files) => fs.rm(files[0]!))
    expect(result.code).toBe(1)
    expect(result.output).toContain('onvolledig of gewijzigd')
  })

  it('refuses a backup whose manifest was made to fit a missing file', async () => {
    const result = await restoreDamaged(async (copy, files) => {
      const { size } = await fs.stat(files[0]!)
      await fs.rm(files[0]!)
      const file = path.join(copy, MANIFEST_FILE)
      const manifest = JSON.parse(await fs.readFile(file, 'utf8')) as Manifest
      manifest.files = { count: manifest.files.count - 1, bytes: manifest.files.bytes - size }
      await fs.writeFile(file, JSON.stringify(manifest))
    })
    expect(result.code).toBe(1)
    expect(result.output).toContain('die niet in de back-up staan')
  })

  it('refuses a backup with an altered file, even when its size is unchanged', async () => {
    const result = await restoreDamaged(async (_copy, files) => {
      const bytes = await fs.readFile(files[0]!)
      bytes[0] = bytes[0]! ^ 0xff
      await fs.writeFile(files[0]!, bytes)
    })
    expect(result.code).toBe(1)
    expect(result.output).toContain('klopt niet met zijn SHA-256')
  })

  it('refuses a backup with an altered database dump or no manifest', async () => {
    const dump = await restoreDamaged((copy) =>
      fs.appendFile(path.join(copy, 'database.tar.gz'), 'x'),
    )
    expect(dump.code).toBe(1)
    expect(dump.output).toContain('database.tar.gz is niet meer wat de back-up schreef')
    const partial = await restoreDamaged((copy) => fs.rm(path.join(copy, MANIFEST_FILE)))
    expect(partial.code).toBe(1)
    expect(partial.output).toContain('geen volledige back-up')
  })
})

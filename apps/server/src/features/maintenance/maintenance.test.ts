import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { useTestContext, EMPLOYEE } from '../../../test/app.ts'
import { command } from '../../../test/commands.ts'
import { copyMigratedDatabase } from '../../../test/db.ts'
import { createDocument } from '../../../test/factories.ts'
import { loadConfig } from '../../config.ts'
import { openPglite } from '../../db/client.ts'
import type { FileStore } from '../../storage/file-store.ts'
import { LocalFileStore } from '../../storage/local-file-store.ts'
import { hourlyMaintenance, runMaintenance } from './maintenance.ts'

const ctx = useTestContext()

const DEFAULTS = loadConfig({ NODE_ENV: 'test' })
const SETTINGS = {
  deletedRetentionDays: 30,
  versionRetentionDays: 0,
  activityLogs: {
    ...DEFAULTS.activityLogs,
    openRetentionDays: 30,
    searchRetentionDays: 30,
  },
  http: DEFAULTS.http,
  extraction: DEFAULTS.extraction,
}

/** A document deleted `days` ago, with one stored file of its own. */
async function deletedDocument(
  db: Parameters<typeof createDocument>[0],
  store: FileStore,
  days: number,
  title: string,
) {
  const file = await store.put(Readable.from([Buffer.from(`bestand van ${title}`)]))
  const id = await createDocument(db, {
    title,
    owner: EMPLOYEE,
    deleted: true,
    file: { fileName: 'oud.csv', mediaType: 'text/csv', ...file },
  })
  await db.query(`update documents set deleted_at = now() - $2 * interval '1 day' where id = $1`, [
    id,
    days,
  ])
  return { id, file }
}

describe('the maintenance', () => {
  it('purges expired deletions and prunes the activity logs in one run, and logs what it did', async () => {
    const { id, file } = await deletedDocument(ctx.db, ctx.store, 45, 'Onderhoud oud')
    await ctx.db.query(
      `insert into search_log (at, query, normalized_query, result_count)
       values (now() - interval '31 days', 'onderhoud', 'onderhoud', 1)`,
    )
    const logged: Array<[unknown, string]> = []
    const log = {
      info: (details: unknown, message: string) => logged.push([details, message]),
      error: (details: unknown, message: string) => logged.push([details, message]),
    }

    await hourlyMaintenance({ db: ctx.db, store: ctx.store, config: SETTINGS, log })()

    expect(await ctx.db.query('select 1 from documents where id = $1', [id])).toEqual([])
    expect(await ctx.store.exists(file.sha256)).toBe(false)
    expect(logged).toEqual([
      [{ documents: [id], files: 1 }, 'deleted documents purged'],
      [expect.objectContaining({ searches: 1 }), 'activity logs pruned'],
    ])
  })

  it('runs the other step when one fails, and reports the failure', async () => {
    const broken = { ...SETTINGS, deletedRetentionDays: Number.NaN }
    await ctx.db.query(
      `insert into search_log (at, query, normalized_query, result_count)
       values (now() - interval '31 days', 'onderhoud', 'onderhoud', 1)`,
    )
    const report = await runMaintenance({ db: ctx.db, store: ctx.store, config: broken })
    expect(report.purge).toBeNull()
    expect(report.failures.map((failure) => failure.step)).toEqual(['purge'])
    expect(report.activityLogs?.searches).toBe(1)
  })
})

describe('the temporary files of uploads that died', () => {
  it('are removed hourly once unchanged for longer than a request may take, uploads in progress stay', async () => {
    const dead = await ctx.store.writeTemp(Readable.from([Buffer.from('afgebroken upload')]))
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000)
    await fs.utimes(dead.path, hoursAgo, hoursAgo)
    const recent = await ctx.store.writeTemp(Readable.from([Buffer.from('bijna klaar')]))
    const logged: Array<[unknown, string]> = []
    const log = {
      info: (details: unknown, message: string) => logged.push([details, message]),
      error: (details: unknown, message: string) => logged.push([details, message]),
    }

    await hourlyMaintenance({ db: ctx.db, store: ctx.store, config: SETTINGS, log })()

    const left = []
    for await (const temp of ctx.store.temporary()) left.push(temp.path)
    expect(left).toEqual([recent.path])
    expect(logged).toContainEqual([{ removedTemporary: 1 }, 'temporary files swept'])
    await ctx.store.discard(recent)
  })
})

describe('the removed search entries', () => {
  it('are forgotten after a week, when no node can still need them', async () => {
    const id = await createDocument(ctx.db, { title: 'Onderhoud zoekindex' })
    await ctx.db.query('update documents set deleted_at = now() where id = $1', [id])
    await ctx.db.query(
      `insert into search_entry_removals (document_id, removed_at)
       values (gen_random_uuid(), now() - interval '8 days')`,
    )
    const report = await runMaintenance({ db: ctx.db, store: ctx.store, config: SETTINGS })
    expect(report.searchRemovals).toBe(1)
    // The recent removal stays, for nodes that have not caught up with it yet.
    const kept = await ctx.db.query<{ id: string }>(
      'select document_id::text as id from search_entry_removals',
    )
    expect(kept.map((row) => row.id)).toContain(id)
    expect(report.failures).toEqual([])
  })
})

describe('npm run maintenance', () => {
  it('runs the purge and the log retention once on the configured data directory and prints what it did', async () => {
    const dataDir = await copyMigratedDatabase(
      await fs.mkdtemp(path.join(os.tmpdir(), 'portal-maintenance-')),
    )
    try {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir })
      const store = new LocalFileStore(path.join(config.dataDir, 'files'))
      const db = await openPglite(config.dataDir)
      let purged: { id: string; file: { sha256: string } }
      let kept: { id: string; file: { sha256: string } }
      try {
        purged = await deletedDocument(db, store, 31, 'Via de opdrachtregel')
        kept = await deletedDocument(db, store, 3, 'Nog te herstellen')
      } finally {
        await db.close()
      }

      const { code, stdout, output } = await command('maintenance', [], dataDir)
      expect(code, output).toBe(0)
      expect(stdout).toContain(`${purged.id}  verwijderd op `)
      expect(stdout).toContain('Via de opdrachtregel')
      expect(stdout).not.toContain('Nog te herstellen')
      expect(stdout).toContain(
        'Definitief verwijderd: 1 document (langer dan 30 dagen geleden verwijderd), 1 bestand uit de opslag.',
      )
      expect(stdout).toContain('Activiteitenlogboeken ingekort: 0 openingen')
      expect(await store.exists(purged.file.sha256)).toBe(false)
      expect(await store.exists(kept.file.sha256)).toBe(true)
      const after = await openPglite(config.dataDir)
      try {
        const rows = await after.query<{ id: string; action: string }>(
          `select document_id::text as id, action from audit_log where action = 'document_purged'`,
        )
        expect(rows).toEqual([{ id: purged.id, action: 'document_purged' }])
      } finally {
        await after.close()
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true })
    }
  })
})

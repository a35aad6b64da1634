import { createHash } from 'node:crypto'
import { readdirSync, statSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '../../db/client.ts'
import { migrate } from '../../db/migrate.ts'
import { createBackup } from './backup.ts'
import { FILES_DIR } from './manifest.ts'
import type { Progress } from './stored-files.ts'

/**
 * Every directory and file under `root` (itself included) with its permission bits; read at
 * once, so it can look inside a backup that is still being written.
 */
function modes(root: string) {
  const mode = (file: string) => statSync(file).mode & 0o777
  const found = [{ path: root, directory: true, mode: mode(root) }]
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name)
    found.push({ path: full, directory: entry.isDirectory(), mode: mode(full) })
  }
  return found
}

const ownerOnly = (entry: { directory: boolean; mode: number }) =>
  entry.mode === (entry.directory ? 0o700 : 0o600)

describe('a backup', () => {
  let work: string
  let dataDir: string
  let umask: number

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-backup-modes-'))
    dataDir = path.join(work, 'data')
    const db = await openPglite(dataDir)
    await migrate(db).finally(() => db.close())
    const bytes = Buffer.from('wijk;tonnen\nCentrum;12\n')
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    const stored = path.join(dataDir, FILES_DIR, sha256.slice(0, 2), sha256)
    await fs.mkdir(path.dirname(stored), { recursive: true })
    await fs.writeFile(stored, bytes)
    // The widest umask an operator could have: nothing taken off what is asked for.
    umask = process.umask(0)
  })

  afterAll(async () => {
    process.umask(umask)
    await fs.rm(work, { recursive: true, force: true })
  })

  it('can be read by its owner only, while it is written and after', async () => {
    const target = path.join(work, 'backups', 'vandaag')
    const partial = `${target}.onvolledig-${process.pid}`
    let whileWriting: ReturnType<typeof modes> = []
    const progress: Progress = {
      step: () => undefined,
      // Called after the stored file is copied, beside the database dump, before the manifest.
      files: () => {
        whileWriting = modes(partial)
      },
    }
    await createBackup({ dataDir }, target, progress)

    expect(whileWriting.map((entry) => path.relative(partial, entry.path)).sort()).toEqual(
      expect.arrayContaining(['', 'database.tar.gz', 'files']),
    )
    expect(whileWriting.filter((entry) => !ownerOnly(entry))).toEqual([])
    const written = modes(target)
    expect(written.filter((entry) => !entry.directory)).toHaveLength(3)
    expect(written.filter((entry) => !ownerOnly(entry))).toEqual([])
  })
})

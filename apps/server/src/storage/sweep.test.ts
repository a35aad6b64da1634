import fs from 'node:fs/promises'
import { PassThrough, Readable } from 'node:stream'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestStore, DRIVERS, lazyAzurite, tempDataDir } from '../../test/azurite.ts'
import { createTestDb } from '../../test/db.ts'
import { createDocument } from '../../test/factories.ts'
import type { Db } from '../db/client.ts'
import type { FileStore } from './file-store.ts'
import { SWEEP_GRACE_MS, sweepStore, sweepTemporaryFiles } from './sweep.ts'

let db: Db
let dir: string
let store: FileStore

const bytes = (text: string) => Readable.from([Buffer.from(text)])

const azurite = lazyAzurite()

beforeAll(async () => {
  db = await createTestDb()
})
afterAll(async () => {
  await db.close()
  await azurite.stop()
})

/** One file a document refers to, one no row refers to, and an unfinished temporary file. */
async function leftovers() {
  const referenced = await store.put(bytes('wijk;inwoners\nNoord;8000\n'))
  await createDocument(db, {
    title: 'Inwoners per wijk',
    file: { fileName: 'wijken.csv', mediaType: 'text/csv', ...referenced },
  })
  const orphan = await store.put(bytes('nooit vastgelegd'))
  const temp = await store.writeTemp(bytes('half geüpload'))
  return { referenced, orphan, temp }
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  )

describe.each(DRIVERS)('sweeping the %s store', (driver) => {
  beforeEach(async () => {
    dir = await tempDataDir()
    store = await createTestStore(driver, dir, azurite.get)
    return () => fs.rm(dir, { recursive: true, force: true })
  })

  it('removes unfinished uploads and unreferenced files of a store this process owns', async () => {
    const { referenced, orphan, temp } = await leftovers()
    expect(await sweepStore(db, store, { exclusive: true })).toEqual({
      removedFiles: 1,
      removedTemporary: 1,
    })
    expect(await store.exists(referenced.sha256)).toBe(true)
    expect(await store.exists(orphan.sha256)).toBe(false)
    expect(await exists(temp.path)).toBe(false)
  })

  it('leaves recent leftovers of a shared store alone, another node may be writing them', async () => {
    const { referenced, orphan, temp } = await leftovers()
    expect(await sweepStore(db, store, { exclusive: false })).toEqual({
      removedFiles: 0,
      removedTemporary: 0,
    })
    const later = Date.now() + SWEEP_GRACE_MS + 60_000
    expect(await sweepStore(db, store, { exclusive: false, now: later })).toEqual({
      removedFiles: 1,
      removedTemporary: 1,
    })
    expect(await store.exists(referenced.sha256)).toBe(true)
    expect(await store.exists(orphan.sha256)).toBe(false)
    expect(await exists(temp.path)).toBe(false)
  })

  it('removes, while the portal runs, only temporary files left unchanged past the grace, on any number of nodes at once', async () => {
    const dead = await store.writeTemp(bytes('half geüpload, verbinding weg'))
    const hoursAgo = new Date(Date.now() - 2 * SWEEP_GRACE_MS)
    await fs.utimes(dead.path, hoursAgo, hoursAgo)
    // An upload in progress: its file is being written while the sweeps run.
    const body = new PassThrough()
    const uploading = store.writeTemp(body)
    body.write('eerste deel ')
    const temporary = async () => {
      const paths: string[] = []
      for await (const temp of store.temporary()) paths.push(temp.path)
      return paths
    }
    while ((await temporary()).length < 2) await new Promise((resolve) => setTimeout(resolve, 10))

    // Two nodes sweeping the same directory at the same moment.
    const removed = await Promise.all([
      sweepTemporaryFiles(store, { graceMs: SWEEP_GRACE_MS }),
      sweepTemporaryFiles(store, { graceMs: SWEEP_GRACE_MS }),
    ])
    // Each may count the dead file, having listed it before the other removed it.
    expect(Math.max(...removed)).toBe(1)
    expect(await exists(dead.path)).toBe(false)

    body.end('en het laatste deel')
    const upload = await uploading
    expect(await fs.readFile(upload.path, 'utf8')).toBe('eerste deel en het laatste deel')
    await store.discard(upload)
  })

  it('keeps a file a soft-deleted document still refers to', async () => {
    const kept = await store.put(bytes('verwijderd maar bewaard'))
    await createDocument(db, {
      title: 'Verwijderd rapport',
      deleted: true,
      file: { fileName: 'oud.csv', mediaType: 'text/csv', ...kept },
    })
    await sweepStore(db, store, { exclusive: true })
    expect(await store.exists(kept.sha256)).toBe(true)
  })
})

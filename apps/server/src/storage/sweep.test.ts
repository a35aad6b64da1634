import fs from 'node:fs/promises'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestStore, DRIVERS, lazyAzurite, tempDataDir } from '../../test/azurite.ts'
import { createTestDb } from '../../test/db.ts'
import { createDocument } from '../../test/factories.ts'
import type { Db } from '../db/client.ts'
import type { FileStore } from './file-store.ts'
import { SWEEP_GRACE_MS, sweepStore } from './sweep.ts'

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

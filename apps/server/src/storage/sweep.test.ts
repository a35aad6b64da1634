import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestDb } from '../../test/db.ts'
import { createDocument } from '../../test/factories.ts'
import type { Db } from '../db/client.ts'
import { FileStore, FileTooLargeError } from './file-store.ts'
import { SWEEP_GRACE_MS, sweepStore } from './sweep.ts'

let db: Db
let dir: string
let store: FileStore

const bytes = (text: string) => Readable.from([Buffer.from(text)])

beforeAll(async () => {
  db = await createTestDb()
})
afterAll(() => db.close())
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-store-'))
  store = new FileStore(dir)
  return () => fs.rm(dir, { recursive: true, force: true })
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

describe('the file store', () => {
  it('streams to a temporary file and refuses more bytes than allowed, keeping nothing', async () => {
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < 100; i++) yield Buffer.alloc(1024, 'x')
      })(),
    )
    await expect(store.writeTemp(source, { maxBytes: 50 * 1024 })).rejects.toBeInstanceOf(
      FileTooLargeError,
    )
    expect(await fs.readdir(store.tmpDir)).toEqual([])
  })

  it('commits a temporary file under its digest', async () => {
    const temp = await store.writeTemp(bytes('abc'))
    expect(temp.sha256).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    await store.commit(temp)
    expect(await store.exists(temp.sha256)).toBe(true)
    expect(await exists(temp.path)).toBe(false)
  })
})

describe('sweeping the store', () => {
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

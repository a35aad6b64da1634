import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { ContainerClient, StorageSharedKeyCredential } from '@azure/storage-blob'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import {
  AZURITE_ACCOUNT,
  AZURITE_KEY,
  createTestStore,
  DRIVERS,
  lazyAzurite,
  tempDataDir,
} from '../../test/azurite.ts'
import { AzureBlobFileStore } from './azure-blob-file-store.ts'
import { FileTooLargeError, type FileStore } from './file-store.ts'

/** What every driver promises the uploads, downloads, purge and sweep. */
const azurite = lazyAzurite()
afterAll(() => azurite.stop())

const bytes = (content: string | Buffer) => Readable.from([Buffer.from(content)])
const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex')
const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  )

describe.each(DRIVERS)('the %s file store', (driver) => {
  let dir: string
  let store: FileStore

  beforeEach(async () => {
    dir = await tempDataDir()
    store = await createTestStore(driver, dir, azurite.get)
    return () => fs.rm(dir, { recursive: true, force: true })
  })

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

  it('commits a temporary file under its digest and removes the temporary file', async () => {
    const temp = await store.writeTemp(bytes('abc'))
    expect(temp.sha256).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(await store.exists(temp.sha256)).toBe(false)
    await store.commit(temp)
    expect(await store.exists(temp.sha256)).toBe(true)
    expect(await exists(temp.path)).toBe(false)
    expect(await text(await store.read(temp.sha256))).toBe('abc')
  })

  it('commits the same content twice, keeping one file', async () => {
    const first = await store.put(bytes('wijk;inwoners\nNoord;8000\n'))
    const again = await store.writeTemp(bytes('wijk;inwoners\nNoord;8000\n'))
    await store.commit(again)
    expect(again.sha256).toBe(first.sha256)
    expect(await exists(again.path)).toBe(false)
    const stored = []
    for await (const file of store.stored()) stored.push(file.sha256)
    expect(stored).toEqual([first.sha256])
  })

  it('keeps a file of several blocks intact, and streams it back', async () => {
    // Past the Azure driver's 8 MiB block size: an upload in blocks, a download in ranges.
    const content = Buffer.alloc(9 * 1024 * 1024 + 7)
    for (let i = 0; i < content.length; i += 4096) content.writeUInt32BE(i, i)
    const file = await store.put(bytes(content))
    expect(file).toEqual({ sha256: sha256(content), size: content.length })
    const back = createHash('sha256')
    let size = 0
    for await (const chunk of await store.read(file.sha256)) {
      back.update(chunk as Buffer)
      size += (chunk as Buffer).length
    }
    expect({ sha256: back.digest('hex'), size }).toEqual(file)
  })

  it('lends a local copy of a stored file, and cleans up after', async () => {
    const file = await store.put(bytes('%PDF-1.4 niet echt'))
    let lent = ''
    const answer = await store.withLocalCopy(file.sha256, async (filePath) => {
      lent = filePath
      return fs.readFile(filePath, 'utf8')
    })
    expect(answer).toBe('%PDF-1.4 niet echt')
    // The local store lends the stored file itself; a copy is gone again, also on failure.
    expect(await exists(lent)).toBe(driver === 'local')
    await expect(
      store.withLocalCopy(file.sha256, () => Promise.reject(new Error('kapot'))),
    ).rejects.toThrow('kapot')
    expect(await fs.readdir(store.tmpDir).catch(() => [])).toEqual([])
  })

  it('removes a stored file, and a file that is gone already without complaint', async () => {
    const file = await store.put(bytes('weg ermee'))
    const listed = []
    for await (const entry of store.stored()) listed.push(entry)
    expect(listed).toEqual([{ sha256: file.sha256, modifiedMs: expect.any(Number) }])
    expect(Math.abs((listed[0]?.modifiedMs ?? 0) - Date.now())).toBeLessThan(60_000)
    await store.remove(file.sha256)
    expect(await store.exists(file.sha256)).toBe(false)
    await store.remove(file.sha256)
  })

  it('refuses names that are no digest', async () => {
    await expect(store.remove('../../etc/passwd')).rejects.toThrow('not a SHA-256 digest')
  })

  it('is ready', async () => {
    await store.ready()
  })
})

describe('the Azure file store', () => {
  it('is not ready when its container is missing (it never creates one)', async () => {
    const { accountUrl } = await azurite.get()
    const client = new ContainerClient(
      `${accountUrl}/bestaat-niet`,
      new StorageSharedKeyCredential(AZURITE_ACCOUNT, AZURITE_KEY),
    )
    const dir = await tempDataDir()
    const store = new AzureBlobFileStore(client, path.join(dir, 'files', 'tmp'))
    await expect(store.ready()).rejects.toMatchObject({ statusCode: 404 })
    expect(await client.exists()).toBe(false)
    await fs.rm(dir, { recursive: true, force: true })
  })
})

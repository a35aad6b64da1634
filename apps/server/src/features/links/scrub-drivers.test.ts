import fs from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { lazyAzurite, tempDataDir } from '../../../test/azurite.ts'
import { createTestDb } from '../../../test/db.ts'
import type { Db } from '../../db/client.ts'
import { AzureBlobFileStore } from '../../storage/azure-blob-file-store.ts'
import type { FileStore } from '../../storage/file-store.ts'
import { LocalFileStore } from '../../storage/local-file-store.ts'
import { scrubFiles } from './scrub.ts'

// The scrub reads through the store's own interface, so it finds a missing or changed file
// in a local directory and in an Azure container alike.

const azurite = lazyAzurite()
let db: Db
beforeAll(async () => {
  db = await createTestDb()
})
afterAll(async () => {
  await azurite.stop()
  await db.close()
})
afterEach(async () => {
  await db.query('delete from file_checks')
})

/** A store of the driver, and a way to put other bytes under a stored file's name. */
async function storeOf(driver: 'local' | 'azure', dir: string) {
  const tmp = path.join(dir, 'files', 'tmp')
  if (driver === 'local') {
    const store = new LocalFileStore(path.join(dir, 'files'))
    return {
      store: store as FileStore,
      overwrite: (sha256: string, text: string) => fs.writeFile(store.pathOf(sha256), text),
    }
  }
  const { client } = await (await azurite.get()).createContainer()
  return {
    store: new AzureBlobFileStore(client, tmp) as FileStore,
    overwrite: async (sha256: string, text: string) => {
      await client.getBlockBlobClient(sha256).upload(text, Buffer.byteLength(text))
    },
  }
}

describe.each(['local', 'azure'] as const)('the scrub on the %s store', (driver) => {
  it('reports a removed and a changed file, not an intact one, and leaves them as they are', async () => {
    const dir = await tempDataDir()
    try {
      const { store, overwrite } = await storeOf(driver, dir)
      const put = (text: string) => store.put(Readable.from([Buffer.from(text)]))
      const intact = await put('heel\n')
      const removed = await put('weg\n')
      const changed = await put('anders\n')
      await store.remove(removed.sha256)
      await overwrite(changed.sha256, 'veranderd\n')

      const found = await scrubFiles(db, store, [intact.sha256, removed.sha256, changed.sha256])
      expect(found).toEqual([
        { sha256: removed.sha256, problem: 'ontbreekt' },
        { sha256: changed.sha256, problem: 'gewijzigd' },
      ])
      const rows = await db.query<{ sha256: string; problem: string | null }>(
        'select sha256, problem from file_checks',
      )
      expect(new Map(rows.map((row) => [row.sha256, row.problem]))).toEqual(
        new Map([
          [intact.sha256, null],
          [removed.sha256, 'ontbreekt'],
          [changed.sha256, 'gewijzigd'],
        ]),
      )
      expect(await store.exists(removed.sha256)).toBe(false)
      expect(await store.exists(changed.sha256)).toBe(true)
    } finally {
      await fs.rm(dir, { recursive: true, force: true })
    }
  })
})

import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DataDirFullError, openPglite } from '../src/db/client.ts'
import { ensureNamed } from '../src/features/vocabulary/service.ts'
import { filesInStore, postUpload } from '../src/features/uploads/testing.ts'
import { fileOf, uploadForm, VALID_FIELDS } from '../src/features/uploads/testing-files.ts'
import { LocalFileStore } from '../src/storage/local-file-store.ts'
import { createTestContext, EMPLOYEE, type TestContext } from './app.ts'
import { canMountSmallDisk, mountSmallDisk, type SmallDisk } from './tmpfs.ts'

/** A full disk as it really happens: a tmpfs of a few MB, filled to the last byte. */
describe.skipIf(!canMountSmallDisk())('a full disk', () => {
  let disk: SmallDisk
  let ctx: TestContext
  const logged: Array<{ level: number; msg: string }> = []

  beforeAll(async () => {
    disk = mountSmallDisk(4)
    ctx = await createTestContext({
      // DATA_DIR and the files on the small disk; the database (in memory) is not.
      env: { DATA_DIR: disk.dir, DATA_DIR_MIN_FREE_MB: '1' },
      store: async () => new LocalFileStore(path.join(disk.dir, 'files')),
      logger: {
        level: 'warn',
        stream: { write: (line: string) => logged.push(JSON.parse(line) as never) },
      },
    })
    await ensureNamed(ctx.db, 'themes', 'Afval')
  })

  afterAll(async () => {
    await ctx?.close()
    disk?.unmount()
  })

  const upload = () =>
    postUpload(
      ctx,
      EMPLOYEE,
      uploadForm(VALID_FIELDS, [fileOf('wijk;kilo\nNoord;12\n', 'afval.csv')]),
    )

  it('answers an upload 507 in Dutch, logs it as an error and keeps nothing of it', async () => {
    await disk.fill()
    const response = await upload()
    expect(response.statusCode).toBe(507)
    expect(response.headers['content-type']).toContain('application/problem+json')
    expect(response.json()).toMatchObject({
      status: 507,
      title: 'Opslag vol',
      detail: expect.stringContaining('De opslag van het portaal is vol') as unknown,
    })
    expect(logged.filter((line) => line.level === 50).map((line) => line.msg)).toContain(
      'disk full, answered 507',
    )
    expect(await filesInStore(ctx)).toEqual([])

    await disk.empty()
    expect((await upload()).statusCode).toBe(201)
  })

  it('makes /readyz answer 503 below DATA_DIR_MIN_FREE_MB free, and 200 again above it', async () => {
    const ready = () => ctx.app.inject({ url: '/readyz' })
    expect((await ready()).statusCode).toBe(200)

    await disk.fill()
    const full = await ready()
    expect(full.statusCode).toBe(503)
    expect(full.json()).toEqual({ status: 'unavailable' })
    expect(logged.map((line) => line.msg)).toContain(
      'data directory low on disk space (DATA_DIR_MIN_FREE_MB)',
    )
    expect((await ctx.app.inject({ url: '/healthz' })).statusCode).toBe(200)

    await disk.empty()
    expect((await ready()).statusCode).toBe(200)
  })

  it('says so when the embedded database cannot start for want of space, and how much it needs', async () => {
    const dataDir = path.join(disk.dir, 'pglite')
    await fs.mkdir(dataDir)
    // Room for the lock file, not for the database: PGlite itself fails.
    await disk.fill(100)
    const failed = await openPglite(dataDir).then(
      (db) => db.close().then(() => null),
      (error: unknown) => error,
    )
    expect(failed).toBeInstanceOf(DataDirFullError)
    expect((failed as Error).message).toMatch(/DATA_DIR \(.*\) is full, \d+\.\d MB free/)
    expect((failed as Error).message).toContain('at least 64 MB')
    await disk.empty()
  })
})

import { apiPaths, type DocumentDetail, type SearchResponse } from '@dataportaal/contract'
import { ContainerClient, StorageSharedKeyCredential } from '@azure/storage-blob'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, createTestContext, EMPLOYEE, type TestContext } from '../../../test/app.ts'
import { AZURITE_ACCOUNT, AZURITE_KEY } from '../../../test/azurite.ts'
import { freePort } from '../../../test/server-process.ts'
import { openPostgres, type Db } from '../../db/client.ts'
import { jobHandlers } from '../../job-handlers.ts'
import { runPendingJobs } from '../../jobs/worker.ts'
import { AzureBlobFileStore } from '../../storage/azure-blob-file-store.ts'
import { ensureNamed } from '../vocabulary/service.ts'
import { EXTRACTION_MAX_ATTEMPTS } from './extraction-job.ts'
import { apiAs, postUpload, runJobs } from './testing.ts'
import { fileOf, uploadForm, VALID_FIELDS } from './testing-files.ts'

/**
 * Extraction while what it depends on is away: a file store and a database that refuse
 * connections (nothing listens on their port), through the real drivers and the real queue.
 */
let ctx: TestContext
let databaseDown: Db
let storeDown: AzureBlobFileStore

beforeAll(async () => {
  ctx = await createTestContext()
  await ensureNamed(ctx.db, 'themes', 'Afval')
  databaseDown = openPostgres(`postgres://postgres@127.0.0.1:${await freePort()}/portal`)
  const container = new ContainerClient(
    `http://127.0.0.1:${await freePort()}/${AZURITE_ACCOUNT}/files`,
    new StorageSharedKeyCredential(AZURITE_ACCOUNT, AZURITE_KEY),
    // One try: the SDK's own retries would wait seconds before giving up.
    { retryOptions: { maxTries: 1 } },
  )
  storeDown = new AzureBlobFileStore(container, ctx.store.tmpDir)
})
afterAll(async () => {
  await databaseDown.close()
  await ctx.close()
})

const jobs = () =>
  ctx.db.query<{ status: string; attempts: number }>(
    `select status, attempts from jobs where kind = 'extract-text'`,
  )

describe('text extraction during an outage', () => {
  it('waits for the file store and the database to return instead of using up its attempts', async () => {
    const upload = await postUpload(
      ctx,
      EMPLOYEE,
      uploadForm(VALID_FIELDS, [fileOf('wijk;bakken\nNoord;bladkorven\n', 'bakken.csv')]),
    )
    expect(upload.statusCode).toBe(201)
    const { contentUID } = upload.json<{ contentUID: string }>()
    // About reading text: the CSV's table load (features/tables) is not counted here.
    await ctx.db.query(`delete from jobs where kind <> 'extract-text'`)

    // Twice as many tries as there are attempts, each cut short by one of the two outages.
    for (let round = 0; round < EXTRACTION_MAX_ATTEMPTS; round++) {
      for (const deps of [
        { db: ctx.db, store: storeDown },
        { db: databaseDown, store: ctx.store },
      ]) {
        expect(await runPendingJobs(ctx.db, jobHandlers(deps))).toBe(1)
        expect(await jobs()).toEqual([{ status: 'pending', attempts: 0 }])
        // Postponed, with a wait; for the test, due again at once.
        await ctx.db.query(`update jobs set run_at = now() where kind = 'extract-text'`)
      }
    }
    const document = async () =>
      (await apiAs(ctx, ADMIN, 'GET', apiPaths.document(contentUID))).json<DocumentDetail>()
    expect((await document()).files[0]).toMatchObject({
      extractionStatus: 'pending',
      extractionError: null,
    })

    // Both back: read at the first attempt, and found by its content.
    expect(await runJobs(ctx)).toBe(1)
    expect(await jobs()).toEqual([{ status: 'done', attempts: 1 }])
    expect((await document()).files[0]).toMatchObject({ extractionStatus: 'done' })
    const found = await apiAs(ctx, EMPLOYEE, 'GET', `${apiPaths.search}?query=bladkorven`)
    expect(found.json<SearchResponse>().Results).toEqual([expect.objectContaining({ contentUID })])
  })
})

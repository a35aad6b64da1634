import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { apiPaths, type DocumentDetail, type SearchResponse } from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, EMPLOYEE, type TestContext } from '../../../test/app.ts'
import { startAzurite, type Azurite } from '../../../test/azurite.ts'
import { AzureBlobFileStore } from '../../storage/azure-blob-file-store.ts'
import { SWEEP_GRACE_MS, sweepStore } from '../../storage/sweep.ts'
import { purgeDeletedDocuments } from '../deletion/purge.ts'
import { ensureNamed } from '../vocabulary/service.ts'
import { saveUpload } from './service.ts'
import {
  apiAs,
  count,
  EMPLOYEE_VIEWER,
  failingAtAudit,
  filesInStore,
  postUpload,
  runJobs,
} from './testing.ts'
import { DEMO_DOCUMENTS, demoFile, uploadForm, VALID_FIELDS } from './testing-files.ts'

/**
 * A document's whole life through the app on Azure Blob Storage (Azurite): upload, text
 * extraction from a downloaded copy, download, an edit that lets a file go, a failed
 * transaction, deletion, purge and the sweep. The local driver's side of each is in the
 * feature's own tests; the drivers' shared promises in storage/file-store.test.ts.
 */
let azurite: Azurite
let ctx: TestContext

beforeAll(async () => {
  azurite = await startAzurite()
  const { client } = await azurite.createContainer()
  ctx = await createTestContext({
    store: async (dataDir) => new AzureBlobFileStore(client, path.join(dataDir, 'files', 'tmp')),
  })
  for (const theme of ['Afval']) await ensureNamed(ctx.db, 'themes', theme)
})
afterAll(async () => {
  await ctx.close()
  await azurite.stop()
})

const sha256Of = async (name: string) =>
  createHash('sha256')
    .update(await fs.readFile(path.join(DEMO_DOCUMENTS, name)))
    .digest('hex')

const search = async (query: string) =>
  (await apiAs(ctx, EMPLOYEE, 'GET', `${apiPaths.search}?query=${query}`))
    .json<SearchResponse>()
    .Results.map((result) => result.contentUID)

describe('the app on Azure Blob Storage', () => {
  it('stores, extracts, serves, replaces, purges and sweeps files as blobs', async () => {
    const csv = await sha256Of('afvalinzameling-2024.csv')
    const pdf = await sha256Of('veiligheidsbeeld-2023.pdf')
    const created = await postUpload(
      ctx,
      EMPLOYEE,
      uploadForm(VALID_FIELDS, [
        await demoFile('afvalinzameling-2024.csv'),
        await demoFile('veiligheidsbeeld-2023.pdf'),
      ]),
    )
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json<{ contentUID: string }>().contentUID
    // Both as blobs, no temporary file left behind.
    expect(await filesInStore(ctx)).toEqual(
      [csv, pdf].map((sha) => `${sha.slice(0, 2)}/${sha}`).sort(),
    )

    // Extraction reads a local copy of the PDF blob.
    await runJobs(ctx)
    expect(await search('woninginbraak')).toContain(id)
    expect(await fs.readdir(ctx.store.tmpDir)).toEqual([])

    const { files } = (
      await apiAs(ctx, EMPLOYEE, 'GET', apiPaths.document(id))
    ).json<DocumentDetail>()
    const download = await apiAs(ctx, EMPLOYEE, 'GET', apiPaths.documentFile(id, files[1]!.id))
    expect(download.statusCode).toBe(200)
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(pdf)

    // An edit that lets the PDF go keeps its blob as the document's earlier version.
    const edited = await postUpload(
      ctx,
      EMPLOYEE,
      uploadForm({ ...VALID_FIELDS, contentUID: id, keepFileIds: [files[0]!.id] }, []),
    )
    expect(edited.statusCode, edited.body).toBe(200)
    expect(await ctx.store.exists(pdf)).toBe(true)
    expect(await ctx.store.exists(csv)).toBe(true)

    // Deleted, and purged after the retention period: the blobs go with the rows.
    expect((await ctx.call('DELETE', apiPaths.deleteUpload(id), EMPLOYEE)).status).toBe(204)
    await ctx.db.query(
      `update documents set deleted_at = now() - interval '31 days' where id = $1`,
      [id],
    )
    const purged = await purgeDeletedDocuments(ctx.db, ctx.store, { deletedRetentionDays: 30 })
    expect(purged).toMatchObject({ removedFiles: 2 })
    expect(await filesInStore(ctx)).toEqual([])
  })

  it('takes the blobs of a failed transaction away again and writes no rows', async () => {
    const documents = await count(ctx, 'documents')
    const temp = await ctx.store.writeTemp(Readable.from([Buffer.from('wijk;kilo\nNoord;12\n')]))
    const fields = Object.fromEntries(
      Object.entries(VALID_FIELDS).map(([name, value]) => [name, [value ?? []].flat()]),
    )
    await expect(
      saveUpload({ db: failingAtAudit(ctx.db), store: ctx.store }, EMPLOYEE_VIEWER, {
        fields,
        files: [{ fileName: 'kilo.csv', temp }],
      }),
    ).rejects.toThrow('schijf vol')
    expect(await ctx.store.exists(temp.sha256)).toBe(false)
    expect(await filesInStore(ctx)).toEqual([])
    expect(await count(ctx, 'documents')).toBe(documents)
  })

  it('sweeps blobs no row refers to once they are past the grace period', async () => {
    const orphan = await ctx.store.put(Readable.from([Buffer.from('nooit vastgelegd')]))
    // A container may be shared by several nodes: a new blob may be an upload in progress.
    expect(await sweepStore(ctx.db, ctx.store, { exclusive: false })).toEqual({
      removedFiles: 0,
      removedTemporary: 0,
    })
    const later = Date.now() + SWEEP_GRACE_MS + 60_000
    expect(await sweepStore(ctx.db, ctx.store, { exclusive: false, now: later })).toEqual({
      removedFiles: 1,
      removedTemporary: 0,
    })
    expect(await ctx.store.exists(orphan.sha256)).toBe(false)
  })
})

import fs from 'node:fs/promises'
import path from 'node:path'
import { apiPaths, type DocumentDetail, type DocumentHistory } from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, useTestContext, EMPLOYEE, type TestIdentity } from '../../../test/app.ts'
import { loadConfig } from '../../config.ts'
import { runMaintenance } from '../maintenance/maintenance.ts'
import { apiAs, postUpload, runJobs } from '../uploads/testing.ts'
import { DEMO_DOCUMENTS, demoFile, uploadForm, VALID_FIELDS } from '../uploads/testing-files.ts'
import { ensureNamed } from '../vocabulary/service.ts'

const ctx = useTestContext()

beforeAll(async () => {
  for (const theme of ['Afval', 'Veiligheid', 'Klimaat']) await ensureNamed(ctx.db, 'themes', theme)
})

const history = async (who: TestIdentity | null, id: string) => {
  const response = await apiAs(ctx, who, 'GET', apiPaths.documentHistory(id))
  return { status: response.statusCode, body: response.json<DocumentHistory>() }
}

/** ADMIN approves, once the jobs (the personal-data check approval waits for) are done. */
const approve = async (id: string) => {
  await runJobs(ctx)
  const { status, response } = await ctx.call('GET', apiPaths.approve(id), ADMIN)
  expect(status, response.body).toBe(200)
}

/** A document of EMPLOYEE with the demo CSV, approved by ADMIN. */
async function publishedDocument(): Promise<{ id: string; fileId: string }> {
  const created = await postUpload(
    ctx,
    EMPLOYEE,
    uploadForm(VALID_FIELDS, [await demoFile('afvalinzameling-2024.csv')]),
  )
  expect(created.statusCode, created.body).toBe(201)
  const id = created.json<{ contentUID: string }>().contentUID
  await runJobs(ctx)
  await approve(id)
  const detail = (await apiAs(ctx, null, 'GET', apiPaths.document(id))).json<DocumentDetail>()
  return { id, fileId: detail.files[0]!.id }
}

/** The owner replaces the CSV by another file under the same name and changes the title. */
async function replaceFile(id: string, title = 'Afvalinzameling per wijk (herzien)') {
  const response = await postUpload(
    ctx,
    EMPLOYEE,
    uploadForm({ ...VALID_FIELDS, contentUID: id, title }, [
      await demoFile('afvalinzameling-2024.csv', 'afvalinzameling-2024.csv'),
    ]),
  )
  expect(response.statusCode, response.body).toBe(200)
}

const originalCsv = () => fs.readFile(path.join(DEMO_DOCUMENTS, 'afvalinzameling-2024.csv'))

describe("a document's history", () => {
  it('keeps a replaced file as a version a visitor downloads once the edit is approved, not before', async () => {
    const { id } = await publishedDocument()
    await replaceFile(id)

    // The edit waits for validation: visitors see neither the document nor its history.
    expect((await history(null, id)).status).toBe(404)
    // The owner sees the version and the change already.
    const own = (await history(EMPLOYEE, id)).body
    expect(own.versions).toHaveLength(1)
    expect(own.versions[0]).toMatchObject({ version: 1, fileName: 'afvalinzameling-2024.csv' })

    await approve(id)
    const { status, body } = await history(null, id)
    expect(status).toBe(200)
    expect(body.versions).toHaveLength(1)
    const version = body.versions[0]!
    expect(version.size).toBe((await originalCsv()).length)
    const download = await apiAs(ctx, null, 'GET', version.url)
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-disposition']).toContain('afvalinzameling-2024.csv')
    expect(download.headers['x-content-type-options']).toBe('nosniff')
    expect(download.rawPayload.equals(await originalCsv())).toBe(true)

    expect(body.changes[0]).toMatchObject({
      fields: [{ field: 'title', label: 'Titel' }],
      filesReplaced: [{ fileName: 'afvalinzameling-2024.csv' }],
      filesAdded: [],
      filesRemoved: [],
    })
    expect(body.changes[0]).not.toHaveProperty('changedBy')
  })

  it('keeps a removed file as a version, and names it removed', async () => {
    const { id } = await publishedDocument()
    const response = await postUpload(
      ctx,
      EMPLOYEE,
      uploadForm({ ...VALID_FIELDS, contentUID: id }, [
        await demoFile('veiligheidsbeeld-2023.pdf'),
      ]),
    )
    expect(response.statusCode, response.body).toBe(200)
    await approve(id)
    const { body } = await history(null, id)
    expect(body.versions.map((v) => v.fileName)).toEqual(['afvalinzameling-2024.csv'])
    expect(body.changes[0]).toMatchObject({
      fields: [],
      filesAdded: [{ fileName: 'veiligheidsbeeld-2023.pdf' }],
      filesRemoved: [{ fileName: 'afvalinzameling-2024.csv' }],
      filesReplaced: [],
    })
  })

  it('shows an edit made after the last approval only once it is approved, also when the document stays visible', async () => {
    const { id } = await publishedDocument()
    await replaceFile(id, 'Eerste wijziging')
    await approve(id)
    // A second edit, then the document is published again by hand as in a restore: the
    // change made after published_at stays hidden until an approval has seen it.
    await replaceFile(id, 'Tweede wijziging')
    await ctx.db.query(
      `update documents set status = 'goedgekeurd',
              published_at = (select min(changed_at) from document_changes where document_id = $1)
        where id = $1`,
      [id],
    )
    const hidden = (await history(null, id)).body
    expect(hidden.changes).toHaveLength(1)
    expect(hidden.versions).toHaveLength(1)
    const [later] = await ctx.db.query<{ id: string }>(
      'select id::text from document_versions where document_id = $1 and version = 2',
      [id],
    )
    const refused = await apiAs(ctx, null, 'GET', apiPaths.versionFile(id, later!.id))
    expect(refused.statusCode).toBe(404)
    expect(refused.headers['content-type']).toContain('application/problem+json')
    await ctx.db.query('update documents set published_at = now() where id = $1', [id])
    expect((await history(null, id)).body.changes).toHaveLength(2)
  })

  it('tells admins who changed something, and no one else', async () => {
    const { id } = await publishedDocument()
    await replaceFile(id)
    await approve(id)
    const admin = (await history(ADMIN, id)).body
    expect(admin.changes[0]?.changedBy).toEqual(expect.any(String))
    expect(admin.changes[0]?.changedBy).not.toBe('')
    expect((await history(EMPLOYEE, id)).body.changes[0]).not.toHaveProperty('changedBy')
    expect((await history(null, id)).body.changes[0]).not.toHaveProperty('changedBy')
  })

  it('puts an approved new version in the Atom feed as an updated entry', async () => {
    const { id } = await publishedDocument()
    const updatedOf = async () => {
      const feed = (await apiAs(ctx, null, 'GET', apiPaths.documentsFeed)).body
      const entry = feed.split('<entry>').find((part) => part.includes(`urn:uuid:${id}`))
      return new Date(/<updated>([^<]+)<\/updated>/.exec(entry ?? '')?.[1] ?? 0).getTime()
    }
    const first = await updatedOf()
    expect(first).toBeGreaterThan(0)
    await replaceFile(id)
    await approve(id)
    const [row] = await ctx.db.query<{ published_at: Date }>(
      'select published_at from documents where id = $1',
      [id],
    )
    const updated = await updatedOf()
    expect(updated).toBeGreaterThan(first)
    expect(updated).toBe(row!.published_at.getTime())
  })

  it('answers 404 problem details for unknown or malformed versions', async () => {
    const { id } = await publishedDocument()
    const unknown = await apiAs(ctx, null, 'GET', apiPaths.versionFile(id, crypto.randomUUID()))
    expect(unknown.statusCode).toBe(404)
    const malformed = await apiAs(ctx, null, 'GET', apiPaths.versionFile(id, 'x%27--'))
    expect(malformed.statusCode).toBeGreaterThanOrEqual(400)
    expect(malformed.statusCode).toBeLessThan(500)
    expect(malformed.headers['content-type']).toContain('application/problem+json')
  })

  it('forgets versions past VERSION_RETENTION_DAYS with their stored file, and keeps them at 0', async () => {
    const { id } = await publishedDocument()
    // Another content under the same name, so the old content is referenced by the version only.
    const response = await postUpload(
      ctx,
      EMPLOYEE,
      uploadForm({ ...VALID_FIELDS, contentUID: id }, [
        await demoFile('veiligheidsbeeld-2023.pdf'),
      ]),
    )
    expect(response.statusCode).toBe(200)
    const [version] = await ctx.db.query<{ sha256: string }>(
      'select sha256 from document_versions where document_id = $1',
      [id],
    )
    // Earlier tests' documents share the demo CSV: all of its versions are old now, and no
    // current file holds it, so only the versions keep it stored.
    await ctx.db.query(
      `update document_versions set replaced_at = now() - interval '40 days' where sha256 = $1`,
      [version!.sha256],
    )
    await ctx.db.query('delete from document_files where sha256 = $1', [version!.sha256])
    const defaults = loadConfig({ NODE_ENV: 'test' })
    const settings = {
      deletedRetentionDays: 30,
      activityLogs: defaults.activityLogs,
      http: defaults.http,
      extraction: defaults.extraction,
    }
    await runMaintenance({
      db: ctx.db,
      store: ctx.store,
      config: { ...settings, versionRetentionDays: 0 },
    })
    expect(await ctx.store.exists(version!.sha256)).toBe(true)
    const report = await runMaintenance({
      db: ctx.db,
      store: ctx.store,
      config: { ...settings, versionRetentionDays: 30 },
    })
    expect(report.versions?.versions).toBeGreaterThanOrEqual(1)
    expect(
      await ctx.db.query('select 1 from document_versions where sha256 = $1', [version!.sha256]),
    ).toEqual([])
    expect(await ctx.store.exists(version!.sha256)).toBe(false)
  })
})

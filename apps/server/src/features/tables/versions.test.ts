import {
  apiPaths,
  API_PREFIX,
  type DocumentDetail,
  type DocumentHistory,
  type RowsPage,
  type VersionTableInfo,
} from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, useTestContext, EMPLOYEE } from '../../../test/app.ts'
import { loadConfig } from '../../config.ts'
import { runMaintenance } from '../maintenance/maintenance.ts'
import { postUpload } from '../uploads/testing.ts'
import { fileOf, uploadForm, VALID_FIELDS } from '../uploads/testing-files.ts'
import { ensureNamed } from '../vocabulary/service.ts'
import { fakeLoader, runWithLoader } from './testing.ts'

/**
 * An earlier version keeps its Data API (issue 34): a script compares the years of a CSV
 * whose file was replaced, through …/versions/{versionId}/rows, read only.
 */

const HEADER = 'Gemeente:string;Jaar:integer;Bedrag:number'
const YEAR_2024 = [HEADER, 'Utrecht;2024;100', 'Ede;2024;200', 'Utrecht;2024;300'].join('\n')
const YEAR_2025 = [HEADER, 'Utrecht;2025;110', 'Ede;2025;220'].join('\n')

const loader = fakeLoader()
let documentId: string
let versionId: string

/** ADMIN approves once the jobs (tables, the personal-data check) are done. */
async function approve(id: string) {
  await runWithLoader(ctx, loader)
  const { status, response } = await ctx.call('GET', apiPaths.approve(id), ADMIN)
  expect(status, response.body).toBe(200)
}

/** GET a path as a visitor on /pubapi, with a raw query string (filters repeat). */
async function visitor(path: string, query = '') {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `${API_PREFIX.public}${path}${query ? `?${query}` : ''}`,
  })
  return response
}

const bedragen = (page: RowsPage) => page.rows.map((row) => row['Bedrag'])

const ctx = useTestContext()

beforeAll(async () => {
  await ensureNamed(ctx.db, 'themes', 'Afval')
  const created = await postUpload(
    ctx,
    EMPLOYEE,
    uploadForm(VALID_FIELDS, [fileOf(YEAR_2024, 'bedragen.csv')]),
  )
  expect(created.statusCode, created.body).toBe(201)
  documentId = created.json<{ contentUID: string }>().contentUID
  await approve(documentId)
  const replaced = await postUpload(
    ctx,
    EMPLOYEE,
    uploadForm({ ...VALID_FIELDS, contentUID: documentId }, [fileOf(YEAR_2025, 'bedragen.csv')]),
  )
  expect(replaced.statusCode, replaced.body).toBe(200)
  await runWithLoader(ctx, loader)
  const [version] = await ctx.db.query<{ id: string }>(
    'select id::text from document_versions where document_id = $1',
    [documentId],
  )
  versionId = version!.id
})

describe("an earlier version's table", () => {
  it('is not there for a visitor before the edit is approved, but is for the owner', async () => {
    const rows = await visitor(apiPaths.versionRows(documentId, versionId))
    expect(rows.statusCode).toBe(404)
    expect(rows.headers['content-type']).toContain('application/problem+json')
    expect((await visitor(apiPaths.versionTable(documentId, versionId))).statusCode).toBe(404)

    const owner = await ctx.call<RowsPage>(
      'GET',
      apiPaths.versionRows(documentId, versionId),
      EMPLOYEE,
    )
    expect(owner.status).toBe(200)
    expect(bedragen(owner.body)).toEqual([100, 200, 300])
  })

  it("answers the old file's rows, filtered, once approved; the current table has the new ones", async () => {
    await approve(documentId)
    const rows = await visitor(apiPaths.versionRows(documentId, versionId))
    expect(rows.statusCode).toBe(200)
    const page = rows.json<RowsPage>()
    expect(page.total).toBe(3)
    expect(bedragen(page)).toEqual([100, 200, 300])

    const filtered = await visitor(
      apiPaths.versionRows(documentId, versionId),
      'filter[Gemeente]=eq:Utrecht&sort=-Bedrag',
    )
    expect(filtered.statusCode).toBe(200)
    expect(bedragen(filtered.json<RowsPage>())).toEqual([300, 100])

    const detail = await visitor(apiPaths.document(documentId))
    const current = detail.json<DocumentDetail>().files[0]!
    const now = await visitor(apiPaths.fileRows(documentId, current.id))
    expect(bedragen(now.json<RowsPage>())).toEqual([110, 220])
  })

  it('is described, with its schema and CSV export, and listed in the history', async () => {
    const info = await visitor(apiPaths.versionTable(documentId, versionId))
    expect(info.statusCode).toBe(200)
    const table = info.json<VersionTableInfo>()
    expect(table).toMatchObject({ versionId, loadStatus: 'geladen', rowCount: 3 })
    expect(table.schema?.fields.map((field) => field.name)).toEqual(['Gemeente', 'Jaar', 'Bedrag'])

    const schema = await visitor(apiPaths.versionTableSchema(documentId, versionId))
    expect(schema.statusCode).toBe(200)

    const csv = await visitor(apiPaths.versionRows(documentId, versionId), 'format=csv&sort=Bedrag')
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.body.trim().split(/\r?\n/)).toHaveLength(4)

    const history = await visitor(apiPaths.documentHistory(documentId))
    const [version] = history.json<DocumentHistory>().versions
    expect(version).toMatchObject({
      id: versionId,
      tables: [{ sheet: null, loadStatus: 'geladen', rowCount: 3 }],
    })
  })

  it('is in the OpenAPI document generated from the contract, on both prefixes', async () => {
    const spec = (await ctx.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, { get?: { responses?: Record<string, unknown> } }>
    }>()
    for (const prefix of [API_PREFIX.public, API_PREFIX.authenticated]) {
      const base = `${prefix}/documents/{id}/versions/{versionId}`
      for (const path of [`${base}/table`, `${base}/table/schema`, `${base}/rows`]) {
        expect(Object.keys(spec.paths[path]?.get?.responses ?? {}), path).toContain('404')
      }
    }
  })

  it('is a 422 for an unknown column and a 404 for an unknown version', async () => {
    const bad = await visitor(apiPaths.versionRows(documentId, versionId), 'filter[Nee]=eq:1')
    expect(bad.statusCode).toBe(422)
    const unknown = await visitor(apiPaths.versionRows(documentId, crypto.randomUUID()))
    expect(unknown.statusCode).toBe(404)
  })

  it('goes with its version when retention forgets it: the loaded table is dropped', async () => {
    const [before] = await ctx.db.query<{ physical_table: string }>(
      'select physical_table from data_tables where version_id = $1',
      [versionId],
    )
    expect(before?.physical_table).toMatch(/^t_/)
    await ctx.db.query(
      `update document_versions set replaced_at = now() - interval '40 days' where id = $1`,
      [versionId],
    )
    const defaults = loadConfig({ NODE_ENV: 'test' })
    await runMaintenance({
      db: ctx.db,
      store: ctx.store,
      config: {
        deletedRetentionDays: 30,
        versionRetentionDays: 30,
        activityLogs: defaults.activityLogs,
        http: defaults.http,
        extraction: defaults.extraction,
      },
    })
    expect((await visitor(apiPaths.versionRows(documentId, versionId))).statusCode).toBe(404)
    expect(
      await ctx.db.query(
        `select 1 from information_schema.tables where table_schema = 'tables' and table_name = $1`,
        [before!.physical_table],
      ),
    ).toEqual([])
    // The current file's table stays.
    const detail = await visitor(apiPaths.document(documentId))
    const current = detail.json<DocumentDetail>().files[0]!
    expect((await visitor(apiPaths.fileRows(documentId, current.id))).statusCode).toBe(200)
  })
})

import {
  API_PREFIX,
  apiPaths,
  type DocumentDetail,
  type DocumentHistory,
  type Problem,
  type TableInfo,
} from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN,
  useTestContext,
  EMPLOYEE,
  OTHER_EMPLOYEE,
  type TestIdentity,
} from '../../../test/app.ts'
import { purgeDeletedDocuments } from '../deletion/purge.ts'
import { ensureNamed } from '../vocabulary/service.ts'
import { postUpload } from '../uploads/testing.ts'
import { fileOf, uploadForm, VALID_FIELDS } from '../uploads/testing-files.ts'
import { jobHandlers } from '../../job-handlers.ts'
import { runPendingJobs } from '../../jobs/worker.ts'
import { LOAD_INTERRUPTED, LOAD_TABLES_JOB } from './load-job.ts'
import { fakeLoader, runWithLoader } from './testing.ts'

/**
 * A table's life: loaded with its document, seen as the document is, described by its owner,
 * loaded again with a corrected type, gone with its file or its document.
 */

const loader = fakeLoader()

const ctx = useTestContext()

beforeAll(async () => {
  await ensureNamed(ctx.db, 'themes', 'Afval')
})

const CSV = 'Wijk:string;Aantal:integer;Code:string\nCentrum;12;0101\nOost;7;0102\nWest;;0103\n'

async function upload(files: File[], fields = VALID_FIELDS) {
  const response = await postUpload(ctx, EMPLOYEE, uploadForm(fields, files))
  expect(response.statusCode, response.body).toBeLessThan(300)
  const id = response.json<{ contentUID: string }>().contentUID
  const detail = await ctx.call<DocumentDetail>('GET', apiPaths.document(id), EMPLOYEE)
  return { id, fileIds: detail.body.files.map((file) => file.id) }
}

const publish = (id: string) =>
  ctx.db.query(`update documents set status = 'goedgekeurd', published_at = now() where id = $1`, [
    id,
  ])

const tableOf = (who: TestIdentity | null, id: string, fileId: string, query = '') =>
  ctx.call<TableInfo & Problem>('GET', `/documents/${id}/files/${fileId}/table${query}`, who, {
    prefix: who ? '/api' : '/pubapi',
  })

const physicalTables = async (fileId: string) =>
  (
    await ctx.db.query<{ physical_table: string | null }>(
      'select physical_table from data_tables where file_id = $1',
      [fileId],
    )
  ).flatMap((row) => (row.physical_table ? [row.physical_table] : []))

const exists = async (physical: string) => {
  const [row] = await ctx.db.query<{ present: boolean }>(
    `select to_regclass($1) is not null as present`,
    [`tables.${physical}`],
  )
  return row?.present ?? false
}

describe('loading', () => {
  it('waits before the job ran, is loaded after it, and only tabular files get a table', async () => {
    const { id, fileIds } = await upload([
      fileOf(CSV, 'wijken.csv'),
      fileOf('%PDF-1.4\n%%EOF\n', 'rapport.pdf'),
    ])
    const [csvId = '', pdfId = ''] = fileIds
    expect((await tableOf(EMPLOYEE, id, csvId)).body).toMatchObject({
      loadStatus: 'wachtend',
      rowCount: 0,
      schema: null,
    })
    await runWithLoader(ctx, loader)
    const loaded = await tableOf(EMPLOYEE, id, csvId)
    expect(loaded.body).toMatchObject({ loadStatus: 'geladen', rowCount: 3 })
    const pdf = await tableOf(EMPLOYEE, id, pdfId)
    expect(pdf.status).toBe(404)
    expect(pdf.body.detail).toBe('Dit bestand bevat geen tabel.')
    // The loader's temporary directory is gone.
    expect(loader.requests.at(-1)?.outDir).toBeDefined()
    await expect(
      import('node:fs/promises').then((fs) => fs.stat(loader.requests.at(-1)?.outDir ?? '')),
    ).rejects.toThrow()
  })

  it('a table that cannot be loaded says why, and its rows answer 409', async () => {
    const { id, fileIds } = await upload([fileOf('# fail Te veel kolommen.\n', 'breed.csv')])
    await runWithLoader(ctx, loader)
    const fileId = fileIds[0] ?? ''
    expect((await tableOf(EMPLOYEE, id, fileId)).body).toMatchObject({
      loadStatus: 'mislukt',
      reason: 'Te veel kolommen.',
      rowCount: 0,
    })
    const rows = await ctx.call<Problem>('GET', `/documents/${id}/files/${fileId}/rows`, EMPLOYEE)
    expect(rows.status).toBe(409)
    expect(rows.body.detail).toBe('Te veel kolommen.')
  })

  it('a file another node is loading is not loaded twice at once; it is once that lease ends', async () => {
    const { id, fileIds } = await upload([fileOf(CSV, 'bezet.csv')])
    const fileId = fileIds[0] ?? ''
    await ctx.db.query(
      `update data_tables set lease_by = 'een-andere-node', lease_until = now() + interval '1 hour'
        where file_id = $1`,
      [fileId],
    )
    const before = loader.requests.length
    await runWithLoader(ctx, loader)
    expect(loader.requests.length).toBe(before)
    const [job] = await ctx.db.query<{ status: string; last_error: string; attempts: number }>(
      `select status, last_error, attempts from jobs
        where kind = 'load-tables' and payload->>'fileId' = $1`,
      [fileId],
    )
    // Waiting for the other load uses up no attempt.
    expect(job).toMatchObject({
      status: 'pending',
      attempts: 0,
      last_error: expect.stringContaining('another load'),
    })
    // The other node died: its lease runs out, and the retry loads the file.
    await ctx.db.query(
      `update data_tables set lease_until = now() - interval '1 second' where file_id = $1`,
      [fileId],
    )
    await ctx.db.query(`update jobs set run_at = now() where kind = 'load-tables'`)
    await runWithLoader(ctx, loader)
    expect((await tableOf(EMPLOYEE, id, fileId)).body).toMatchObject({ loadStatus: 'geladen' })
  })

  it('an outage does not use up an attempt: the file waits, and loads when it passes', async () => {
    const { id, fileIds } = await upload([fileOf(CSV, 'storing.csv')])
    const fileId = fileIds[0] ?? ''
    const storeDown = {
      ...ctx.store,
      withLocalCopy: () => Promise.reject(Object.assign(new Error('schijf weg'), { code: 'EIO' })),
    }
    const down = jobHandlers({ db: ctx.db, store: storeDown, loadTables: loader })
    for (let round = 0; round < 4; round++) {
      expect(await runPendingJobs(ctx.db, { [LOAD_TABLES_JOB]: down[LOAD_TABLES_JOB]! })).toBe(1)
      await ctx.db.query(`update jobs set run_at = now() where kind = 'load-tables'`)
    }
    const [job] = await ctx.db.query<{ status: string; attempts: number }>(
      `select status, attempts from jobs where kind = 'load-tables' and payload->>'fileId' = $1`,
      [fileId],
    )
    expect(job).toEqual({ status: 'pending', attempts: 0 })
    expect((await tableOf(EMPLOYEE, id, fileId)).body.loadStatus).toBe('wachtend')
    await runWithLoader(ctx, loader)
    expect((await tableOf(EMPLOYEE, id, fileId)).body.loadStatus).toBe('geladen')
  })

  it("an admin's reread loads again a table the portal cut short, not one that failed for its own sake", async () => {
    const { id, fileIds } = await upload([fileOf(CSV, 'afgebroken.csv'), fileOf(CSV, 'breed.csv')])
    const [cut = '', own = ''] = fileIds
    await ctx.db.query(`delete from jobs where kind = 'load-tables'`)
    await ctx.db.query(
      `update data_tables set load_status = 'mislukt',
              reason = case when file_id = $1 then $3 else 'Te veel kolommen.' end
        where file_id in ($1, $2)`,
      [cut, own, LOAD_INTERRUPTED],
    )
    await ctx.db.query(
      `update document_files set extraction_status = 'failed' where document_id = $1`,
      [id],
    )
    for (const fileId of [cut, own]) {
      const reread = await ctx.call('POST', apiPaths.rereadFile(id, fileId), ADMIN)
      expect(reread.status).toBe(200)
    }
    expect((await tableOf(ADMIN, id, cut)).body.loadStatus).toBe('wachtend')
    await runWithLoader(ctx, loader)
    expect((await tableOf(ADMIN, id, cut)).body).toMatchObject({
      loadStatus: 'geladen',
      rowCount: 3,
    })
    expect((await tableOf(ADMIN, id, own)).body).toMatchObject({
      loadStatus: 'mislukt',
      reason: 'Te veel kolommen.',
    })
  })

  it('each sheet of a workbook is a table of its own, named by sheet=', async () => {
    const book = '# sheet 2024\nA:integer\n1\n2\n# sheet 2025\nA:integer;B:string\n3;x\n'
    const { id, fileIds } = await upload([fileOf(book, 'jaren.csv')])
    await runWithLoader(ctx, loader)
    const fileId = fileIds[0] ?? ''
    expect((await tableOf(EMPLOYEE, id, fileId)).body).toMatchObject({
      sheet: '2024',
      sheets: ['2024', '2025'],
      rowCount: 2,
    })
    expect((await tableOf(EMPLOYEE, id, fileId, '?sheet=2025')).body).toMatchObject({
      sheet: '2025',
      rowCount: 1,
    })
    expect((await tableOf(EMPLOYEE, id, fileId, '?sheet=2026')).status).toBe(404)
    const rows = await ctx.call<{ rows: unknown[] }>(
      'GET',
      `/documents/${id}/files/${fileId}/rows`,
      EMPLOYEE,
      { query: { sheet: '2025' } },
    )
    expect(rows.body.rows).toEqual([{ A: 3, B: 'x' }])
    expect(await physicalTables(fileId)).toHaveLength(2)
  })
})

describe('hostile column names', () => {
  it('are data: filtered, sorted and returned by name, never SQL or object keys of Object', async () => {
    const header = [
      '__proto__:integer',
      'constructor:string',
      '-min:integer',
      "x') or 1=1 drop table data_tables --:string",
      'filter[a]:string',
    ].join(';')
    const { id, fileIds } = await upload([
      fileOf(`${header}\n1;a;5;p;q\n2;b;-5;r;s\n`, 'vijandig.csv'),
    ])
    const fileId = fileIds[0] ?? ''
    await runWithLoader(ctx, loader)
    const query = new URLSearchParams([
      ['filter[__proto__]', 'gte:2'],
      ["filter[x') or 1=1 drop table data_tables --]", 'eq:r'],
      ['filter[filter[a]]', 'contains:S'],
      ['sort', '-min,constructor'],
      ['fields', '__proto__,constructor,-min'],
    ])
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/documents/${id}/files/${fileId}/rows?${query.toString()}`,
      headers: { authorization: `Bearer ${await ctx.tokenFor(EMPLOYEE)}` },
    })
    expect(response.statusCode, response.body).toBe(200)
    const page = JSON.parse(response.body) as {
      rows: Array<Record<string, unknown>>
      total: number
    }
    expect(page.total).toBe(1)
    const [row = {}] = page.rows
    expect(Object.keys(row)).toEqual(['__proto__', 'constructor', '-min'])
    expect([row['__proto__'], row['constructor'], row['-min']]).toEqual([2, 'b', -5])
    // Sorting by a column whose name starts with '-' (descending by 'min' does not exist).
    const sorted = await ctx.call<{ rows: Array<Record<string, unknown>> }>(
      'GET',
      `/documents/${id}/files/${fileId}/rows`,
      EMPLOYEE,
      { query: { sort: '-min', fields: '-min' } },
    )
    expect(sorted.body.rows.map((r) => r['-min'])).toEqual([-5, 5])
    expect(await ctx.db.query('select count(*) from data_tables')).toHaveLength(1)
  })
})

describe('visibility, as the document', () => {
  let id = ''
  let fileId = ''
  beforeAll(async () => {
    ;({
      id,
      fileIds: [fileId = ''],
    } = await upload([fileOf(CSV, 'wijken.csv')]))
    await runWithLoader(ctx, loader)
  })

  it('an unpublished document: the owner and admins see its table, others do not', async () => {
    expect((await tableOf(EMPLOYEE, id, fileId)).status).toBe(200)
    expect((await tableOf(ADMIN, id, fileId)).status).toBe(200)
    expect((await tableOf(OTHER_EMPLOYEE, id, fileId)).status).toBe(404)
    expect((await tableOf(null, id, fileId)).status).toBe(404)
    const rows = await ctx.app.inject({
      method: 'GET',
      url: `/pubapi/documents/${id}/files/${fileId}/rows?format=csv`,
    })
    expect(rows.statusCode).toBe(404)
  })

  it('published: visitors see it on /pubapi, schema and rows too', async () => {
    await publish(id)
    expect((await tableOf(null, id, fileId)).status).toBe(200)
    const schema = await ctx.call<{ fields: Array<{ name: string }> }>(
      'GET',
      `/documents/${id}/files/${fileId}/table/schema`,
      null,
      { prefix: '/pubapi' },
    )
    expect(schema.body.fields.map((f) => f.name)).toEqual(['Wijk', 'Aantal', 'Code'])
    const rows = await ctx.call<{ rows: unknown[] }>(
      'GET',
      `/documents/${id}/files/${fileId}/rows`,
      null,
      { prefix: '/pubapi', query: { 'filter[Code]': 'eq:0102' } },
    )
    expect(rows.body.rows).toEqual([{ Wijk: 'Oost', Aantal: 7, Code: '0102' }])
  })

  it('the wrong document id for the file is 404', async () => {
    expect((await tableOf(ADMIN, crypto.randomUUID(), fileId)).status).toBe(404)
  })
})

describe('the data dictionary', () => {
  let id = ''
  let fileId = ''
  beforeAll(async () => {
    ;({
      id,
      fileIds: [fileId = ''],
    } = await upload([fileOf(CSV, 'wijken.csv')]))
    await runWithLoader(ctx, loader)
    await publish(id)
  })

  const edit = (who: TestIdentity, body: unknown) =>
    ctx.call<TableInfo & Problem>('PUT', `/documents/${id}/files/${fileId}/table/dictionary`, who, {
      body,
    })

  it('another employee may not write it; a visitor cannot reach it', async () => {
    const refused = await edit(OTHER_EMPLOYEE, { fields: [{ name: 'Wijk', title: 'x' }] })
    expect(refused.status).toBe(403)
    const visitor = await ctx.app.inject({
      method: 'PUT',
      url: `/pubapi/documents/${id}/files/${fileId}/table/dictionary`,
      payload: { fields: [] },
    })
    expect(visitor.statusCode).toBe(404)
    const info = await tableOf(null, id, fileId)
    expect(info.body.schema?.fields[0]?.title).toBeUndefined()
  })

  it('the owner documents a column; the document waits for validation again; the visitor reads it after approval', async () => {
    const saved = await edit(EMPLOYEE, {
      fields: [
        {
          name: 'Aantal',
          title: 'Aantal woningen',
          description: 'Per 1 januari',
          unit: 'woningen',
        },
      ],
    })
    expect(saved.status).toBe(200)
    expect(saved.body.schema?.fields[1]).toMatchObject({
      name: 'Aantal',
      type: 'integer',
      title: 'Aantal woningen',
      description: 'Per 1 januari',
      unit: 'woningen',
    })
    const detail = await ctx.call<DocumentDetail>('GET', apiPaths.document(id), EMPLOYEE)
    expect(detail.body.status).toBe('openstaand')
    expect((await tableOf(null, id, fileId)).status).toBe(404)
    await publish(id)
    const seen = await tableOf(null, id, fileId)
    expect(seen.body.schema?.fields[1]?.title).toBe('Aantal woningen')
    // The document's public history names the edit once it is approved.
    const history = await ctx.call<DocumentHistory>('GET', apiPaths.documentHistory(id), null, {
      prefix: API_PREFIX.public,
    })
    expect(history.body.changes[0]?.fields).toEqual([
      { field: 'dataDictionary', label: 'Beschrijving van de kolommen' },
    ])
    const [audit] = await ctx.db.query<{ action: string }>(
      `select action from audit_log where document_id = $1 order by id desc limit 1`,
      [id],
    )
    expect(audit?.action).toBe('document_edited')
  })

  it('an unknown column is 422 naming it', async () => {
    const bad = await edit(EMPLOYEE, { fields: [{ name: 'Niets', title: 'x' }] })
    expect(bad.status).toBe(422)
    expect(bad.body.errors?.[0]?.path).toBe('body.fields.0.name')
  })

  it('a corrected type loads the table again with it; the dictionary stays', async () => {
    const before = await physicalTables(fileId)
    const saved = await edit(ADMIN, {
      fields: [
        { name: 'Aantal', title: 'Aantal woningen' },
        { name: 'Code', type: 'integer' },
      ],
    })
    expect(saved.status).toBe(200)
    await runWithLoader(ctx, loader)
    expect(loader.requests.at(-1)?.typeOverrides).toEqual({ '': { Code: 'integer' } })
    const after = await tableOf(ADMIN, id, fileId)
    expect(after.body.schema?.fields.map((f) => [f.name, f.type, f.title])).toEqual([
      ['Wijk', 'string', undefined],
      ['Aantal', 'integer', 'Aantal woningen'],
      ['Code', 'integer', undefined],
    ])
    const rows = await ctx.call<{ rows: unknown[] }>(
      'GET',
      `/documents/${id}/files/${fileId}/rows`,
      ADMIN,
      { query: { 'filter[Code]': 'gte:102' } },
    )
    expect(rows.body.rows).toEqual([
      { Wijk: 'Oost', Aantal: 7, Code: 102 },
      { Wijk: 'West', Aantal: null, Code: 103 },
    ])
    // The old table went in the swap.
    expect(await physicalTables(fileId)).not.toEqual(before)
    for (const physical of before) expect(await exists(physical)).toBe(false)
  })
})

describe('nothing is left behind', () => {
  it("a removed file's table stays with its version; deleting and purging the document drops them all", async () => {
    const { id, fileIds } = await upload([
      fileOf(CSV, 'a.csv'),
      fileOf(CSV + 'Zuid;1;0104\n', 'b.csv'),
    ])
    await runWithLoader(ctx, loader)
    const [first = '', second = ''] = fileIds
    const [firstTable = ''] = await physicalTables(first)
    const [secondTable = ''] = await physicalTables(second)
    expect(await exists(firstTable)).toBe(true)
    // An edit that keeps only the second file.
    const edited = await postUpload(
      ctx,
      EMPLOYEE,
      uploadForm({ ...VALID_FIELDS, contentUID: id, keepFileIds: [second] }, []),
    )
    expect(edited.statusCode).toBeLessThan(300)
    // Issue 34: the earlier version keeps its (read-only) Data API.
    const kept = await ctx.db.query<{ physical_table: string }>(
      `select t.physical_table from data_tables t join document_versions v on v.id = t.version_id
        where v.document_id = $1`,
      [id],
    )
    expect(kept.map((row) => row.physical_table)).toEqual([firstTable])
    expect(await exists(firstTable)).toBe(true)
    expect(await exists(secondTable)).toBe(true)
    expect((await ctx.call('DELETE', apiPaths.deleteUpload(id), EMPLOYEE)).status).toBe(204)
    expect((await tableOf(EMPLOYEE, id, second)).status).toBe(404)
    await ctx.db.query(
      `update documents set deleted_at = now() - interval '400 days' where id = $1`,
      [id],
    )
    await purgeDeletedDocuments(ctx.db, ctx.store, { deletedRetentionDays: 30 })
    expect(await exists(firstTable)).toBe(false)
    expect(await exists(secondTable)).toBe(false)
  })

  it('a file deleted while it loads leaves no table', async () => {
    const { id, fileIds } = await upload([fileOf(CSV, 'weg.csv')])
    const fileId = fileIds[0] ?? ''
    const built: string[] = []
    const racing = async (request: Parameters<typeof loader>[0]) => {
      const outcomes = await loader(request)
      // The document's file goes while the loader works.
      await ctx.db.query('delete from document_files where id = $1', [fileId])
      return outcomes
    }
    await runWithLoader(ctx, racing)
    built.push(...(await physicalTables(fileId)))
    expect(built).toEqual([])
    const [left] = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname = 'tables'
          and tablename not in (select physical_table from data_tables where physical_table is not null)`,
    )
    expect(left?.n).toBe(0)
    expect(id).toBeTruthy()
  })

  it.runIf(process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === '')(
    'on PGlite, a table a dying process left half-built is dropped before the next build',
    async () => {
      // What a build cut short by the process's end leaves: a table no row refers to.
      const orphan = 't_' + 'ab'.repeat(16)
      await ctx.db.exec(`create table tables.${orphan} (_row bigint)`)
      expect(await exists(orphan)).toBe(true)
      const { fileIds } = await upload([fileOf(CSV, 'na-de-crash.csv')])
      await runWithLoader(ctx, loader)
      expect(await exists(orphan)).toBe(false)
      expect(await physicalTables(fileIds[0] ?? '')).toHaveLength(1)
    },
  )
})

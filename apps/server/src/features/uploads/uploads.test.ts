import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import {
  apiPaths,
  EU_LICENCE_LIST,
  type DocumentDetail,
  type DocumentList,
  type Problem,
  type SearchResponse,
  type UploadOptions,
} from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN,
  useTestContext,
  EMPLOYEE,
  OTHER_EMPLOYEE,
  type TestIdentity,
} from '../../../test/app.ts'
import { ensureNamed } from '../vocabulary/service.ts'
import { apiAs, count, filesInStore, postUpload, runJobs } from './testing.ts'
import { DEMO_DOCUMENTS, demoFile, fileOf, uploadForm, VALID_FIELDS } from './testing-files.ts'

const ctx = useTestContext({ env: { MAX_UPLOAD_MB: '1' } })

beforeAll(async () => {
  for (const theme of ['Afval', 'Veiligheid', 'Klimaat']) await ensureNamed(ctx.db, 'themes', theme)
})

const detail = async (who: TestIdentity | null, id: string) =>
  apiAs(ctx, who, 'GET', apiPaths.document(id))

const search = async (who: TestIdentity, query: string) => {
  const response = await apiAs(ctx, who, 'GET', `${apiPaths.search}?query=${query}`)
  expect(response.statusCode).toBe(200)
  return response.json<SearchResponse>().Results.map((result) => result.contentUID)
}

const ownDocuments = async (who: TestIdentity) =>
  (await apiAs(ctx, who, 'GET', apiPaths.userDocuments))
    .json<DocumentList>()
    .Results.map((d) => d.contentUID)

const sha256Of = async (name: string) =>
  createHash('sha256')
    .update(await fs.readFile(path.join(DEMO_DOCUMENTS, name)))
    .digest('hex')

/** A new document of EMPLOYEE with the demo CSV and PDF. */
async function uploadCsvAndPdf(who: TestIdentity = EMPLOYEE): Promise<string> {
  const response = await postUpload(
    ctx,
    who,
    uploadForm(VALID_FIELDS, [
      await demoFile('afvalinzameling-2024.csv'),
      await demoFile('uitvoeringsprogramma-klimaatadaptatie.pdf'),
    ]),
  )
  expect(response.statusCode, response.body).toBe(201)
  return response.json<{ contentUID: string }>().contentUID
}

describe('uploading a document', () => {
  it('stores a CSV and a PDF as a document awaiting validation, seen by its owner only', async () => {
    const id = await uploadCsvAndPdf()

    const own = await detail(EMPLOYEE, id)
    expect(own.statusCode).toBe(200)
    const document = own.json<DocumentDetail>()
    expect(document).toMatchObject({
      contentUID: id,
      title: VALID_FIELDS.title,
      description: VALID_FIELDS.description,
      contentTypeName: 'Dataset',
      sourceFriendlyName: 'Stadsbeheer',
      themes: ['Afval'],
      status: 'openstaand',
      license: `${EU_LICENCE_LIST}CC0`,
      wooCategory: null,
      owner: { id: EMPLOYEE.oid, name: EMPLOYEE.name },
      published: null,
    })
    expect(document.files.map((f) => [f.fileName, f.mediaType])).toEqual([
      ['afvalinzameling-2024.csv', 'text/csv'],
      ['uitvoeringsprogramma-klimaatadaptatie.pdf', 'application/pdf'],
    ])
    const csvSha = await sha256Of('afvalinzameling-2024.csv')
    expect(document.files[0]).toMatchObject({ sha256: csvSha, size: 5950 })
    expect(await ctx.store.exists(csvSha)).toBe(true)

    expect(await ownDocuments(EMPLOYEE)).toContain(id)
    expect((await detail(OTHER_EMPLOYEE, id)).statusCode).toBe(404)
    expect((await detail(null, id)).statusCode).toBe(404)
    expect((await detail(ADMIN, id)).statusCode).toBe(200)

    const [audit] = await ctx.db.query<{ actor_id: string; details: { addedFiles: unknown[] } }>(
      `select actor_id, details from audit_log where document_id = $1 and action = 'document_uploaded'`,
      [id],
    )
    expect(audit?.actor_id).toBe(EMPLOYEE.oid)
    expect(audit?.details.addedFiles).toHaveLength(2)
  })

  it('makes the text of the files searchable once the background job has run', async () => {
    const id = await uploadCsvAndPdf()
    // The request only queued the work; the words of the files are not found yet.
    expect(await search(EMPLOYEE, 'bladkorven')).not.toContain(id)
    const [queued] = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from jobs j join document_files f on f.id = (j.payload->>'fileId')::uuid
        where f.document_id = $1 and j.status = 'pending' and j.kind = 'extract-text'`,
      [id],
    )
    expect(queued?.n).toBe(2)

    expect(await runJobs(ctx)).toBeGreaterThanOrEqual(2)
    expect(await search(EMPLOYEE, 'bladkorven')).toContain(id) // only in the CSV
    expect(await search(EMPLOYEE, 'waterberging')).toContain(id) // only in the PDF
    expect(await search(OTHER_EMPLOYEE, 'bladkorven')).not.toContain(id)
    const statuses = await ctx.db.query<{ extraction_status: string }>(
      'select extraction_status from document_files where document_id = $1',
      [id],
    )
    expect(statuses.map((s) => s.extraction_status)).toEqual(['done', 'done'])
  })

  it('accepts a Windows-1252 CSV saved by Dutch Excel and a TSV, and makes their words searchable', async () => {
    // `€` is 0x80 and `ë` 0xEB in Windows-1252, which is not UTF-8: this was refused with 415.
    const csv = Buffer.from('Gemeente;Bedrag \x80\r\nPo\xebziefestival;1.234,5\r\n', 'latin1')
    const tsv = 'wijk\taantal\nKadewijk\t12\n'
    const response = await postUpload(
      ctx,
      EMPLOYEE,
      uploadForm(VALID_FIELDS, [fileOf(csv, 'bedragen.csv'), fileOf(tsv, 'wijken.tsv')]),
    )
    expect(response.statusCode, response.body).toBe(201)
    const id = response.json<{ contentUID: string }>().contentUID
    const document = (await detail(EMPLOYEE, id)).json<DocumentDetail>()
    expect(document.files.map((f) => [f.fileName, f.mediaType])).toEqual([
      ['bedragen.csv', 'text/csv'],
      ['wijken.tsv', 'text/tab-separated-values'],
    ])
    await runJobs(ctx)
    expect(await search(EMPLOYEE, encodeURIComponent('Poëziefestival'))).toContain(id)
    expect(await search(EMPLOYEE, 'Kadewijk')).toContain(id)
  })

  it('marks a file whose text cannot be read as failed, without retrying, and keeps it', async () => {
    const pdf = await fs.readFile(path.join(DEMO_DOCUMENTS, 'jaarverslag-2024.pdf'))
    const response = await postUpload(
      ctx,
      EMPLOYEE,
      uploadForm(VALID_FIELDS, [fileOf(pdf.subarray(0, pdf.length / 2), 'afgebroken.pdf')]),
    )
    expect(response.statusCode).toBe(201)
    await runJobs(ctx)
    const [file] = await ctx.db.query<{ extraction_status: string; status: string }>(
      `select f.extraction_status, j.status from document_files f
         join jobs j on (j.payload->>'fileId')::uuid = f.id
        where f.document_id = $1`,
      [response.json<{ contentUID: string }>().contentUID],
    )
    expect(file).toEqual({ extraction_status: 'failed', status: 'done' })
  })

  it('keeps the original name for display, without path parts or control characters', async () => {
    const name = '..\\..\\ev\u0007il\u202e\trapport;%0A.csv'
    const response = await postUpload(
      ctx,
      EMPLOYEE,
      uploadForm(VALID_FIELDS, [fileOf('straat;aantal\nMarktstraat;12\n', name)]),
    )
    expect(response.statusCode, response.body).toBe(201)
    const document = (
      await detail(EMPLOYEE, response.json<{ contentUID: string }>().contentUID)
    ).json<DocumentDetail>()
    const file = document.files[0]!
    expect(file.fileName).toBe('evil rapport;%0A.csv')

    const download = await apiAs(ctx, EMPLOYEE, 'GET', file.url)
    expect(download.statusCode).toBe(200)
    expect(download.body).toContain('Marktstraat')
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="evil rapport__0A.csv"; filename*=UTF-8''evil%20rapport%3B%250A.csv`,
    )
    // Stored by content only: no name anyone chose is on disk.
    expect(await filesInStore(ctx)).not.toContainEqual(expect.stringMatching(/rapport|evil|\.csv/))
  })

  it('accepts a name without extension, naming it after its content, and a long name shortened', async () => {
    const long = `${'Verslag '.repeat(40)}.docx`
    const response = await postUpload(
      ctx,
      EMPLOYEE,
      uploadForm(VALID_FIELDS, [
        await demoFile('jaarverslag-2024.pdf', 'jaarverslag'),
        await demoFile('verslag-bewonersavond-noord.docx', long),
      ]),
    )
    expect(response.statusCode, response.body).toBe(201)
    const { files } = (
      await detail(EMPLOYEE, response.json<{ contentUID: string }>().contentUID)
    ).json<DocumentDetail>()
    expect(files[0]?.fileName).toBe('jaarverslag.pdf')
    expect(files[1]?.fileName.length).toBeLessThanOrEqual(200)
    expect(files[1]?.fileName).toMatch(/^Verslag Verslag .*\S\.docx$/)
  })

  it('offers the managed lists, file types and limits to the form', async () => {
    const response = await apiAs(ctx, EMPLOYEE, 'GET', apiPaths.uploadOptions)
    expect(response.statusCode).toBe(200)
    const options = response.json<UploadOptions>()
    expect(options.contentTypes).toEqual([
      'Dataset',
      'Rapport',
      'Kaart',
      'Beleidsdocument',
      'Raadsinformatie',
      'Dashboard',
      'Overig',
    ])
    expect(options.sources).toContain('Stadsbeheer')
    expect(options.maxUploadMb).toBe(1)
    expect(options.fileTypes.map((t) => t.label)).toContain('GeoJSON')
    expect(options.defaultLicense).toBe(`${EU_LICENCE_LIST}CC0`)
  })
})

describe('the Woo information category and the licence of an upload', () => {
  const upload = async (fields: Record<string, string>) => {
    const response = await postUpload(
      ctx,
      EMPLOYEE,
      // A file of its own: these documents stay out of the searches of the other tests.
      uploadForm({ ...VALID_FIELDS, ...fields }, [fileOf('wijk;aantal\nNoord;1\n', 'wijken.csv')]),
    )
    expect(response.statusCode, response.body).toBe(201)
    return (
      await detail(EMPLOYEE, response.json<{ contentUID: string }>().contentUID)
    ).json<DocumentDetail>()
  }

  it('stores the category, for everyone who may read the document', async () => {
    const document = await upload({ wooCategory: '015' })
    expect(document.wooCategory).toBe('015')
    await ctx.db.query(
      `update documents set status = 'goedgekeurd', published_at = now() where id = $1`,
      [document.contentUID],
    )
    expect((await detail(null, document.contentUID)).json<DocumentDetail>().wooCategory).toBe('015')
    expect((await upload({ wooCategory: '' })).wooCategory).toBeNull()
  })

  it('stores a licence of the EU list as its URI, however it is named, and other text as it is', async () => {
    expect((await upload({ license: 'CC-BY-4.0' })).license).toBe(`${EU_LICENCE_LIST}CC_BY_4_0`)
    expect((await upload({ license: 'cc-by-sa-4.0' })).license).toBe(
      `${EU_LICENCE_LIST}CC_BYSA_4_0`,
    )
    expect((await upload({ license: `${EU_LICENCE_LIST}CC0` })).license).toBe(
      `${EU_LICENCE_LIST}CC0`,
    )
    expect((await upload({ license: '  Eigen voorwaarden van de bron ' })).license).toBe(
      'Eigen voorwaarden van de bron',
    )
    expect((await upload({ license: 'https://example.org/licentie' })).license).toBe(
      'https://example.org/licentie',
    )
  })
})

describe('refused uploads leave nothing behind', () => {
  const expectNothingNew = async (before: { files: string[]; documents: number; jobs: number }) => {
    // A temporary file may still be on its way out when the answer comes (a part the client
    // sent after the refusal); left for good, it fails here after a few seconds.
    await expect.poll(() => filesInStore(ctx), { timeout: 3_000 }).toEqual(before.files)
    expect(await count(ctx, 'documents')).toBe(before.documents)
    expect(await count(ctx, 'jobs')).toBe(before.jobs)
  }
  const snapshot = async () => ({
    files: await filesInStore(ctx),
    documents: await count(ctx, 'documents'),
    jobs: await count(ctx, 'jobs'),
  })

  it('refuses a file over MAX_UPLOAD_MB with 413', async () => {
    const before = await snapshot()
    const big = fileOf(`wijk;aantal\n${'Centrum;1\n'.repeat(110_000)}`, 'groot.csv')
    expect(big.size).toBeGreaterThan(1024 * 1024)
    const response = await postUpload(
      ctx,
      EMPLOYEE,
      uploadForm(VALID_FIELDS, [await demoFile('afvalinzameling-2024.csv'), big]),
    )
    expect(response.statusCode).toBe(413)
    expect(response.headers['content-type']).toContain('application/problem+json')
    expect(response.json<Problem>()).toMatchObject({ title: 'Bestand te groot', status: 413 })
    expect(response.json<Problem>().detail).toBe(
      'Het bestand "groot.csv" is groter dan 1 MB. Upload minder of kleinere bestanden, of vraag de beheerder om de grens te verhogen.',
    )
    await expectNothingNew(before)
  })

  it('refuses a request whose declared length is over the limit before reading it', async () => {
    const before = await snapshot()
    const boundary = 'grens'
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="groot.csv"\r\n\r\n`,
      ),
      Buffer.alloc(3 * 1024 * 1024, 'a'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api${apiPaths.upload}`,
      headers: {
        authorization: `Bearer ${await ctx.tokenFor(EMPLOYEE)}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(body.length),
      },
      payload: body,
    })
    expect(response.statusCode).toBe(413)
    expect(response.json<Problem>().detail).toMatch(/^Het formulier is groter dan 1 MB/)
    await expectNothingNew(before)
  })

  it('refuses files that together exceed MAX_UPLOAD_MB with 413', async () => {
    const before = await snapshot()
    const part = (n: number) =>
      fileOf(`wijk;aantal\n${'Noord;2\n'.repeat(80_000)}`, `deel-${n}.csv`)
    const response = await postUpload(ctx, EMPLOYEE, uploadForm(VALID_FIELDS, [part(1), part(2)]))
    expect(response.statusCode).toBe(413)
    expect(response.json<Problem>().detail).toContain('Alle bestanden samen')
    await expectNothingNew(before)
  })

  it('refuses a .pdf that is an HTML page, and a PNG called .xlsx, with 415', async () => {
    const before = await snapshot()
    const html = fileOf('<!doctype html><html><body><h1>Rapport</h1></body></html>', 'rapport.pdf')
    const first = await postUpload(
      ctx,
      EMPLOYEE,
      uploadForm(VALID_FIELDS, [await demoFile('afvalinzameling-2024.csv'), html]),
    )
    expect(first.statusCode).toBe(415)
    expect(first.json<Problem>()).toMatchObject({ title: 'Bestandstype niet toegestaan' })
    expect(first.json<Problem>().detail).toBe(
      'De inhoud van "rapport.pdf" is geen geldig PDF-bestand.',
    )

    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108000000003a7e9b55',
      'hex',
    )
    const second = await postUpload(
      ctx,
      EMPLOYEE,
      uploadForm(VALID_FIELDS, [fileOf(png, 'cijfers.xlsx')]),
    )
    expect(second.statusCode).toBe(415)
    expect(second.json<Problem>().detail).toContain('de inhoud is PNG')

    const third = await postUpload(
      ctx,
      EMPLOYEE,
      uploadForm(VALID_FIELDS, [fileOf('MZ', 'setup.exe')]),
    )
    expect(third.statusCode).toBe(415)
    expect(third.json<Problem>().detail).toContain('niet toegestaan')
    await expectNothingNew(before)
  })

  it('refuses a form that is not multipart with 415', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api${apiPaths.upload}`,
      headers: { authorization: `Bearer ${await ctx.tokenFor(EMPLOYEE)}` },
      payload: { title: 'Als JSON' },
    })
    expect(response.statusCode).toBe(415)
  })

  it('answers invalid fields with 422 and a Dutch message per field', async () => {
    const before = await snapshot()
    const csv = await demoFile('afvalinzameling-2024.csv')
    const cases: Array<[Record<string, string | string[] | undefined>, File[], string, RegExp]> = [
      [{ ...VALID_FIELDS, title: undefined }, [csv], 'body.title', /Vul een titel in/],
      [{ ...VALID_FIELDS, title: 'ab' }, [csv], 'body.title', /minstens 3 tekens/],
      [
        { ...VALID_FIELDS, themes: ['Afval', 'Ruimtevaart'] },
        [csv],
        'body.themes',
        /"Ruimtevaart" bestaat niet/,
      ],
      [
        { ...VALID_FIELDS, contentTypeName: 'Gedicht' },
        [csv],
        'body.contentTypeName',
        /Dataset, Rapport/,
      ],
      [
        { ...VALID_FIELDS, description: 'x'.repeat(10_001) },
        [csv],
        'body.description',
        /hoogstens 10.000/,
      ],
      [VALID_FIELDS, [], 'body.files', /minstens één bestand/],
      [
        { ...VALID_FIELDS, keepFileIds: crypto.randomUUID() },
        [csv],
        'body.keepFileIds',
        /wijzigen/,
      ],
      [{ ...VALID_FIELDS, kleur: 'rood' }, [csv], 'body.kleur', /Onbekend veld/],
      [
        { ...VALID_FIELDS, wooCategory: '018' },
        [csv],
        'body.wooCategory',
        /Woo-informatiecategorie/,
      ],
      [
        { ...VALID_FIELDS, wooCategory: 'abc' },
        [csv],
        'body.wooCategory',
        /Woo-informatiecategorie/,
      ],
      [
        { ...VALID_FIELDS, wooCategory: '15' },
        [csv],
        'body.wooCategory',
        /Woo-informatiecategorie/,
      ],
      [{ ...VALID_FIELDS, title: ['Een', 'Twee'] }, [csv], 'body.title', /maar één keer/],
    ]
    for (const [fields, files, field, message] of cases) {
      const response = await postUpload(ctx, EMPLOYEE, uploadForm(fields, files))
      expect(response.statusCode, field).toBe(422)
      const problem = response.json<Problem>()
      expect(problem.title).toBe('Ongeldige invoer')
      expect(problem.errors, field).toContainEqual({
        path: field,
        message: expect.stringMatching(message),
      })
    }
    await expectNothingNew(before)
  })
})

describe('editing a document', () => {
  const edit = async (
    who: TestIdentity,
    id: string,
    fields: Record<string, string | string[]>,
    files: File[] = [],
  ) => postUpload(ctx, who, uploadForm({ ...VALID_FIELDS, contentUID: id, ...fields }, files))

  it('lets the owner keep, replace and add files; the document waits for validation again', async () => {
    const created = await postUpload(
      ctx,
      EMPLOYEE,
      uploadForm(VALID_FIELDS, [
        await demoFile('afvalinzameling-2024.csv'),
        await demoFile('veiligheidsbeeld-2023.pdf'),
      ]),
    )
    const id = created.json<{ contentUID: string }>().contentUID
    await runJobs(ctx)
    expect(await search(EMPLOYEE, 'woninginbraak')).toContain(id)
    await ctx.db.query(
      `update documents set status = 'goedgekeurd', published_at = now() where id = $1`,
      [id],
    )
    const before = (await detail(EMPLOYEE, id)).json<DocumentDetail>()
    const [csv, pdf] = before.files
    const pdfSha = await sha256Of('veiligheidsbeeld-2023.pdf')
    expect(await ctx.store.exists(pdfSha)).toBe(true)

    const response = await edit(
      EMPLOYEE,
      id,
      {
        title: 'Afvalinzameling per wijk 2024 (herzien)',
        themes: ['Afval', 'Klimaat'],
        license: 'CC-BY-4.0',
        keepFileIds: [csv!.id],
      },
      [await demoFile('verslag-bewonersavond-noord.docx')],
    )
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ contentUID: id })

    const after = (await detail(EMPLOYEE, id)).json<DocumentDetail>()
    expect(after).toMatchObject({
      title: 'Afvalinzameling per wijk 2024 (herzien)',
      themes: ['Afval', 'Klimaat'],
      license: `${EU_LICENCE_LIST}CC_BY_4_0`,
      status: 'openstaand',
      published: null,
    })
    expect(after.files.map((f) => f.id)).toEqual([csv!.id, expect.any(String)])
    expect(after.files[1]?.fileName).toBe('verslag-bewonersavond-noord.docx')
    expect(after.files.map((f) => f.id)).not.toContain(pdf!.id)
    // The PDF the edit let go stays stored: it is the document's earlier version now.
    expect(await ctx.store.exists(pdfSha)).toBe(true)
    expect((await detail(null, id)).statusCode).toBe(404)

    await runJobs(ctx)
    expect(await search(EMPLOYEE, 'buurtbemiddeling')).toContain(id)
    expect(await search(EMPLOYEE, 'woninginbraak')).not.toContain(id)
    expect(await search(EMPLOYEE, 'bladkorven')).toContain(id)

    const [audit] = await ctx.db.query<{
      details: { previousStatus: string; removedFiles: unknown[] }
    }>(`select details from audit_log where document_id = $1 and action = 'document_edited'`, [id])
    expect(audit?.details.previousStatus).toBe('goedgekeurd')
    expect(audit?.details.removedFiles).toHaveLength(1)
  })

  it('sets, changes and clears the Woo information category like the other metadata', async () => {
    const created = await postUpload(
      ctx,
      EMPLOYEE,
      uploadForm(VALID_FIELDS, [fileOf('wijk;aantal\nZuid;2\n', 'wijken.csv')]),
    )
    const id = created.json<{ contentUID: string }>().contentUID
    const keepAll = async () =>
      (await detail(EMPLOYEE, id)).json<DocumentDetail>().files.map((file) => file.id)
    const wooCategoryAfter = async (fields: Record<string, string | string[]>) => {
      const response = await edit(EMPLOYEE, id, { keepFileIds: await keepAll(), ...fields })
      expect(response.statusCode, response.body).toBe(200)
      return (await detail(EMPLOYEE, id)).json<DocumentDetail>().wooCategory
    }
    expect(await wooCategoryAfter({ wooCategory: '012' })).toBe('012')
    expect(await wooCategoryAfter({ wooCategory: '008' })).toBe('008')
    // An edit sends the whole form: without the field the document has no category.
    expect(await wooCategoryAfter({})).toBeNull()
    expect(await wooCategoryAfter({ wooCategory: '014' })).toBe('014')
    expect(await wooCategoryAfter({ wooCategory: '' })).toBeNull()

    const audits = await ctx.db.query<{ details: { wooCategory: string | null } }>(
      `select details from audit_log where document_id = $1 and action = 'document_edited'
        order by at, id`,
      [id],
    )
    expect(audits.map((audit) => audit.details.wooCategory)).toEqual([
      '012',
      '008',
      null,
      '014',
      null,
    ])
  })

  it('replaces a file by not keeping the old one and adding its new version', async () => {
    const id = await uploadCsvAndPdf()
    const response = await edit(EMPLOYEE, id, {}, [
      await demoFile('evenementenvergunningen-2024.csv', 'afvalinzameling-2024.csv'),
    ])
    expect(response.statusCode).toBe(200)
    const { files } = (await detail(EMPLOYEE, id)).json<DocumentDetail>()
    expect(files.map((f) => f.fileName)).toEqual(['afvalinzameling-2024.csv'])
    expect(files[0]?.sha256).toBe(await sha256Of('evenementenvergunningen-2024.csv'))
  })

  it('keeps a file another document shares when an edit lets it go', async () => {
    const first = await uploadCsvAndPdf()
    const second = await uploadCsvAndPdf()
    const csvSha = await sha256Of('afvalinzameling-2024.csv')
    expect(
      (await edit(EMPLOYEE, first, {}, [await demoFile('jaarverslag-2024.pdf')])).statusCode,
    ).toBe(200)
    expect(await ctx.store.exists(csvSha)).toBe(true)
    expect(
      (
        await apiAs(
          ctx,
          EMPLOYEE,
          'GET',
          (await detail(EMPLOYEE, second)).json<DocumentDetail>().files[0]!.url,
        )
      ).statusCode,
    ).toBe(200)
  })

  it('refuses an edit by another employee (403) or of a document they cannot see (404)', async () => {
    const pending = await uploadCsvAndPdf()
    const approved = await uploadCsvAndPdf()
    await ctx.db.query(
      `update documents set status = 'goedgekeurd', published_at = now() where id = $1`,
      [approved],
    )
    const csv = await demoFile('afvalinzameling-2024.csv')
    const denied = await edit(OTHER_EMPLOYEE, approved, { title: 'Overgenomen' }, [csv])
    expect(denied.statusCode).toBe(403)
    expect(denied.json<Problem>().detail).toContain('eigenaar')
    expect((await edit(OTHER_EMPLOYEE, pending, {}, [csv])).statusCode).toBe(404)
    expect((await edit(EMPLOYEE, crypto.randomUUID(), {}, [csv])).statusCode).toBe(404)
    expect((await detail(EMPLOYEE, approved)).json<DocumentDetail>().title).toBe(VALID_FIELDS.title)
  })

  it('refuses files to keep that belong to another document', async () => {
    const mine = await uploadCsvAndPdf()
    const other = (await detail(EMPLOYEE, await uploadCsvAndPdf())).json<DocumentDetail>()
    const response = await edit(EMPLOYEE, mine, { keepFileIds: [other.files[0]!.id] })
    expect(response.statusCode).toBe(422)
    expect(response.json<Problem>().errors?.[0]?.path).toBe('body.keepFileIds')
  })

  it('lets an admin edit anyone’s document; it stays the owner’s', async () => {
    const id = await uploadCsvAndPdf(OTHER_EMPLOYEE)
    const authorship = () =>
      ctx.db.query<{ owner_id: string; modified_by: string }>(
        'select owner_id, modified_by from documents where id = $1',
        [id],
      )
    // Who saved it last is kept for the four-eyes rule of validation.
    expect(await authorship()).toEqual([
      { owner_id: OTHER_EMPLOYEE.oid, modified_by: OTHER_EMPLOYEE.oid },
    ])
    const response = await edit(ADMIN, id, { title: 'Door de beheerder verbeterd' }, [
      await demoFile('afvalinzameling-2024.csv'),
    ])
    expect(response.statusCode).toBe(200)
    const document = (await detail(OTHER_EMPLOYEE, id)).json<DocumentDetail>()
    expect(document).toMatchObject({
      title: 'Door de beheerder verbeterd',
      owner: { id: OTHER_EMPLOYEE.oid },
    })
    expect(await authorship()).toEqual([{ owner_id: OTHER_EMPLOYEE.oid, modified_by: ADMIN.oid }])
  })
})

describe('deleting a document', () => {
  const remove = (who: TestIdentity, id: string) =>
    apiAs(ctx, who, 'DELETE', apiPaths.deleteUpload(id))

  it('removes it everywhere at once for its owner; a second delete is 404', async () => {
    const id = await uploadCsvAndPdf()
    await runJobs(ctx)
    expect(await search(EMPLOYEE, 'bladkorven')).toContain(id)

    const response = await remove(EMPLOYEE, id)
    expect(response.statusCode).toBe(204)
    expect(await search(EMPLOYEE, 'bladkorven')).not.toContain(id)
    expect((await detail(EMPLOYEE, id)).statusCode).toBe(404)
    expect((await detail(ADMIN, id)).statusCode).toBe(404)
    expect(await ownDocuments(EMPLOYEE)).not.toContain(id)
    expect((await remove(EMPLOYEE, id)).statusCode).toBe(404)

    const [row] = await ctx.db.query<{ deleted_by: string; files: number }>(
      `select deleted_by, (select count(*)::int from document_files where document_id = d.id) as files
         from documents d where id = $1`,
      [id],
    )
    // Soft: the row and its files stay for an admin's undo until purged.
    expect(row).toEqual({ deleted_by: EMPLOYEE.oid, files: 2 })
    const audit = await ctx.db.query(
      `select 1 from audit_log where document_id = $1 and action = 'document_deleted' and actor_id = $2`,
      [id, EMPLOYEE.oid],
    )
    expect(audit).toHaveLength(1)
  })

  it('refuses another employee (403, or 404 when they cannot see it) and lets an admin delete', async () => {
    const approved = await uploadCsvAndPdf()
    await ctx.db.query(
      `update documents set status = 'goedgekeurd', published_at = now() where id = $1`,
      [approved],
    )
    const pending = await uploadCsvAndPdf()
    expect((await remove(OTHER_EMPLOYEE, approved)).statusCode).toBe(403)
    expect((await remove(OTHER_EMPLOYEE, pending)).statusCode).toBe(404)
    expect((await detail(null, approved)).statusCode).toBe(200)
    expect((await remove(ADMIN, approved)).statusCode).toBe(204)
    expect((await detail(null, approved)).statusCode).toBe(404)
    expect((await remove(EMPLOYEE, 'geen-uuid')).statusCode).toBe(422)
  })
})

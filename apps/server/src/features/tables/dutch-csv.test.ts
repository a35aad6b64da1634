import { apiPaths, type DocumentDetail, type RowsPage, type TableInfo } from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestContext, EMPLOYEE } from '../../../test/app.ts'
import { jobHandlers } from '../../job-handlers.ts'
import { runPendingJobs } from '../../jobs/worker.ts'
import { postUpload } from '../uploads/testing.ts'
import { fileOf, uploadForm, VALID_FIELDS } from '../uploads/testing-files.ts'
import { ensureNamed } from '../vocabulary/service.ts'

/**
 * The seam of loader and store, with the real loader in its worker thread: a CSV as Excel
 * writes it on a Dutch Windows machine is uploaded, loaded and queried, and the API gives
 * what a person reading the file would expect.
 */

let documentId: string
let fileId: string

const ROWS = [
  ['Amsterdam', '1.234,50', '31-12-2025', 'ja'],
  ['Súdwest-Fryslân', '-0,75', '1-2-2024', 'nee'],
  ["'s-Hertogenbosch", '.', '15-06-2023', 'ja'],
  ['Zoë', '12.000', '2-1-2025', 'nee'],
]
// Windows-1252: `€` is 0x80 there; Latin-1 has the other letters at the same bytes.
const CSV = Buffer.concat([
  Buffer.from('Bedragen per gemeente, voorlopige cijfers\r\n\r\n', 'latin1'),
  Buffer.from('Gemeente;Bedrag (\u0080);Peildatum;Actief\r\n', 'latin1'),
  Buffer.from(ROWS.map((row) => row.join(';')).join('\r\n') + '\r\n', 'latin1'),
])

const ctx = useTestContext()

beforeAll(async () => {
  await ensureNamed(ctx.db, 'themes', 'Afval')
  const response = await postUpload(
    ctx,
    EMPLOYEE,
    uploadForm(VALID_FIELDS, [fileOf(CSV, 'bedragen.csv')]),
  )
  expect(response.statusCode, response.body).toBeLessThan(300)
  documentId = response.json<{ contentUID: string }>().contentUID
  const detail = await ctx.call<DocumentDetail>('GET', apiPaths.document(documentId), EMPLOYEE)
  fileId = detail.body.files[0]!.id
  await runPendingJobs(ctx.db, jobHandlers({ db: ctx.db, store: ctx.store }))
}, 60_000)

const get = async <T>(path: string) => {
  const answer = await ctx.call<T>('GET', path, EMPLOYEE)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer
}

describe('a Dutch Excel CSV (Windows-1252, a title line, decimal commas, Dutch dates)', () => {
  it('loads with typed columns, the header found below the title', async () => {
    const { body } = await get<TableInfo>(apiPaths.fileTable(documentId, fileId))
    expect(body.loadStatus).toBe('geladen')
    expect(body.rowCount).toBe(4)
    expect(body.schema?.fields.map((field) => [field.name, field.type])).toEqual([
      ['Gemeente', 'string'],
      ['Bedrag (€)', 'number'],
      ['Peildatum', 'date'],
      ['Actief', 'boolean'],
    ])
    expect(body.schema?.fields[1]?.stats.emptyCount).toBe(1)
  })

  it('gives the rows typed, and filters them as a reader of the file would', async () => {
    const amount = encodeURIComponent('Bedrag (€)')
    const { body } = await get<RowsPage>(
      `${apiPaths.fileRows(documentId, fileId)}?filter[${amount}]=gte:0&sort=-${amount}`,
    )
    expect(body.total).toBe(2)
    expect(body.rows).toEqual([
      { Gemeente: 'Zoë', 'Bedrag (€)': 12000, Peildatum: '2025-01-02', Actief: false },
      { Gemeente: 'Amsterdam', 'Bedrag (€)': 1234.5, Peildatum: '2025-12-31', Actief: true },
    ])
    const accents = await get<RowsPage>(
      `${apiPaths.fileRows(documentId, fileId)}?filter[Gemeente]=contains:fryslan`,
    )
    expect(accents.body.rows.map((row) => row.Gemeente)).toEqual(['Súdwest-Fryslân'])
  })

  it('exports the selection as UTF-8 CSV, to those who may see the document only', async () => {
    const path = `${apiPaths.fileRows(documentId, fileId)}?format=csv&filter[Actief]=eq:nee&sort=Peildatum`
    // Not published yet: a visitor does not see the table at all.
    const visitor = await ctx.app.inject({ method: 'GET', url: `/pubapi${path}` })
    expect(visitor.statusCode).toBe(404)
    const owner = await ctx.app.inject({
      method: 'GET',
      url: `/api${path}`,
      headers: { authorization: `Bearer ${await ctx.tokenFor(EMPLOYEE)}` },
    })
    expect(owner.statusCode).toBe(200)
    expect(owner.body.trim().split(/\r?\n/)).toEqual([
      'Gemeente,Bedrag (€),Peildatum,Actief',
      'Súdwest-Fryslân,-0.75,2024-02-01,false',
      'Zoë,12000,2025-01-02,false',
    ])
  })
})

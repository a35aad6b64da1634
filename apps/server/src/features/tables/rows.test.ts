import {
  apiPaths,
  FORMULA_START,
  type DocumentDetail,
  type Problem,
  type RowsPage,
  type TableInfo,
} from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestContext, EMPLOYEE } from '../../../test/app.ts'
import { ensureNamed } from '../vocabulary/service.ts'
import { postUpload } from '../uploads/testing.ts'
import { fileOf, uploadForm, VALID_FIELDS } from '../uploads/testing-files.ts'
import { fakeLoader, runWithLoader } from './testing.ts'

/**
 * The rows API against a reference: the same rows, filtered and sorted in the test itself.
 * The table goes the whole way: uploaded as a CSV, loaded by the job (with a fake loader
 * that writes COPY files as the real one does), published, then asked as a visitor.
 */

interface Row {
  Gemeente: string | null
  Bedrag: number | null
  Aantal: number | null
  Datum: string | null
  Actief: boolean | null
  Opmerking: string | null
}

const PLACES = ['Utrecht', 'Den Haag', "'s-Hertogenbosch", 'Zoë', 'Súdwest-Fryslân', 'Ede']
const REMARKS = ['=SOM(A1:A2)', '+31 6', '-nee', '@cmd', 'gewoon', 'Ärger', '50% korting', 'a_b']

const ROWS: Row[] = Array.from({ length: 157 }, (_, i) => ({
  Gemeente: i % 13 === 0 ? null : (PLACES[i % PLACES.length] ?? null),
  Bedrag: i % 11 === 0 ? null : Math.round(((i * 37) % 200) * 12.5 - 700) / 10,
  Aantal: i % 7 === 0 ? null : (i * 17) % 23,
  Datum:
    i % 9 === 0
      ? null
      : `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
  Actief: i % 5 === 0 ? null : i % 2 === 0,
  Opmerking: i % 10 === 9 ? null : (REMARKS[i % REMARKS.length] ?? null),
}))
const NAMES = ['Gemeente', 'Bedrag', 'Aantal', 'Datum', 'Actief', 'Opmerking'] as const

const csvText = () =>
  [
    'Gemeente:string;Bedrag:number;Aantal:integer;Datum:date;Actief:boolean;Opmerking:string',
    ...ROWS.map((row) =>
      [
        row.Gemeente ?? '',
        row.Bedrag ?? '',
        row.Aantal ?? '',
        row.Datum ?? '',
        row.Actief === null ? '' : row.Actief ? 'ja' : 'nee',
        row.Opmerking ?? '',
      ].join(';'),
    ),
  ].join('\n')

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

let documentId: string
let fileId: string
const loader = fakeLoader({ rowsPerFile: 40 })

const ctx = useTestContext()

beforeAll(async () => {
  await ensureNamed(ctx.db, 'themes', 'Afval')
  const upload = await postUpload(
    ctx,
    EMPLOYEE,
    uploadForm(VALID_FIELDS, [fileOf(csvText(), 'bedragen.csv')]),
  )
  expect(upload.statusCode).toBe(201)
  documentId = upload.json<{ contentUID: string }>().contentUID
  const detail = await ctx.call<DocumentDetail>('GET', apiPaths.document(documentId), EMPLOYEE)
  fileId = detail.body.files[0]?.id ?? ''
  await runWithLoader(ctx, loader)
  await ctx.db.query(
    `update documents set status = 'goedgekeurd', published_at = now() where id = $1`,
    [documentId],
  )
})

const base = () => `/documents/${documentId}/files/${fileId}`

/** GET …/rows as a visitor, with a raw query string (filters repeat). */
async function rows(query: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/pubapi${base()}/rows?${query}` })
  const json = response.headers['content-type']?.toString().includes('json')
  const body = (json ? response.json() : {}) as RowsPage & Problem
  return { status: response.statusCode, body, response }
}

/** Every matching row, all pages, through the API. */
async function allRows(query: string) {
  const seen: Array<Record<string, unknown>> = []
  let total = -1
  for (let offset = 0; total < 0 || offset < total; offset += 50) {
    const page = await rows(`${query}&limit=50&offset=${offset}`)
    expect(page.status).toBe(200)
    total = page.body.total
    seen.push(...page.body.rows)
  }
  return { rows: seen, total }
}

const asApi = (row: Row) => ({ ...row })

describe('the table', () => {
  it('is loaded by the job and described as the contract says', async () => {
    const info = await ctx.call<TableInfo>('GET', `${base()}/table`, null, { prefix: '/pubapi' })
    expect(info.status).toBe(200)
    expect(info.body).toMatchObject({
      fileId,
      sheet: null,
      sheets: [],
      loadStatus: 'geladen',
      rowCount: ROWS.length,
    })
    expect(info.body.schema?.fields.map((f) => [f.name, f.type])).toEqual([
      ['Gemeente', 'string'],
      ['Bedrag', 'number'],
      ['Aantal', 'integer'],
      ['Datum', 'date'],
      ['Actief', 'boolean'],
      ['Opmerking', 'string'],
    ])
    // Several COPY files, each loaded, in order.
    expect(loader.requests[0]?.mediaType).toBe('text/csv')
    const detail = await ctx.call<DocumentDetail>('GET', apiPaths.document(documentId), null, {
      prefix: '/pubapi',
    })
    expect(detail.body.files[0]?.tables).toEqual([
      { sheet: null, loadStatus: 'geladen', rowCount: ROWS.length },
    ])
  })

  it('answers rows typed, in file order by default, with the exact total', async () => {
    const { rows: got, total } = await allRows('')
    expect(total).toBe(ROWS.length)
    expect(got).toEqual(ROWS.map(asApi))
  })
})

describe('filters, checked against the same rows filtered here', () => {
  const cases: Array<[string, (row: Row) => boolean]> = [
    ['filter[Gemeente]=eq:Utrecht', (r) => r.Gemeente === 'Utrecht'],
    [
      'filter[Gemeente]=eq:Utrecht&filter[Gemeente]=eq:Zoë',
      (r) => r.Gemeente === 'Utrecht' || r.Gemeente === 'Zoë',
    ],
    ['filter[Gemeente]=ne:Ede', (r) => r.Gemeente !== 'Ede'],
    ['filter[Bedrag]=gte:10.5', (r) => r.Bedrag !== null && r.Bedrag >= 10.5],
    ['filter[Bedrag]=lte:-20', (r) => r.Bedrag !== null && r.Bedrag <= -20],
    [
      'filter[Aantal]=gte:5&filter[Aantal]=lte:9',
      (r) => r.Aantal !== null && r.Aantal >= 5 && r.Aantal <= 9,
    ],
    ['filter[Datum]=gte:2025-06-01', (r) => r.Datum !== null && r.Datum >= '2025-06-01'],
    ['filter[Datum]=lte:2025-03-15', (r) => r.Datum !== null && r.Datum <= '2025-03-15'],
    ['filter[Actief]=eq:true', (r) => r.Actief === true],
    ['filter[Actief]=eq:nee', (r) => r.Actief === false],
    ['filter[Gemeente]=contains:FRYSLAN', (r) => fold(r.Gemeente ?? '').includes('fryslan')],
    ['filter[Gemeente]=contains:zoe', (r) => fold(r.Gemeente ?? '').includes('zoe')],
    ['filter[Opmerking]=contains:50%25', (r) => (r.Opmerking ?? '').includes('50%')],
    ['filter[Opmerking]=contains:_', (r) => (r.Opmerking ?? '').includes('_')],
    ['filter[Opmerking]=empty', (r) => r.Opmerking === null],
    ['filter[Bedrag]=empty:', (r) => r.Bedrag === null],
    ['filter[Datum]=notempty', (r) => r.Datum !== null],
    [
      'filter[Gemeente]=eq:Utrecht&filter[Actief]=eq:true&filter[Bedrag]=notempty',
      (r) => r.Gemeente === 'Utrecht' && r.Actief === true && r.Bedrag !== null,
    ],
    [
      'q=den haag',
      (r) =>
        fold(`${r.Gemeente ?? ''} ${r.Opmerking ?? ''}`).includes('den') &&
        fold(`${r.Gemeente ?? ''} ${r.Opmerking ?? ''}`).includes('haag'),
    ],
    ['q=ARGER', (r) => fold(`${r.Gemeente ?? ''} ${r.Opmerking ?? ''}`).includes('arger')],
  ]
  for (const [query, keep] of cases) {
    it(query, async () => {
      const expected = ROWS.filter(keep)
      expect(expected.length).toBeGreaterThan(0)
      const got = await allRows(query)
      expect(got.total).toBe(expected.length)
      expect(got.rows).toEqual(expected.map(asApi))
    })
  }
})

describe('sort, fields, paging', () => {
  const compare = (a: unknown, b: unknown) => {
    // PostgreSQL: ascending puts empty cells last, descending first.
    if (a === b) return 0
    if (a === null) return 1
    if (b === null) return -1
    return (a as number) < (b as number) ? -1 : 1
  }
  const sorted = (keys: Array<[keyof Row, 1 | -1]>) =>
    ROWS.map((row, i) => ({ row, i }))
      .sort((x, y) => {
        for (const [key, dir] of keys) {
          const c = compare(x.row[key], y.row[key])
          if (c !== 0) return dir === 1 ? c : -c
        }
        return x.i - y.i
      })
      .map(({ row }) => row)

  it('sorts by several columns, stable by file order', async () => {
    const got = await allRows('sort=-Bedrag,Gemeente')
    expect(got.rows).toEqual(
      sorted([
        ['Bedrag', -1],
        ['Gemeente', 1],
      ]).map(asApi),
    )
    const byDate = await allRows('sort=Datum&filter[Actief]=eq:false')
    expect(byDate.rows).toEqual(
      sorted([['Datum', 1]])
        .filter((r) => r.Actief === false)
        .map(asApi),
    )
  })

  it('returns only the fields asked for, in that order', async () => {
    const page = await rows('fields=Datum,Gemeente&limit=3&offset=2')
    expect(page.body.fields).toEqual(['Datum', 'Gemeente'])
    expect(page.body.rows).toEqual(
      ROWS.slice(2, 5).map((row) => ({ Datum: row.Datum, Gemeente: row.Gemeente })),
    )
    expect(page.body).toMatchObject({ total: ROWS.length, offset: 2, limit: 3 })
    expect(Object.keys(page.body.rows[0] ?? {})).toEqual(['Datum', 'Gemeente'])
  })

  it('pages with the default of 100 and past the end', async () => {
    expect((await rows('')).body.rows).toHaveLength(100)
    const past = await rows('offset=1000')
    expect(past.body).toMatchObject({ rows: [], total: ROWS.length })
  })
})

const compareAscending = (a: number | null, b: number | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a - b

describe('CSV export', () => {
  it('streams the whole filtered result with a header, formulas defused, numbers as they are', async () => {
    const { response, status } = await rows(
      'format=csv&filter[Opmerking]=notempty&sort=Bedrag&limit=1',
    )
    expect(status).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toContain('filename="bedragen-selectie.csv"')
    const lines = response.body.split('\r\n').filter(Boolean)
    expect(lines[0]).toBe(NAMES.join(','))
    const expected = ROWS.map((row, i) => ({ row, i }))
      .filter(({ row }) => row.Opmerking !== null)
      .sort((a, b) => compareAscending(a.row.Bedrag, b.row.Bedrag) || a.i - b.i)
      .map(({ row }) =>
        NAMES.map((name) => {
          const value = row[name]
          if (value === null) return ''
          const text = String(value)
          const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text
          return /[",]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
        }).join(','),
      )
    // Not a page: every matching row, though limit=1.
    expect(lines.slice(1)).toEqual(expected)
    for (const defused of ["'=SOM", "'+31 6", "'-nee", "'@cmd"]) {
      expect(expected.some((line) => line.includes(defused))).toBe(true)
    }
    expect(expected.some((line) => line.includes(',-'))).toBe(true) // a negative amount, bare
  })

  it('without a sort, gives every row in file order', async () => {
    const { response } = await rows('format=csv&fields=Aantal,Gemeente')
    const lines = response.body.split('\r\n').filter((line, i) => i > 0 && line !== '')
    expect(lines).toEqual(ROWS.map((row) => `${row.Aantal ?? ''},${row.Gemeente ?? ''}`))
  })
})

describe('what does not fit answers 422, naming the parameter', () => {
  const bad: Array<[string, string]> = [
    ['filter[Onbekend]=eq:1', 'querystring.filter[Onbekend]'],
    ['filter[Bedrag]=like:1', 'querystring.filter[Bedrag]'],
    ['filter[Bedrag]=eq:veel', 'querystring.filter[Bedrag]'],
    ['filter[Aantal]=gte:1.5', 'querystring.filter[Aantal]'],
    ['filter[Datum]=eq:31-12-2025', 'querystring.filter[Datum]'],
    ['filter[Datum]=eq:2025-02-30', 'querystring.filter[Datum]'],
    ['filter[Gemeente]=gte:A', 'querystring.filter[Gemeente]'],
    ['filter[Bedrag]=contains:1', 'querystring.filter[Bedrag]'],
    ['filter[Actief]=eq:misschien', 'querystring.filter[Actief]'],
    // The text rule: a NUL byte or another control character never reaches PostgreSQL.
    ['filter[Gemeente]=eq:a%00b', 'querystring.filter[Gemeente]'],
    ['filter[Gemeente]=contains:%07', 'querystring.filter[Gemeente]'],
    ['q=a%00b', 'querystring.q'],
    ['sort=-Onbekend', 'querystring.sort'],
    ['fields=Gemeente,Niets', 'querystring.fields'],
    ['sheet=Blad1', 'querystring.sheet'],
    ['limit=1001', 'querystring.limit'],
    ['format=xml', 'querystring.format'],
    ['onbekend=1', 'querystring.onbekend'],
    ['filter=eq:1', 'querystring.filter'],
  ]
  for (const [query, path] of bad) {
    it(query, async () => {
      const { status, body } = await rows(query)
      expect(status).toBe(422)
      expect(body.errors?.map((e) => e.path)).toContain(path)
    })
  }

  it('too many filters, or a value too long', async () => {
    const many = Array.from({ length: 21 }, () => 'filter[Gemeente]=eq:a').join('&')
    expect((await rows(many)).status).toBe(422)
    expect((await rows(`filter[Gemeente]=eq:${'x'.repeat(201)}`)).status).toBe(422)
  })

  it('odd but valid input is no error', async () => {
    expect((await rows('filter[Aantal]=eq:999999999999999999')).body.total).toBe(0)
    expect((await rows('q=%25%25%25')).body.total).toBe(0)
    expect((await rows('filter[Gemeente]=eq:')).body.total).toBe(0)
  })
})

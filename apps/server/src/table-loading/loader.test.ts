import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MEDIA_TYPES, TABLE_LIMITS } from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isTabular } from './index.ts'
import { field, loadFile, loaded, odsFile, rowsOf, xlsxFile } from './testing.ts'

/**
 * Round trips: a table file in, the COPY data files and the Table Schema out, compared with
 * what the file says. Every Dutch variant the issue names loads right without settings.
 */
let tmp = ''
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'table-loader-'))
})
afterAll(() => rm(tmp, { recursive: true, force: true }))

const cp1252 = (text: string) => Buffer.from(text.replace(/€/g, '\u0080'), 'latin1')

describe('CSV and TSV', () => {
  it('loads a CBS-style Windows-1252 file: title line, `;`, decimal commas, missing values', async () => {
    const csv = cp1252(
      'Bedragen per gemeente, 2025\r\n' +
        '\r\n' +
        'Gemeente;Code;Inwoners;Bedrag (€);Peildatum;Actief\r\n' +
        'Amsterdam;GM0363;921.402;1.234,5;31-12-2025;ja\r\n' +
        'Rotterdam;GM0599;.;-0,5;1-2-2025;nee\r\n' +
        'Súdwest-Fryslân;GM1900;-;12;31-1-2025;ja\r\n',
    )
    const table = loaded(await loadFile(tmp, 'cbs.csv', csv, MEDIA_TYPES.csv))
    expect(table.sheet).toBeNull()
    expect(table.schema.fields.map((f) => [f.name, f.type])).toEqual([
      ['Gemeente', 'string'],
      ['Code', 'string'],
      ['Inwoners', 'integer'],
      ['Bedrag (€)', 'number'],
      ['Peildatum', 'date'],
      ['Actief', 'boolean'],
    ])
    expect(field(table, 'Bedrag (€)')).toMatchObject({ decimalChar: ',', groupChar: '.' })
    expect(field(table, 'Peildatum').format).toBe('%d-%m-%Y')
    expect(field(table, 'Actief')).toMatchObject({ trueValues: ['ja'], falseValues: ['nee'] })
    expect(table.schema.missingValues).toEqual(['', '.', '-'])
    expect(table.rowCount).toBe(3)
    // The first column is the line in the file.
    expect(await rowsOf(table)).toEqual([
      ['4', 'Amsterdam', 'GM0363', '921402', '1234.5', '2025-12-31', 't'],
      ['5', 'Rotterdam', 'GM0599', null, '-0.5', '2025-02-01', 'f'],
      ['6', 'Súdwest-Fryslân', 'GM1900', null, '12', '2025-01-31', 't'],
    ])
    expect(field(table, 'Inwoners').stats).toEqual({
      emptyCount: 2,
      distinctCount: 1,
      distinctCapped: false,
      min: 921402,
      max: 921402,
      examples: [921402],
    })
    expect(field(table, 'Bedrag (€)').stats).toMatchObject({ min: -0.5, max: 1234.5 })
    expect(field(table, 'Peildatum').stats).toMatchObject({ min: '2025-01-31', max: '2025-12-31' })
    expect(table.report).toEqual({ valid: true, counts: [], errors: [] })
  })

  it('loads UTF-8 with a BOM, `,`, points as decimals, ISO dates and times', async () => {
    const csv =
      '\ufeffid,postcode,waarde,datum,tijdstip,lokaal,"opmerking"\n' +
      '1,0123AB,1234.5,2025-12-31,2025-12-31T23:59:00,31-12-2025 23:59,"met ""quotes"", en komma"\n' +
      '2,1012AB,0.25,2025-01-01,2025-06-01T12:00:00+02:00,1-1-2025 0:05,"twee\nregels"\n' +
      '3,9999ZZ,-7,2025-02-28,2025-12-31T23:30:00Z,2-2-2025 10:00,tab\there\\\n'
    const table = loaded(await loadFile(tmp, 'utf8.csv', csv, MEDIA_TYPES.csv))
    expect(table.schema.fields.map((f) => [f.name, f.type, f.format])).toEqual([
      ['id', 'integer', undefined],
      ['postcode', 'string', 'default'],
      ['waarde', 'number', undefined],
      ['datum', 'date', 'default'],
      ['tijdstip', 'datetime', 'default'],
      ['lokaal', 'datetime', '%d-%m-%Y %H:%M'],
      ['opmerking', 'string', 'default'],
    ])
    expect(field(table, 'waarde')).toMatchObject({ decimalChar: '.', groupChar: ',' })
    expect(await rowsOf(table)).toEqual([
      [
        '2',
        '1',
        '0123AB',
        '1234.5',
        '2025-12-31',
        '2025-12-31T23:59:00',
        '2025-12-31T23:59:00',
        'met "quotes", en komma',
      ],
      [
        '3',
        '2',
        '1012AB',
        '0.25',
        '2025-01-01',
        '2025-06-01T10:00:00',
        '2025-01-01T00:05:00',
        'twee\nregels',
      ],
      // The row after a quoted line break starts on line 5.
      [
        '5',
        '3',
        '9999ZZ',
        '-7',
        '2025-02-28',
        '2025-12-31T23:30:00',
        '2025-02-02T10:00:00',
        'tab\there\\',
      ],
    ])
  })

  it('loads a TSV, and a `|` file with Dutch month names', async () => {
    const tsv = 'naam\tbedrag\nA\t1.234,5\nB\t2,25\n'
    const table = loaded(await loadFile(tmp, 'a.tsv', tsv, MEDIA_TYPES.tsv))
    expect(await rowsOf(table)).toEqual([
      ['2', 'A', '1234.5'],
      ['3', 'B', '2.25'],
    ])
    const pipes =
      'wanneer|lang|kort\n31 december 2025|1 januari 2025|31 dec. 2025\n1 maart 2024|15 oktober 2024|1 mrt. 2024\n'
    const dates = loaded(await loadFile(tmp, 'pipes.csv', pipes, MEDIA_TYPES.csv))
    expect(dates.schema.fields.map((f) => [f.type, f.format])).toEqual([
      ['date', '%d %B %Y'],
      ['date', '%d %B %Y'],
      ['date', '%d %b. %Y'],
    ])
    expect(await rowsOf(dates)).toEqual([
      ['2', '2025-12-31', '2025-01-01', '2025-12-31'],
      ['3', '2024-03-01', '2024-10-15', '2024-03-01'],
    ])
  })

  it('reads booleans as true/false and waar/onwaar, and keeps 0/1 numbers', async () => {
    const csv = 'a;b;c\ntrue;Waar;1\nfalse;onwaar;0\n'
    const table = loaded(await loadFile(tmp, 'bool.csv', csv, MEDIA_TYPES.csv))
    expect(table.schema.fields.map((f) => f.type)).toEqual(['boolean', 'boolean', 'integer'])
    expect(await rowsOf(table)).toEqual([
      ['2', 't', 't', '1'],
      ['3', 'f', 'f', '0'],
    ])
  })

  it('writes the quality report: labels, cells, types, blank rows', async () => {
    // 19 of 20 values are numbers (95%): the column is a number, the odd one a type-error.
    const rows = Array.from(
      { length: 20 },
      (_, i) => `r${i};${i === 7 ? 'onbekend' : `${i},5`};x;y`,
    )
    rows.splice(3, 0, '', ';;;') // two blank rows inside the table
    rows[10] = `${rows[10]};extra`
    rows[12] = 'kort;1,5'
    const csv = `naam;bedrag;;naam\n${rows.join('\n')}\n\n\n`
    const table = loaded(await loadFile(tmp, 'rapport.csv', csv, MEDIA_TYPES.csv))
    expect(table.schema.fields.map((f) => [f.name, f.type])).toEqual([
      ['naam', 'string'],
      ['bedrag', 'number'],
      ['kolom_3', 'string'],
      ['naam_2', 'string'],
    ])
    expect(table.rowCount).toBe(20)
    const { report } = table
    expect(report.valid).toBe(false)
    const byType = (type: string) => report.errors.filter((e) => e.type === type)
    expect(byType('blank-label')).toEqual([
      {
        type: 'blank-label',
        rowNumber: 1,
        fieldName: 'kolom_3',
        message: "Kolom 3 heeft geen naam; de kolom heet nu 'kolom_3'.",
      },
    ])
    expect(byType('duplicate-label')[0]).toMatchObject({ fieldName: 'naam_2', rowNumber: 1 })
    expect(byType('blank-row').map((e) => e.rowNumber)).toEqual([5, 6])
    expect(byType('extra-cell').map((e) => e.rowNumber)).toEqual([12])
    expect(byType('missing-cell')).toEqual([
      {
        type: 'missing-cell',
        rowNumber: 14,
        fieldName: 'kolom_3',
        message:
          'Rij 14 heeft 2 cellen, minder dan de 4 kolommen; de ontbrekende cellen zijn leeg.',
      },
    ])
    expect(byType('type-error')).toEqual([
      {
        type: 'type-error',
        rowNumber: 11,
        fieldName: 'bedrag',
        message: "Rij 11: 'onbekend' in kolom 'bedrag' is geen getal.",
      },
    ])
    expect(report.counts).toContainEqual({ type: 'blank-row', count: 2 })
    // The value that did not fit is missing in the data.
    const rowEleven = (await rowsOf(table)).find((row) => row[0] === '11')
    expect(rowEleven).toEqual(['11', 'r7', null, 'x', 'y'])
  })

  it('counts every error but keeps the first ten per type and column', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => (i % 20 === 0 ? 'fout' : String(i)))
    const table = loaded(
      await loadFile(tmp, 'fouten.csv', `n\n${rows.join('\n')}\n`, MEDIA_TYPES.csv),
    )
    expect(field(table, 'n').type).toBe('integer')
    expect(table.report.counts).toEqual([{ type: 'type-error', fieldName: 'n', count: 15 }])
    expect(table.report.errors).toHaveLength(TABLE_LIMITS.errorsPerKind)
  })

  it('cuts a table at maxRows and says so', async () => {
    const csv = `n\n${Array.from({ length: 10 }, (_, i) => i + 1).join('\n')}\n`
    const table = loaded(
      await loadFile(tmp, 'lang.csv', csv, MEDIA_TYPES.csv, { limits: { maxRows: 4 } }),
    )
    expect(table.rowCount).toBe(4)
    expect((await rowsOf(table)).map((row) => row[1])).toEqual(['1', '2', '3', '4'])
    expect(table.report.errors).toEqual([
      {
        type: 'table-cut',
        rowNumber: 6,
        message: 'De tabel heeft meer dan 4 rijen; alleen de eerste 4 zijn geladen (tot rij 6).',
      },
    ])
  })

  it("applies the owner's corrected types", async () => {
    const csv = 'code;aantal\n0363;12\n0599;13\n'
    const table = loaded(
      await loadFile(tmp, 'types.csv', csv, MEDIA_TYPES.csv, {
        typeOverrides: { '': { aantal: 'string', code: 'integer' } },
      }),
    )
    expect(table.schema.fields.map((f) => f.type)).toEqual(['integer', 'string'])
    // A leading zero is no integer: the corrected type makes those values type-errors.
    expect(await rowsOf(table)).toEqual([
      ['2', null, '12'],
      ['3', null, '13'],
    ])
    expect(table.report.counts).toEqual([{ type: 'type-error', fieldName: 'code', count: 2 }])
  })

  it('splits the data over files at chunkBytes, on row boundaries', async () => {
    const csv = `n;tekst\n${Array.from({ length: 1000 }, (_, i) => `${i};${'x'.repeat(50)}`).join('\n')}\n`
    const table = loaded(
      await loadFile(tmp, 'chunks.csv', csv, MEDIA_TYPES.csv, { limits: { chunkBytes: 4096 } }),
    )
    expect(table.dataFiles.length).toBeGreaterThan(10)
    const rows = await rowsOf(table)
    expect(rows.map((row) => Number(row[1]))).toEqual(Array.from({ length: 1000 }, (_, i) => i))
  })

  it('counts distinct values up to the bound', async () => {
    const csv = `n\n${Array.from({ length: 1500 }, (_, i) => `w${i}`).join('\n')}\n`
    const table = loaded(await loadFile(tmp, 'distinct.csv', csv, MEDIA_TYPES.csv))
    expect(field(table, 'n').stats).toMatchObject({
      distinctCount: TABLE_LIMITS.distinctBound,
      distinctCapped: true,
      examples: ['w0', 'w1', 'w2'],
      min: 'w0',
      max: 'w999',
    })
  })
})

describe('spreadsheets', () => {
  it('loads each sheet of an XLSX in order, skipping an empty one; dates from number formats', async () => {
    const bytes = await xlsxFile(
      [
        {
          name: 'Bedragen',
          data:
            '<row r="1"><c r="A1" t="inlineStr"><is><t>Titel van het blad</t></is></c></row>' +
            '<row r="3"><c r="A3" t="s"><v>0</v></c><c r="B3" t="s"><v>1</v></c><c r="C3" t="s"><v>2</v></c><c r="D3" t="s"><v>3</v></c></row>' +
            '<row r="4"><c r="A4" t="s"><v>4</v></c><c r="B4"><v>1234.5</v></c><c r="C4" s="1"><v>46022</v></c><c r="D4" s="2"><v>46022.5</v></c></row>' +
            '<row r="5"><c r="A5" t="inlineStr"><is><t>Utrecht</t></is></c><c r="C5" s="1"><v>45658</v></c><c r="D5" t="b"><v>1</v></c></row>',
        },
        { name: 'Leeg', data: '' },
        {
          name: 'Tweede',
          data: '<row r="1"><c r="B1" t="inlineStr"><is><t>x</t></is></c><c r="C1" t="inlineStr"><is><t>y</t></is></c></row><row r="2"><c r="B2"><v>1</v></c><c r="C2"><v>2</v></c></row>',
        },
      ],
      ['Gemeente', 'Bedrag', 'Datum', 'Tijdstip', 'Amsterdam'],
    )
    const outcomes = await loadFile(tmp, 'werkmap.xlsx', bytes, MEDIA_TYPES.xlsx)
    expect(outcomes.map((o) => o.sheet)).toEqual(['Bedragen', 'Tweede'])
    const first = loaded(outcomes)
    expect(first.schema.fields.map((f) => [f.name, f.type])).toEqual([
      ['Gemeente', 'string'],
      ['Bedrag', 'number'],
      ['Datum', 'date'],
      ['Tijdstip', 'string'],
    ])
    expect(await rowsOf(first)).toEqual([
      ['4', 'Amsterdam', '1234.5', '2025-12-31', '2025-12-31T12:00:00'],
      ['5', 'Utrecht', null, '2025-01-01', 'true'],
    ])
    const second = loaded(outcomes, 1)
    // Column A is empty in the whole sheet: the table starts where the cells do not matter.
    expect(second.schema.fields.map((f) => f.name)).toEqual(['kolom_1', 'x', 'y'])
    expect(await rowsOf(second)).toEqual([['2', null, '1', '2']])
  })

  it('loads each sheet of an ODS; repeated empty cells and rows are not expanded', async () => {
    const bytes = await odsFile([
      {
        name: 'Blad1',
        rows:
          '<table:table-row><table:table-cell office:value-type="string"><text:p>naam</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>bedrag</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>datum</text:p></table:table-cell><table:table-cell table:number-columns-repeated="16381"/></table:table-row>' +
          '<table:table-row><table:table-cell office:value-type="string"><text:p>Één</text:p><text:p>twee</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="1234.5"><text:p>1.234,50</text:p></table:table-cell><table:table-cell office:value-type="date" office:date-value="2025-12-31"><text:p>31-12-25</text:p></table:table-cell><table:table-cell table:number-columns-repeated="16381"/></table:table-row>' +
          '<table:table-row table:number-rows-repeated="2"><table:table-cell office:value-type="string"><text:p>zelfde</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="2"/></table:table-row>' +
          '<table:table-row table:number-rows-repeated="1048571"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>',
      },
      {
        name: 'Leeg',
        rows: '<table:table-row table:number-rows-repeated="1048576"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>',
      },
    ])
    const started = Date.now()
    const outcomes = await loadFile(tmp, 'rekenblad.ods', bytes, MEDIA_TYPES.ods)
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(outcomes.map((o) => o.sheet)).toEqual(['Blad1'])
    const table = loaded(outcomes)
    expect(table.schema.fields.map((f) => [f.name, f.type])).toEqual([
      ['naam', 'string'],
      ['bedrag', 'number'],
      ['datum', 'date'],
    ])
    expect(await rowsOf(table)).toEqual([
      ['2', 'Één\ntwee', '1234.5', '2025-12-31'],
      ['3', 'zelfde', '2', null],
      ['4', 'zelfde', '2', null],
    ])
    expect(table.report.valid).toBe(true)
  })
})

describe('JSON and GeoJSON', () => {
  it('loads an array of flat objects: the union of keys, nested values as JSON text', async () => {
    const json = JSON.stringify([
      { naam: 'A', aantal: 1, actief: true },
      { naam: 'B', aantal: 2.5, extra: { x: 1 }, lijst: [1, 2] },
      { naam: 'C', aantal: null, datum: '2025-12-31' },
    ])
    const table = loaded(await loadFile(tmp, 'lijst.json', json, MEDIA_TYPES.json))
    expect(table.schema.fields.map((f) => [f.name, f.type])).toEqual([
      ['naam', 'string'],
      ['aantal', 'number'],
      ['actief', 'boolean'],
      ['extra', 'string'],
      ['lijst', 'string'],
      ['datum', 'date'],
    ])
    expect(await rowsOf(table)).toEqual([
      ['1', 'A', '1', 't', null, null, null],
      ['2', 'B', '2.5', null, '{"x":1}', '[1,2]', null],
      ['3', 'C', null, null, null, null, '2025-12-31'],
    ])
  })

  it("loads a FeatureCollection's properties with the geometry as a column", async () => {
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [5.1, 52.1] },
          properties: { naam: 'Speeltuin', geometry: 'eigen' },
        },
        { type: 'Feature', geometry: null, properties: { naam: 'Boerderij', bouwjaar: 1921 } },
      ],
    })
    const table = loaded(await loadFile(tmp, 'kaart.geojson', geojson, MEDIA_TYPES.geojson))
    expect(table.schema.fields.map((f) => [f.name, f.type])).toEqual([
      ['geometry', 'geojson'],
      ['naam', 'string'],
      ['geometry_2', 'string'],
      ['bouwjaar', 'integer'],
    ])
    expect(await rowsOf(table)).toEqual([
      ['1', '{"type":"Point","coordinates":[5.1,52.1]}', 'Speeltuin', 'eigen', null],
      ['2', null, 'Boerderij', null, '1921'],
    ])
  })

  it('gives a GeoJSON column the box around its geometries (the catalogue’s dcat:bbox)', async () => {
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [4.9, 52.4] }, properties: {} },
        {
          type: 'Feature',
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [4.7, 52.3],
                [5.0, 52.3],
                [5.0, 52.45],
                [4.7, 52.3],
              ],
            ],
          },
          properties: {},
        },
      ],
    })
    const table = loaded(await loadFile(tmp, 'wijken.geojson', geojson, MEDIA_TYPES.geojson))
    expect(table.schema.fields[0]!.stats.bbox).toEqual([4.7, 52.3, 5.0, 52.45])
  })
})

describe('isTabular', () => {
  it('knows the table formats', () => {
    for (const type of ['csv', 'tsv', 'xlsx', 'ods', 'json', 'geojson'] as const) {
      expect(isTabular(MEDIA_TYPES[type])).toBe(true)
    }
    expect(isTabular('text/csv; charset=utf-8')).toBe(true)
    expect(isTabular(MEDIA_TYPES.pdf)).toBe(false)
    expect(isTabular(MEDIA_TYPES.docx)).toBe(false)
  })
})

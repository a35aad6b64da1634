import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MEDIA_TYPES } from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { odsFile, xlsxFile } from '../table-loading/testing.ts'
import { passesElfproef } from './checksums.ts'
import { scanFileForPersonalData, scanTextsForPersonalData, type FileScan } from './index.ts'
import { docxFile, pdfFile } from './testing.ts'

let tmp = ''
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'privacy-scan-test-'))
})
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true })
})

const file = async (name: string, content: string | Buffer) => {
  const path = join(tmp, name)
  await writeFile(path, content)
  return path
}

/** The `n`th valid BSN of a series: eight digits and the check digit the elfproef asks. */
function bsn(n: number): string {
  for (let k = n * 13; ; k++) {
    const eight = String(10_000_000 + ((k * 7_919) % 89_999_999)).padStart(8, '0')
    let sum = 0
    for (let i = 0; i < 8; i++) sum += (9 - i) * Number(eight[i])
    const check = sum % 11
    if (check < 10 && passesElfproef(eight + check)) return eight + check
  }
}

const findingsOf = (scan: FileScan) => {
  if (!scan.ok) throw new Error(`not checked: ${scan.reason}`)
  return scan.findings
}

describe('scanFileForPersonalData on tables', () => {
  it('a CSV with a column of a thousand BSNs gives one finding with the count and the rows', async () => {
    const rows = Array.from(
      { length: 1000 },
      (_, i) => `${i + 1};${bsn(i)};Jansen;${1990 + (i % 30)}`,
    )
    const path = await file('clienten.csv', ['nr;bsn;naam;geboren', ...rows].join('\n'))
    const findings = findingsOf(await scanFileForPersonalData(path, MEDIA_TYPES.csv))
    expect(findings).toHaveLength(1)
    expect(findings[0]).toMatchObject({
      kind: 'bsn',
      location: "kolom 'bsn' (B), rij 2 tot 1001",
      count: 1000,
      masked: `******${bsn(0).slice(6)}`,
    })
    expect(findings[0]?.context).not.toContain(bsn(0))
  })

  it('an XLSX gives a finding per sheet, column and kind, found below a title line', async () => {
    const cell = (ref: string, text: string) =>
      `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`
    const data = [
      `<row r="1">${cell('A1', 'Overzicht aanvragen 2024')}</row>`,
      `<row r="3">${cell('A3', 'naam')}${cell('B3', 'rekening')}${cell('C3', 'contact')}</row>`,
      `<row r="4">${cell('A4', 'Jansen')}${cell('B4', 'NL91ABNA0417164300')}${cell('C4', 'j.jansen@example.nl')}</row>`,
      `<row r="5">${cell('A5', 'De Vries')}${cell('B5', 'n.v.t.')}${cell('C5', 'bel 06-12345678 of mail p@example.nl')}</row>`,
    ].join('')
    const path = await file('aanvragen.xlsx', await xlsxFile([{ name: 'Gegevens', data }]))
    const findings = findingsOf(await scanFileForPersonalData(path, MEDIA_TYPES.xlsx))
    expect(findings.map((f) => [f.kind, f.location, f.count, f.masked])).toEqual([
      ['iban', "blad 'Gegevens', kolom 'rekening' (B), rij 4", 1, 'NL*************300'],
      ['email', "blad 'Gegevens', kolom 'contact' (C), rij 4 tot 5", 2, 'j***@*****.nl'],
      ['telefoon', "blad 'Gegevens', kolom 'contact' (C), rij 5", 1, '**-*****678'],
    ])
  })

  it('an ODS with repeated rows counts every row they stand for', async () => {
    const row = (cells: string[], repeat = 1) =>
      `<table:table-row table:number-rows-repeated="${repeat}">${cells.map((c) => `<table:table-cell office:value-type="string"><text:p>${c}</text:p></table:table-cell>`).join('')}</table:table-row>`
    const rows = row(['kenteken', 'merk']) + row(['GZ-123-B', 'Fiat'], 3)
    const path = await file('wagens.ods', await odsFile([{ name: 'Wagens', rows }]))
    const findings = findingsOf(await scanFileForPersonalData(path, MEDIA_TYPES.ods))
    expect(findings.map((f) => [f.kind, f.location, f.count])).toEqual([
      ['kenteken', "blad 'Wagens', kolom 'kenteken' (A), rij 2 tot 4", 3],
    ])
  })

  it('a table of ordinary figures, dates and codes gives none', async () => {
    const rows = Array.from(
      { length: 500 },
      (_, i) =>
        `${83_625 + i}NED;${2000 + (i % 25)}-0${1 + (i % 9)}-1${i % 10};${(i * 1234.5).toFixed(2).replace('.', ',')};${300_000_000 + i * 7_919};1234 AB`,
    )
    const path = await file(
      'cijfers.csv',
      ['code;datum;bedrag;zaaknummer;postcode', ...rows].join('\n'),
    )
    expect(await scanFileForPersonalData(path, MEDIA_TYPES.csv)).toEqual({ ok: true, findings: [] })
  })

  it('JSON records by their fields; JSON that holds no table over its text', async () => {
    const records = JSON.stringify([
      { naam: 'Jan', email: 'jan@example.nl' },
      { naam: 'Piet', email: 'piet@example.nl' },
    ])
    const table = await file('mensen.json', records)
    expect(
      findingsOf(await scanFileForPersonalData(table, MEDIA_TYPES.json)).map((f) => [
        f.kind,
        f.location,
        f.count,
      ]),
    ).toEqual([['email', "kolom 'email', rij 1 tot 2", 2]])
    const nested = await file('los.json', JSON.stringify({ contact: { telefoon: '06-12345678' } }))
    expect(
      findingsOf(await scanFileForPersonalData(nested, MEDIA_TYPES.json)).map((f) => [
        f.kind,
        f.location,
      ]),
    ).toEqual([['telefoon', 'tekst']])
  })

  it('a CSV that is no table (an open quote) is checked over its text', async () => {
    const path = await file('kapot.csv', 'a;b\n"open;NL91 ABNA 0417 1643 00\n')
    const findings = findingsOf(await scanFileForPersonalData(path, MEDIA_TYPES.csv))
    expect(findings.map((f) => [f.kind, f.location])).toEqual([['iban', 'tekst']])
  })
})

describe('scanFileForPersonalData on documents', () => {
  it('a DOCX with an IBAN gives one finding over its text', async () => {
    const path = await file(
      'brief.docx',
      await docxFile([
        'Geachte heer,',
        'Het bedrag wordt overgemaakt op NL91 ABNA 0417 1643 00.',
        'Met vriendelijke groet',
      ]),
    )
    expect(findingsOf(await scanFileForPersonalData(path, MEDIA_TYPES.docx))).toEqual([
      {
        kind: 'iban',
        location: 'tekst',
        masked: 'NL** **** **** ***3 00',
        context: '…overgemaakt op NL** **** **** ***3 00. Met vriendelijke…',
        count: 1,
      },
    ])
  })

  it('reads past the 500,000 characters kept for search, to the end', async () => {
    const path = await file(
      'lang.docx',
      await docxFile(['woord '.repeat(150_000), 'Rekening NL91 ABNA 0417 1643 00.']),
    )
    const findings = findingsOf(await scanFileForPersonalData(path, MEDIA_TYPES.docx))
    expect(findings.map((f) => [f.kind, f.count])).toEqual([['iban', 1]])
  })

  it('a PDF gives its findings per page', async () => {
    const path = await file(
      'verslag.pdf',
      pdfFile([
        'Verslag van de avond',
        'Inspreker: tel. 06-12345678',
        'Rekening NL91ABNA0417164300 en 06 1234 5678',
      ]),
    )
    const findings = findingsOf(await scanFileForPersonalData(path, MEDIA_TYPES.pdf))
    expect(findings.map((f) => [f.kind, f.location, f.count])).toEqual([
      ['telefoon', 'pagina 2', 1],
      ['iban', 'pagina 3', 1],
      ['telefoon', 'pagina 3', 1],
    ])
  })

  it('a PDF with more pages than the page cap is not checked completely', async () => {
    const path = await file('lang.pdf', pdfFile(['een', 'twee', 'drie']))
    const scan = await scanFileForPersonalData(path, MEDIA_TYPES.pdf, { maxPdfPages: 2 })
    expect(scan).toEqual({
      ok: false,
      reason: expect.stringMatching(/niet volledig .*Alleen de eerste 2 van de 3 pagina's/),
    })
  })

  it('an image is not checked, and says why', async () => {
    const path = await file('foto.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]))
    expect(await scanFileForPersonalData(path, MEDIA_TYPES.png)).toEqual({
      ok: false,
      reason: expect.stringContaining('afbeelding'),
    })
  })
})

describe('hostile files end as not checked, never as a crash', () => {
  it('a file that is not what it says (random bytes as XLSX, DOCX, PDF)', async () => {
    const junk = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))
    for (const [name, type] of [
      ['rommel.xlsx', MEDIA_TYPES.xlsx],
      ['rommel.docx', MEDIA_TYPES.docx],
      ['rommel.pdf', MEDIA_TYPES.pdf],
    ] as const) {
      const scan = await scanFileForPersonalData(await file(name, junk), type)
      expect(scan).toEqual({
        ok: false,
        reason: expect.stringMatching(/^Het bestand kon niet volledig/),
      })
    }
  })

  it('a ZIP entry inflating past the cap', async () => {
    const path = await file('groot.docx', await docxFile(['x'.repeat(2_000_000)]))
    const scan = await scanFileForPersonalData(path, MEDIA_TYPES.docx, { maxEntryBytes: 1_000_000 })
    expect(scan).toEqual({ ok: false, reason: expect.stringContaining('te groot') })
  })

  it('a huge file that takes longer than the time limit', async () => {
    const line = 'Jansen;Dorpsstraat 12, 1234 AB Ergens;06-12345678;NL91ABNA0417164300\n'
    const path = await file('enorm.csv', line.repeat(400_000))
    const scan = await scanFileForPersonalData(path, MEDIA_TYPES.csv, { timeoutMs: 300 })
    expect(scan).toEqual({ ok: false, reason: expect.stringContaining('langer dan 1 seconde.') })
    // The thread is replaced: the next file is checked as usual.
    const next = await file('klein.csv', 'naam;mail\nJan;jan@example.nl\n')
    expect(findingsOf(await scanFileForPersonalData(next, MEDIA_TYPES.csv))).toHaveLength(1)
  })

  it('a missing path throws: that is no fault of a file', async () => {
    await expect(scanFileForPersonalData(join(tmp, 'weg.csv'), MEDIA_TYPES.csv)).rejects.toThrow()
  })
})

describe('scanTextsForPersonalData', () => {
  it("checks each document's title and description, each at its own location", async () => {
    const [first, second, third] = await scanTextsForPersonalData([
      [
        { location: 'titel', text: 'Bezwaar van J. Jansen' },
        { location: 'beschrijving', text: 'Reactie van j.jansen@example.nl, BSN 1234.56.782.' },
      ],
      [{ location: 'titel', text: 'Afvalinzameling per wijk' }],
      [{ location: 'titel', text: 'Vragen aan info@gemeente.nl' }],
    ])
    expect(first!.map((f) => [f.kind, f.location, f.masked])).toEqual([
      ['email', 'beschrijving', 'j***@*****.nl'],
      ['bsn', 'beschrijving', '****.**.782'],
    ])
    expect(second).toEqual([])
    expect(third!.map((f) => [f.kind, f.location])).toEqual([['email', 'titel']])
  })
})

import { createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { once } from 'node:events'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MEDIA_TYPES } from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { xlsx as hugeSharedStrings } from '../../test/hostile-files.ts'
import { loadTables } from './index.ts'
import type { TableOutcome } from './protocol.ts'
import { loadFile, loaded, rowsOf, xlsxFile } from './testing.ts'

/**
 * Hostile tables end in a FailedTable with a Dutch reason (or a report), quickly and without
 * taking the server's memory: the worker thread pays, or the reader refuses early.
 */
let tmp = ''
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'table-hostile-'))
})
afterAll(() => rm(tmp, { recursive: true, force: true }))

function failure(outcomes: TableOutcome[]) {
  expect(outcomes).toHaveLength(1)
  const [outcome] = outcomes
  if (!outcome || outcome.ok) throw new Error('the table was loaded')
  return outcome
}

describe('hostile tables', () => {
  it('fails a table of 100,000 columns as too wide, quickly', async () => {
    const header = Array.from({ length: 100_000 }, (_, i) => `k${i}`).join(';')
    const row = Array.from({ length: 100_000 }, () => '1').join(';')
    const started = Date.now()
    const outcome = failure(
      await loadFile(tmp, 'breed.csv', `${header}\n${row}\n${row}\n`, MEDIA_TYPES.csv),
    )
    expect(outcome.reason).toBe('De tabel heeft 100000 kolommen; het maximum is 500.')
    expect(outcome.sheet).toBeNull()
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('fails one line of 200 MB as too long without reading it whole', async () => {
    const path = join(tmp, 'lang.csv')
    const out = createWriteStream(path)
    out.write('naam;waarde\n')
    const chunk = Buffer.alloc(4 * 1024 * 1024, 'a')
    for (let i = 0; i < 50; i++) if (!out.write(chunk)) await once(out, 'drain')
    out.end('\n')
    await once(out, 'finish')
    const outDir = join(tmp, 'lang-out')
    await mkdir(outDir)
    const started = Date.now()
    // A heap of 128 MB could not hold the line: failing as too long proves it was not read.
    const outcome = failure(
      await loadTables({
        filePath: path,
        mediaType: MEDIA_TYPES.csv,
        outDir,
        limits: { memoryMb: 128 },
      }),
    )
    expect(outcome.reason).toBe(
      'Regel 2 is te lang (meer dan 8 MB); het bestand kan niet als tabel worden gelezen.',
    )
    expect(Date.now() - started).toBeLessThan(10_000)
  })

  it('ends an unbalanced quote in a failure, not a hang', async () => {
    const rows = Array.from({ length: 2_000 }, (_, i) => `${i};tekst ${i}`).join('\n')
    const csv = `n;tekst\n1;"nooit gesloten\n${rows}\n`
    const outcome = failure(await loadFile(tmp, 'quote.csv', csv, MEDIA_TYPES.csv))
    expect(outcome.reason).toBe(
      'Een aanhalingsteken (") op regel 2 wordt niet gesloten; het bestand kan niet als tabel worden gelezen.',
    )
  })

  it('reads a quote inside a cell as text', async () => {
    const csv = 'naam;maat\nStoel 20";2\nTafel 3" hoog;1\n'
    const table = loaded(await loadFile(tmp, 'inch.csv', csv, MEDIA_TYPES.csv))
    expect(await rowsOf(table)).toEqual([
      ['2', 'Stoel 20"', '2'],
      ['3', 'Tafel 3" hoog', '1'],
    ])
  })

  it('reads only the cells present in a sheet that claims a billion', async () => {
    const bytes = await xlsxFile([
      {
        name: 'Groot',
        dimension: 'A1:XFD1048576',
        data:
          '<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c><c r="B1" t="inlineStr"><is><t>b</t></is></c></row>' +
          '<row r="2"><c r="A2"><v>1</v></c><c r="B2"><v>2</v></c></row>' +
          '<row r="1048575"><c r="A1048575"><v>3</v></c></row>' +
          '<row r="1048576"><c r="XFD1048576"><v>4</v></c></row>',
      },
      {
        name: 'Breed',
        data: '<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c><c r="XFD1" t="inlineStr"><is><t>z</t></is></c></row><row r="2"><c r="A2"><v>1</v></c></row>',
      },
    ])
    const started = Date.now()
    const outcomes = await loadFile(tmp, 'miljard.xlsx', bytes, MEDIA_TYPES.xlsx)
    expect(Date.now() - started).toBeLessThan(5_000)
    const table = loaded(outcomes)
    expect(await rowsOf(table)).toEqual([
      ['2', '1', '2'],
      ['1048575', '3', null],
      ['1048576', null, null],
    ])
    expect(table.report.errors.map((e) => [e.type, e.rowNumber])).toEqual([['extra-cell', 1048576]])
    expect(outcomes[1]).toMatchObject({
      ok: false,
      sheet: 'Breed',
      reason: 'De tabel heeft 16384 kolommen; het maximum is 500.',
    })
  })

  it('fails a sheet or a JSON file with a cell past maxLineBytes as too long', async () => {
    const long = 'x'.repeat(2_000)
    const bytes = await xlsxFile([
      {
        name: 'Kort',
        data: '<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row><row r="2"><c r="A2"><v>1</v></c></row>',
      },
      {
        name: 'Lang',
        data: `<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>${long}</t></is></c></row>`,
      },
    ])
    const limits = { maxLineBytes: 1_000 }
    const outcomes = await loadFile(tmp, 'lang.xlsx', bytes, MEDIA_TYPES.xlsx, { limits })
    expect(outcomes.map((o) => [o.sheet, o.ok])).toEqual([
      ['Kort', true],
      ['Lang', false],
    ])
    expect(outcomes[1]).toMatchObject({
      reason: 'Rij 2 heeft een cel van meer dan 1 kB; de tabel kan niet worden geladen.',
    })
    const json = JSON.stringify([{ a: 'kort' }, { a: long }])
    const outcome = failure(await loadFile(tmp, 'lang.json', json, MEDIA_TYPES.json, { limits }))
    expect(outcome.reason).toMatch(/^Rij 2 heeft een cel van meer dan/)
  })

  it('refuses a JSON array of arrays, and other JSON that is no table', async () => {
    for (const json of ['[[1,2],[3,4]]', '{"a":1}', '[1,2,3]', '"tekst"', '[]']) {
      const outcome = failure(await loadFile(tmp, 'geen.json', json, MEDIA_TYPES.json))
      expect(outcome.reason).toMatch(/^Het bestand bevat geen tabel/)
    }
    const broken = failure(await loadFile(tmp, 'kapot.json', '[{"a":', MEDIA_TYPES.json))
    expect(broken.reason).toBe('Het bestand is geen geldige JSON.')
  })

  it('refuses a binary file with a .csv name as no text', async () => {
    const bytes = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x01, 0x02, 0x0a, 0x41])
    const outcome = failure(await loadFile(tmp, 'binair.csv', bytes, MEDIA_TYPES.csv))
    expect(outcome.reason).toMatch(/geen tekst/)
  })

  it('fails a damaged workbook as unreadable', async () => {
    const bytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(512, 1)])
    const outcome = failure(await loadFile(tmp, 'kapot.xlsx', bytes, MEDIA_TYPES.xlsx))
    expect(outcome.reason).toBe(
      'Het bestand kan niet als tabel worden gelezen; het is mogelijk beschadigd.',
    )
  })
})

describe('the worker thread pays for a load that takes too long or too much', () => {
  it('ends a load past its time limit in a FailedTable', async () => {
    const csv = `n;tekst\n${Array.from({ length: 200_000 }, (_, i) => `${i};rij ${i}`).join('\n')}\n`
    const outcome = failure(
      await loadFile(tmp, 'traag.csv', csv, MEDIA_TYPES.csv, { limits: { timeoutMs: 50 } }),
    )
    expect(outcome.reason).toBe('Het laden duurde langer dan 1 seconde.')
  })

  it('ends a load past its heap in a FailedTable, and the next load works', async () => {
    // One shared string of 100 million letters, more than a heap of 64 MB can hold.
    const bytes = await hugeSharedStrings({
      firstWord: 'x',
      rows: 2,
      sharedStringsBytes: 100_000_000,
    })
    const outcome = failure(
      await loadFile(tmp, 'geheugen.xlsx', bytes, MEDIA_TYPES.xlsx, { limits: { memoryMb: 64 } }),
    )
    expect(outcome.reason).toBe('Het bestand vraagt te veel geheugen om als tabel te laden.')
    const table = loaded(
      await loadFile(tmp, 'daarna.csv', 'a;b\n1;2\n', MEDIA_TYPES.csv, {
        limits: { memoryMb: 64 },
      }),
    )
    expect(table.rowCount).toBe(1)
  })

  it('throws for a missing file: not the file’s fault', async () => {
    await expect(
      loadTables({
        filePath: join(tmp, 'bestaat-niet.csv'),
        mediaType: MEDIA_TYPES.csv,
        outDir: tmp,
      }),
    ).rejects.toMatchObject({ code: 'ENOENT' })
  })
})

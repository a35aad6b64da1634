import type { TableLoadLimits } from '../table-loading/protocol.ts'
import type { RawRow, TableSource } from '../table-loading/source.ts'
import { HEADER_WINDOW, headerIndex, isBlank } from '../table-loading/table-builder.ts'
import { detect } from './detectors.ts'
import { FindingCollector } from './findings.ts'
import { collapseWhitespace } from './text-scan.ts'
import type { FileScan } from './protocol.ts'

/**
 * The personal-data check of a table: every cell, one finding per sheet, column and kind with
 * the number of cells and the rows they stand in, so a column of a thousand BSNs is one finding.
 */

/** The widest sheet Excel makes: a file's every column is read, not only the loader's 1,000. */
export const SCAN_MAX_COLUMNS = 16_384

/** Column index 0 as `A`, 26 as `AA`, as a spreadsheet names it. */
export function columnLetter(index: number): string {
  let letters = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters
  }
  return letters
}

// No value is shorter than six characters (`a@b.nl`); a cell of only figures and the signs of
// numbers, dates and amounts holds a value only with nine digits or more (a BSN).
const NUMBER_SIGNS = /^[\d\s.,:;%€$+\-/()]*$/
function mayHoldValue(cell: string): boolean {
  if (cell.length < 6) return false
  if (!NUMBER_SIGNS.test(cell)) return /[\d@]/.test(cell)
  let digits = 0
  for (let i = 0; i < cell.length && digits < 9; i++) {
    const code = cell.charCodeAt(i)
    if (code >= 48 && code <= 57) digits++
  }
  return digits >= 9
}

/** One sheet's header as the loader finds it: the labels of its columns. */
class SheetHeader {
  private candidates: RawRow[] | null = []
  labels: string[] = []

  constructor(private readonly headerFirst: boolean) {}

  see(row: RawRow): void {
    if (this.candidates === null || isBlank(row)) return
    this.candidates.push({ rowNumber: row.rowNumber, cells: [...row.cells] })
    if (this.headerFirst || this.candidates.length >= HEADER_WINDOW) this.decide()
  }

  decide(): void {
    if (this.candidates === null) return
    const header = this.candidates[headerIndex(this.candidates, this.headerFirst)]
    this.labels = header ? header.cells.map((cell) => cell.trim()) : []
    this.candidates = null
  }
}

/**
 * Reads every row of every sheet of `source` and checks each cell. A row wider than
 * SCAN_MAX_COLUMNS or a cell longer than `maxLineBytes` could not be read whole: then the
 * file is not checked completely, and says so.
 */
export async function scanTable(source: TableSource, limits: TableLoadLimits): Promise<FileScan> {
  const collector = new FindingCollector(true)
  const sheets = new Map<number, { name: string | null; header: SheetHeader }>()
  let incomplete: string | null = null
  await source.read((sheet, row) => {
    let state = sheets.get(sheet.index)
    if (!state) {
      state = { name: sheet.name, header: new SheetHeader(source.headerFirst) }
      sheets.set(sheet.index, state)
    }
    state.header.see(row)
    if ((row.width ?? 0) > row.cells.length) {
      incomplete = `Rij ${row.rowNumber} heeft meer dan ${SCAN_MAX_COLUMNS} kolommen.`
      return false
    }
    for (const [column, raw] of row.cells.entries()) {
      if (raw.length > limits.maxLineBytes) {
        incomplete = `Rij ${row.rowNumber} heeft een cel die te lang is om te lezen.`
        return false
      }
      if (!mayHoldValue(raw)) continue
      const cell = collapseWhitespace(raw)
      const detection = detect(cell)
      if (detection.hits.length === 0 && detection.misses.bsn + detection.misses.betaalkaart === 0)
        continue
      collector.add(`${sheet.index}:${column}`, cell, detection, {
        row: row.rowNumber,
        repeat: row.repeat ?? 1,
      })
    }
    return true
  })
  if (incomplete !== null) return { ok: false, reason: notComplete(incomplete) }
  for (const { header } of sheets.values()) header.decide()
  const findings = collector.findings((place, firstRow, lastRow) => {
    const [sheetIndex = 0, column = 0] = place.split(':').map(Number)
    const sheet = sheets.get(sheetIndex)
    const label = sheet?.header.labels[column] ?? ''
    const named = label === '' ? `kolom ${columnLetter(column)}` : `kolom '${label}'`
    // JSON has no column letters; a sheet's or a CSV's column is also shown by its letter.
    const letter = label !== '' && !source.headerFirst ? ` (${columnLetter(column)})` : ''
    const rows = firstRow === lastRow ? `rij ${firstRow}` : `rij ${firstRow} tot ${lastRow}`
    const where = `${named}${letter}, ${rows}`
    return sheet?.name ? `blad '${sheet.name}', ${where}` : where
  })
  return { ok: true, findings }
}

/** The reason a file counts as not checked: it could not be read to its end. */
export const notComplete = (why: string) =>
  `Het bestand kon niet volledig op persoonsgegevens worden gecontroleerd. ${why}`

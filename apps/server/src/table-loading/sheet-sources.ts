import { openWorkbook, walkSheet } from '../extraction/xlsx.ts'
import { localName, readXml } from '../extraction/xml.ts'
import { ZipArchive } from '../extraction/zip.ts'
import type { TableLoadLimits } from './protocol.ts'
import type { TableSource } from './source.ts'

// Shared strings are held whole while a workbook is read; past this many characters they
// read as empty (the heap cap would end the load anyway).
const SHARED_STRINGS_BUDGET = 64 * 1024 * 1024

/**
 * The cells of one row, kept up to one past the column cap: a wider row only needs to be
 * known as too wide (its width is counted, its far cells are not kept).
 */
class RowCells {
  cells: string[] = []
  width = 0

  constructor(private readonly cap: number) {}

  set(column: number, text: string, repeat = 1) {
    if (text === '') return
    for (let k = 0; k < repeat && column + k < this.cap; k++) {
      const at = column + k
      while (this.cells.length < at) this.cells.push('')
      if (at === this.cells.length) this.cells.push(text)
      else this.cells[at] = text
    }
    this.width = Math.max(this.width, column + repeat)
  }

  take() {
    const row = { cells: this.cells, width: this.width }
    this.cells = []
    this.width = 0
    return row
  }
}

/** An Excel workbook: each sheet a table, its cells streamed as the file holds them. */
export async function xlsxSource(filePath: string, limits: TableLoadLimits): Promise<TableSource> {
  const book = await openWorkbook(filePath, limits.maxEntryBytes, SHARED_STRINGS_BUDGET)
  return {
    numberStyle: 'point',
    reportsMissingCells: false,
    headerFirst: false,
    async read(sink) {
      for (const [index, { name, part }] of book.sheets.entries()) {
        const sheet = { index, name }
        const row = new RowCells(limits.maxColumns + 1)
        let rowNumber = 0
        let stop = false
        // One character past the cap is kept, so that the table fails as too long.
        await walkSheet(book, part, limits.maxLineBytes + 1, {
          row: (number) => {
            rowNumber = number
          },
          cell: (column, text) => row.set(column, text),
          rowEnd: () => {
            if (!stop) stop = !sink(sheet, { rowNumber, ...row.take() })
          },
          done: () => stop,
        })
      }
    },
  }
}

// Annotations and change-tracking records are not part of a cell's value.
const HIDDEN = new Set(['annotation', 'tracked-changes'])
const NUMBER_TYPES = new Set(['float', 'percentage', 'currency'])

/** An OpenDocument spreadsheet: each sheet (`table:table`) a table, content.xml streamed. */
export async function odsSource(filePath: string, limits: TableLoadLimits): Promise<TableSource> {
  const archive = await ZipArchive.open(filePath, limits.maxEntryBytes)
  return {
    numberStyle: 'point',
    reportsMissingCells: false,
    headerFirst: false,
    async read(sink) {
      let sheet = { index: -1, name: '' as string | null }
      let stopped = false
      const row = new RowCells(limits.maxColumns + 1)
      let rowNumber = 1
      let rowRepeat = 1
      let column = 0
      let cell: { value: string | null; repeat: number; text: string[] } | null = null
      let hidden = 0
      let paragraphs = 0
      const repeatOf = (value: string | undefined) => {
        const n = Number(value ?? 1)
        return Number.isSafeInteger(n) && n > 0 ? n : 1
      }
      let cellChars = 0
      // Past the cap a cell's text is no longer kept, but one character more shows it was.
      const addText = (text: string) => {
        if (!cell || hidden > 0 || cellChars > limits.maxLineBytes) return
        cell.text.push(text)
        cellChars += text.length
      }
      await readXml(archive.stream('content.xml'), {
        open(name, attributes) {
          const local = localName(name)
          if (HIDDEN.has(local)) hidden++
          else if (local === 'table') {
            sheet = { index: sheet.index + 1, name: attributes['table:name'] ?? '' }
            stopped = false
            rowNumber = 1
          } else if (local === 'table-row') {
            rowRepeat = repeatOf(attributes['table:number-rows-repeated'])
            column = 0
          } else if (local === 'table-cell' || local === 'covered-table-cell') {
            const type = attributes['office:value-type']
            let value: string | null = null
            if (type && NUMBER_TYPES.has(type)) value = attributes['office:value'] ?? null
            else if (type === 'date') value = (attributes['office:date-value'] ?? '').slice(0, 19)
            else if (type === 'boolean') value = attributes['office:boolean-value'] ?? null
            cell = {
              value,
              repeat: repeatOf(attributes['table:number-columns-repeated']),
              text: [],
            }
            cellChars = 0
            paragraphs = 0
          } else if (local === 'p' && cell && hidden === 0) {
            if (paragraphs++ > 0) addText('\n')
          } else if (local === 's') addText(' ')
          else if (local === 'tab') addText('\t')
          else if (local === 'line-break') addText('\n')
        },
        close(name) {
          const local = localName(name)
          if (HIDDEN.has(local)) hidden--
          else if ((local === 'table-cell' || local === 'covered-table-cell') && cell) {
            // Repeated empty cells (a sheet's trailing thousands) only move the column on.
            row.set(column, cell.value ?? cell.text.join(''), cell.repeat)
            column += cell.repeat
            cell = null
          } else if (local === 'table-row') {
            const cells = row.take()
            if (!stopped) stopped = !sink(sheet, { rowNumber, repeat: rowRepeat, ...cells })
            rowNumber += rowRepeat
          }
        },
        text: addText,
      })
    },
  }
}

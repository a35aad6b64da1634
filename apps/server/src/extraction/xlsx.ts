import type { ExtractionLimits } from './limits.ts'
import { mainPart, relationships } from './office.ts'
import { TextCollector } from './text.ts'
import { localName, readXml } from './xml.ts'
import { ZipArchive } from './zip.ts'

/**
 * The text of an Excel workbook, read as streams: every sheet's cells row by row, in sheet
 * order, stopped at the text cap. Nothing holds a whole sheet; only the shared strings table
 * is kept, and only up to a budget.
 */

// Built-in number formats that show a date or time (ECMA-376 part 1, 18.8.30).
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47])
const DAY_MS = 86_400_000
// Days from Excel's day 0 (1899-12-30, or 1904-01-01 in the 1904 system) to 1970-01-01.
const UNIX_EPOCH_SERIAL = 25_569
const DATE_1904_OFFSET = 1_462

interface Workbook {
  sheets: Array<{ name: string; part: string }>
  date1904: boolean
  sharedStrings: string | undefined
  styles: string | undefined
}

/** A custom format shows a date when it has date or time letters outside quotes and brackets. */
function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\\./g, '')
  return /[ymdhs]/i.test(bare)
}

async function readWorkbook(archive: ZipArchive): Promise<Workbook> {
  const part = await mainPart(archive, 'xl/workbook.xml')
  const rels = await relationships(archive, part)
  const sheets: Workbook['sheets'] = []
  let date1904 = false
  await readXml(archive.stream(part, { whole: true }), {
    open(name, attributes) {
      const local = localName(name)
      if (local === 'workbookPr') {
        date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true'
      } else if (local === 'sheet') {
        const id =
          attributes['r:id'] ?? Object.entries(attributes).find(([k]) => k.endsWith(':id'))?.[1]
        const target = id ? rels.byId.get(id) : undefined
        if (target && archive.has(target))
          sheets.push({ name: attributes.name ?? '', part: target })
      }
    },
  })
  return {
    sheets,
    date1904,
    sharedStrings: rels.byType.get('sharedStrings'),
    styles: rels.byType.get('styles'),
  }
}

/** For every cell style (the `s` of a cell): whether it shows a date. */
async function readDateStyles(archive: ZipArchive, part: string | undefined): Promise<boolean[]> {
  if (!part || !archive.has(part)) return []
  const customDates = new Set<number>()
  const styles: boolean[] = []
  let inCellXfs = false
  await readXml(archive.stream(part, { whole: true }), {
    open(name, attributes) {
      const local = localName(name)
      if (local === 'numFmt' && isDateFormat(attributes.formatCode ?? '')) {
        customDates.add(Number(attributes.numFmtId))
      } else if (local === 'cellXfs') {
        inCellXfs = true
      } else if (local === 'xf' && inCellXfs) {
        const id = Number(attributes.numFmtId ?? 0)
        styles.push(BUILT_IN_DATE_FORMATS.has(id) || customDates.has(id))
      }
    },
    close(name) {
      if (localName(name) === 'cellXfs') inCellXfs = false
    },
  })
  return styles
}

/**
 * The shared strings, in order. Cells refer to them by index, so the table is read whole,
 * but it keeps at most `budget` characters: strings past it read as empty, which loses no
 * more than the text cap would.
 */
async function readSharedStrings(
  archive: ZipArchive,
  part: string | undefined,
  budget: number,
): Promise<string[]> {
  if (!part || !archive.has(part)) return []
  const strings: string[] = []
  let kept = 0
  let current: string[] | null = null
  let phonetic = false
  let inText = false
  await readXml(archive.stream(part, { whole: true }), {
    open(name) {
      const local = localName(name)
      if (local === 'si') current = []
      else if (local === 'rPh') phonetic = true
      else if (local === 't') inText = true
    },
    close(name) {
      const local = localName(name)
      if (local === 'si' && current) {
        const value = kept < budget ? current.join('').slice(0, budget - kept) : ''
        kept += value.length
        strings.push(value)
        current = null
      } else if (local === 'rPh') phonetic = false
      else if (local === 't') inText = false
    },
    text(value) {
      // Phonetic guides (furigana) repeat the text in another script.
      if (inText && !phonetic && current && kept < budget) current.push(value)
    },
  })
  return strings
}

/** A date cell: `YYYY-MM-DD`, with `THH:MM:SS` when the serial has a time of day. */
function excelDate(serial: number, date1904: boolean): string | null {
  const ms = Math.round((serial - UNIX_EPOCH_SERIAL + (date1904 ? DATE_1904_OFFSET : 0)) * DAY_MS)
  const date = new Date(ms)
  if (Number.isNaN(date.getTime())) return null
  const iso = date.toISOString()
  return ms % DAY_MS === 0 ? iso.slice(0, 10) : iso.slice(0, 19)
}

/** An opened workbook: its sheets, and how to turn a cell into text. */
export interface XlsxBook {
  archive: ZipArchive
  sheets: ReadonlyArray<{ name: string; part: string }>
  cellText(type: string, style: number, value: string, inline: string): string
}

/** Opens a workbook; at most `sharedBudget` characters of shared strings are kept. */
export async function openWorkbook(
  filePath: string,
  maxEntryBytes: number,
  sharedBudget: number,
): Promise<XlsxBook> {
  const archive = await ZipArchive.open(filePath, maxEntryBytes)
  const workbook = await readWorkbook(archive)
  const dateStyles = await readDateStyles(archive, workbook.styles)
  const shared = await readSharedStrings(archive, workbook.sharedStrings, sharedBudget)
  const cellText = (type: string, style: number, value: string, inline: string): string => {
    switch (type) {
      case 's':
        return shared[Number(value)] ?? ''
      case 'inlineStr':
        return inline
      case 'str':
        return value
      case 'b':
        return value === '1' ? 'true' : 'false'
      case 'e':
        return '' // error values such as #DIV/0!
      case 'd':
        return value.length > 10 ? value.slice(0, 19) : value.slice(0, 10)
      default: {
        const number = Number(value)
        if (value === '' || Number.isNaN(number)) return value
        if (dateStyles[style]) return excelDate(number, workbook.date1904) ?? value
        return String(number)
      }
    }
  }
  return { archive, sheets: workbook.sheets, cellText }
}

/** Column index (0 for A) of a cell reference such as `AB12`; -1 when there is none. */
function columnOf(reference: string | undefined): number {
  if (!reference) return -1
  let column = 0
  let i = 0
  for (; i < reference.length && i < 4; i++) {
    const code = reference.charCodeAt(i) & ~32 // upper case
    if (code < 65 || code > 90) break
    column = column * 26 + (code - 64)
  }
  return i === 0 ? -1 : column - 1
}

export interface SheetHandlers {
  /** A row opens; its number in the sheet (1 the first). */
  row(rowNumber: number): void
  /** A cell of the open row, by column index (0 for A). */
  cell(column: number, text: string): void
  rowEnd(): void
  /** Checked after every chunk: true ends the read early. */
  done?(): boolean
}

/**
 * Streams a sheet's cells as present in the file: a sheet that claims a billion cells in its
 * dimension costs only the cells it holds. A cell's text stops at `maxCellChars`.
 */
export async function walkSheet(
  book: XlsxBook,
  part: string,
  maxCellChars: number,
  handlers: SheetHandlers,
): Promise<void> {
  let cell: { type: string; style: number; column: number } | null = null
  let value = ''
  let inline = ''
  let reading: 'v' | 't' | null = null
  let rowNumber = 0
  let column = -1
  await readXml(book.archive.stream(part), {
    open(name, attributes) {
      const local = localName(name)
      if (local === 'c') {
        const at = columnOf(attributes.r)
        column = at >= 0 ? at : column + 1
        cell = { type: attributes.t ?? 'n', style: Number(attributes.s ?? 0), column }
        value = ''
        inline = ''
      } else if (local === 'row') {
        const at = Number(attributes.r)
        rowNumber = Number.isSafeInteger(at) && at > rowNumber ? at : rowNumber + 1
        column = -1
        handlers.row(rowNumber)
      } else if (cell && local === 'v') reading = 'v'
      else if (cell && local === 't') reading = 't'
    },
    close(name) {
      const local = localName(name)
      if (local === 'c' && cell) {
        handlers.cell(cell.column, book.cellText(cell.type, cell.style, value, inline))
        cell = null
      } else if (local === 'row') handlers.rowEnd()
      else if (local === 'v' || local === 't') reading = null
    },
    text(chunk) {
      if (reading === 'v' && value.length < maxCellChars) value += chunk
      else if (reading === 't' && inline.length < maxCellChars) inline += chunk
    },
    done: handlers.done,
  })
}

export async function extractXlsx(filePath: string, limits: ExtractionLimits): Promise<string> {
  const book = await openWorkbook(filePath, limits.maxEntryBytes, limits.maxChars * 2)
  const text = new TextCollector(limits.maxChars)
  for (const sheet of book.sheets) {
    if (text.full) break
    text.add(` ${sheet.name}`)
    await walkSheet(book, sheet.part, limits.maxChars, {
      row: () => undefined,
      cell: (_column, value) => text.add(` ${value}`),
      rowEnd: () => text.add('\n'),
      // One cell can hold no more than the whole file's text may.
      done: () => text.full,
    })
  }
  return text.toString()
}

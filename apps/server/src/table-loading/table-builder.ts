import type { FieldType, TableField, TableSchema } from '@dataportaal/contract'
import { CopyWriter, copyEscape } from './copy-writer.ts'
import type { TableLoadLimits, TableOutcome, TypeOverrides } from './protocol.ts'
import { ReportCollector, byteSize, emptyReport, quote } from './report.ts'
import type { RawRow, TableSource } from './source.ts'
import { StatsCollector } from './stats.ts'
import {
  ColumnGuess,
  MISSING_VALUES,
  formatOf,
  isMissing,
  parseBoolean,
  parseDate,
  parseDateTime,
  parseNumber,
  type NumberStyle,
} from './values.ts'

// Non-blank rows looked at to find the header below title lines.
export const HEADER_WINDOW = 10
// Longer column names are cut (the dictionary accepts names up to 1,000 characters).
const MAX_NAME = 1_000

const TYPE_WORDS: Record<FieldType, string> = {
  integer: 'geheel getal',
  number: 'getal',
  boolean: 'ja/nee-waarde',
  date: 'datum',
  datetime: 'datum met tijd',
  string: 'tekst',
  geojson: 'GeoJSON-geometrie',
}

// A row whose only cells lie past the kept columns is not blank: those are extra cells.
export const isBlank = (row: RawRow) =>
  (row.width ?? 0) <= row.cells.length && row.cells.every((cell) => cell.trim() === '')
const filled = (row: RawRow) => row.cells.reduce((n, cell) => (cell.trim() === '' ? n : n + 1), 0)

export const tooWide = (columns: number, max: number) =>
  `De tabel heeft ${columns} kolommen; het maximum is ${max}.`

/** The header row's labels made usable: blank ones named, duplicates numbered. */
function fixLabels(labels: readonly string[], rowNumber: number, report: ReportCollector) {
  const names: string[] = []
  const used = new Set<string>()
  const unique = (base: string) => {
    let name = base
    for (let n = 2; used.has(name); n++) name = `${base}_${n}`
    used.add(name)
    return name
  }
  labels.forEach((label, index) => {
    const trimmed = label.trim().slice(0, MAX_NAME)
    if (trimmed === '') {
      const name = unique(`kolom_${index + 1}`)
      report.add(
        'blank-label',
        name,
        rowNumber,
        () => `Kolom ${index + 1} heeft geen naam; de kolom heet nu ${quote(name)}.`,
      )
      names.push(name)
    } else if (used.has(trimmed)) {
      const name = unique(trimmed)
      report.add(
        'duplicate-label',
        name,
        rowNumber,
        () =>
          `De kolomnaam ${quote(trimmed)} komt vaker voor; kolom ${index + 1} heet nu ${quote(name)}.`,
      )
      names.push(name)
    } else {
      names.push(unique(trimmed))
    }
  })
  return names
}

/**
 * Which of a table's first non-blank rows (at most HEADER_WINDOW) is its header: the first
 * that fills at least half as many cells as the fullest, so a title line above it is not.
 */
export function headerIndex(candidates: readonly RawRow[], headerFirst: boolean): number {
  if (headerFirst) return 0
  const most = Math.max(...candidates.map(filled))
  return Math.max(
    0,
    candidates.findIndex((row) => {
      const n = filled(row)
      return n * 2 >= most && (n > 1 || most <= 1)
    }),
  )
}

/** Pass 1 over one table: finds the header, checks the width, counts what the values fit. */
export class TableScan {
  private candidates: RawRow[] | null = []
  headerRow = 0
  labels: string[] = []
  guesses: ColumnGuess[] = []
  failure: string | null = null
  private rows = 0

  constructor(
    private readonly source: TableSource,
    private readonly limits: TableLoadLimits,
  ) {}

  get empty() {
    return this.candidates !== null && this.candidates.length === 0
  }

  accept(row: RawRow): boolean {
    if (this.failure !== null) return false
    // A CSV line is checked as it streams in; a sheet's or a JSON file's cell here.
    if (row.cells.some((cell) => cell.length > this.limits.maxLineBytes)) {
      const size = byteSize(this.limits.maxLineBytes)
      this.failure = `Rij ${row.rowNumber} heeft een cel van meer dan ${size}; de tabel kan niet worden geladen.`
      return false
    }
    if (this.candidates !== null) {
      if (isBlank(row) && !this.source.headerFirst) return true
      this.candidates.push(row)
      const wide = (row.width ?? row.cells.length) > this.limits.maxColumns
      if (this.source.headerFirst || wide || this.candidates.length >= HEADER_WINDOW) {
        return this.decideHeader()
      }
      return true
    }
    return this.data(row)
  }

  /** The end of the table's rows. */
  finish(): void {
    if (this.candidates !== null && this.candidates.length > 0) this.decideHeader()
  }

  private decideHeader(): boolean {
    const candidates = this.candidates ?? []
    this.candidates = null
    // A title line (one cell above a header of several) is not the header.
    const index = headerIndex(candidates, this.source.headerFirst)
    const header = candidates[index]
    if (!header) return false
    this.headerRow = header.rowNumber
    let width = header.cells.length
    while (width > 0 && (header.cells[width - 1] ?? '').trim() === '') width--
    if (header.width !== undefined && header.width > header.cells.length) width = header.width
    if (width > this.limits.maxColumns) {
      this.failure = tooWide(width, this.limits.maxColumns)
      return false
    }
    this.labels = header.cells.slice(0, width)
    this.guesses = this.labels.map(() => new ColumnGuess())
    for (const row of candidates.slice(index + 1)) if (!this.data(row)) return false
    return true
  }

  private data(row: RawRow): boolean {
    if (isBlank(row)) return true
    const repeat = Math.min(row.repeat ?? 1, this.limits.maxRows + 1 - this.rows)
    for (let r = 0; r < repeat; r++) {
      if (++this.rows > this.limits.maxRows) return false
      this.guesses.forEach((guess, i) => {
        const value = (row.cells[i] ?? '').trim()
        if (!isMissing(value)) guess.add(value)
      })
    }
    return this.rows <= this.limits.maxRows
  }
}

interface Column {
  field: Omit<TableField, 'stats'>
  style: NumberStyle
  stats: StatsCollector
}

type Converted = { text: string; value: string | number | boolean } | null

function convert(column: Column, value: string, raw: string): Converted {
  switch (column.field.type) {
    case 'integer':
    case 'number': {
      const parsed = parseNumber(value, column.style)
      if (!parsed || (column.field.type === 'integer' && !parsed.integer)) return null
      return { text: parsed.text, value: Number(parsed.text) }
    }
    case 'boolean': {
      const parsed = parseBoolean(value)
      return parsed === null ? null : { text: parsed ? 't' : 'f', value: parsed }
    }
    case 'date': {
      const parsed = parseDate(value)
      return parsed && { text: parsed.text, value: parsed.text }
    }
    case 'datetime': {
      const parsed = parseDateTime(value) ?? parseDate(value)
      if (!parsed) return null
      const text = parsed.text.length === 10 ? `${parsed.text}T00:00:00` : parsed.text
      return { text, value: text }
    }
    case 'geojson': {
      try {
        const geometry: unknown = JSON.parse(value)
        return geometry !== null && typeof geometry === 'object' ? { text: value, value } : null
      } catch {
        return null
      }
    }
    case 'string':
      return { text: raw, value: raw }
  }
}

/** Pass 2 over one table: writes the normalised rows, the statistics and the report. */
export class TableWriter {
  private readonly columns: Column[]
  private readonly writer: CopyWriter
  private rows = 0
  private blank: { from: number; count: number } | null = null
  private cut = false

  constructor(
    private readonly scan: TableScan,
    private readonly source: TableSource,
    private readonly limits: TableLoadLimits,
    private readonly report: ReportCollector,
    names: string[],
    overrides: TypeOverrides,
    outDir: string,
    prefix: string,
  ) {
    this.writer = new CopyWriter(outDir, prefix, limits.chunkBytes)
    this.columns = names.map((name, i) => {
      const guess = scan.guesses[i] ?? new ColumnGuess()
      const style = guess.numberStyle(source.numberStyle)
      const type = overrides[name] ?? source.fixedTypes?.get(i) ?? guess.type(style)
      const field: Column['field'] = { name, type }
      if (type === 'integer' || type === 'number') {
        field.decimalChar = style === 'comma' ? ',' : '.'
        field.groupChar = style === 'comma' ? '.' : ','
      } else if (type === 'date') field.format = formatOf(guess.dateFormats)
      else if (type === 'datetime') field.format = formatOf(guess.datetimeFormats)
      else if (type === 'boolean') {
        field.trueValues = guess.trueValues.size ? [...guess.trueValues] : ['ja', 'true', 'waar']
        field.falseValues = guess.falseValues.size
          ? [...guess.falseValues]
          : ['nee', 'false', 'onwaar']
      } else field.format = 'default'
      return { field, style, stats: new StatsCollector(type !== 'geojson') }
    })
  }

  accept(row: RawRow): boolean {
    if (this.cut) return false
    if (row.rowNumber <= this.scan.headerRow) return true
    const repeat = row.repeat ?? 1
    if (isBlank(row)) {
      if (this.blank && this.blank.from + this.blank.count === row.rowNumber)
        this.blank.count += repeat
      else {
        this.flushBlank()
        this.blank = { from: row.rowNumber, count: repeat }
      }
      return true
    }
    for (let r = 0; r < repeat; r++) {
      const rowNumber = row.rowNumber + r
      if (this.rows >= this.limits.maxRows) {
        this.cut = true
        const max = this.limits.maxRows
        this.report.add(
          'table-cut',
          undefined,
          rowNumber,
          () =>
            `De tabel heeft meer dan ${max} rijen; alleen de eerste ${max} zijn geladen (tot rij ${rowNumber}).`,
        )
        return false
      }
      this.flushBlank()
      this.write(row, rowNumber)
    }
    return true
  }

  private flushBlank() {
    const blank = this.blank
    if (!blank) return
    this.blank = null
    const shown = Math.min(blank.count, 10)
    for (let r = 0; r < shown; r++) {
      const rowNumber = blank.from + r
      this.report.add('blank-row', undefined, rowNumber, () => `Rij ${rowNumber} is leeg.`)
    }
    if (blank.count > shown)
      this.report.add('blank-row', undefined, undefined, () => '', blank.count - shown)
  }

  private write(row: RawRow, rowNumber: number) {
    this.rows++
    const { cells } = row
    const width = this.columns.length
    const extra =
      cells.slice(width).some((cell) => cell.trim() !== '') || (row.width ?? 0) > cells.length
    if (extra) {
      const n = Math.max(row.width ?? 0, cells.length)
      this.report.add(
        'extra-cell',
        undefined,
        rowNumber,
        () =>
          `Rij ${rowNumber} heeft ${n} cellen, meer dan de ${width} kolommen; de cellen daarna zijn weggelaten.`,
      )
    }
    if (this.source.reportsMissingCells && cells.length < width) {
      const first = this.columns[cells.length]?.field.name
      this.report.add(
        'missing-cell',
        first,
        rowNumber,
        () =>
          `Rij ${rowNumber} heeft ${cells.length} cellen, minder dan de ${width} kolommen; de ontbrekende cellen zijn leeg.`,
      )
    }
    let line = String(rowNumber)
    for (let i = 0; i < width; i++) {
      const column = this.columns[i] as Column
      const raw = cells[i] ?? ''
      const value = raw.trim()
      if (isMissing(value)) {
        column.stats.addEmpty()
        line += '\t\\N'
        continue
      }
      const converted = convert(column, value, raw)
      if (converted === null) {
        const { name, type } = column.field
        this.report.add(
          'type-error',
          name,
          rowNumber,
          () =>
            `Rij ${rowNumber}: ${quote(value)} in kolom ${quote(name)} is geen ${TYPE_WORDS[type]}.`,
        )
        line += '\t\\N'
        continue
      }
      if (column.field.type !== 'geojson') column.stats.add(converted.value, converted.text)
      else column.stats.addGeometry(JSON.parse(converted.text))
      line += `\t${copyEscape(converted.text)}`
    }
    this.writer.line(`${line}\n`)
  }

  finish(sheet: string | null): TableOutcome {
    // Blank rows at the end are no rows inside the table.
    this.blank = null
    this.writer.close()
    const schema: TableSchema = {
      fields: this.columns.map(({ field, stats }) => ({ ...field, stats: stats.stats() })),
      missingValues: [...MISSING_VALUES],
    }
    return {
      ok: true,
      sheet,
      schema,
      report: this.report.report(),
      rowCount: this.rows,
      dataFiles: this.writer.files,
    }
  }
}

/** Reads a source in two passes into one outcome per table. */
export async function buildTables(
  source: TableSource,
  limits: TableLoadLimits,
  outDir: string,
  typeOverrides: Readonly<Record<string, TypeOverrides>> = {},
): Promise<TableOutcome[]> {
  const scans = new Map<number, { name: string | null; scan: TableScan }>()
  await source.read((sheet, row) => {
    let entry = scans.get(sheet.index)
    if (!entry) {
      entry = { name: sheet.name, scan: new TableScan(source, limits) }
      scans.set(sheet.index, entry)
    }
    return entry.scan.accept(row)
  })
  const outcomes = new Map<number, TableOutcome>()
  const writers = new Map<number, TableWriter>()
  for (const [index, { name, scan }] of scans) {
    scan.finish()
    if (scan.failure !== null) {
      outcomes.set(index, { ok: false, sheet: name, reason: scan.failure, report: emptyReport() })
    } else if (!scan.empty && scan.labels.length > 0) {
      const report = new ReportCollector()
      const names = fixLabels(scan.labels, scan.headerRow, report)
      const overrides = typeOverrides[name ?? ''] ?? {}
      writers.set(
        index,
        new TableWriter(scan, source, limits, report, names, overrides, outDir, `t${index + 1}`),
      )
    }
  }
  await source.read((sheet, row) => writers.get(sheet.index)?.accept(row) ?? false)
  for (const [index, writer] of writers)
    outcomes.set(index, writer.finish(scans.get(index)?.name ?? null))
  return [...outcomes.entries()].sort(([a], [b]) => a - b).map(([, outcome]) => outcome)
}

export type CsvDelimiter = ',' | ';' | '\t'

const DELIMITERS: readonly CsvDelimiter[] = [';', ',', '\t']

export interface CsvTable {
  rows: string[][]
  delimiter: CsvDelimiter
  /** True when `rows` holds every record of the file, not only the first ones. */
  complete: boolean
}

export interface ParseOptions {
  /** Stop after this many records (the header counts as one). */
  maxRows?: number
  delimiter?: CsvDelimiter
  /** The text is only the start of the file: a record cut off at the end is left out. */
  truncated?: boolean
}

/**
 * The delimiter that occurs most often outside quotes in the first record. Dutch spreadsheet
 * exports use ';' (the comma is the decimal separator), most other sources ','.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<string, number>()
  let quoted = false
  for (const char of text) {
    if (char === '"') quoted = !quoted
    else if (!quoted && (char === '\n' || char === '\r')) break
    else if (!quoted) counts.set(char, (counts.get(char) ?? 0) + 1)
  }
  let best: CsvDelimiter = ','
  for (const candidate of DELIMITERS) {
    if ((counts.get(candidate) ?? 0) > (counts.get(best) ?? 0)) best = candidate
  }
  return best
}

/**
 * Parses CSV as RFC 4180 has it: fields in double quotes may hold delimiters, line breaks and
 * doubled quotes (""); records end in CRLF, LF or CR. Lenient where files in the wild differ:
 * a quote inside an unquoted field is kept as text, and empty lines are skipped.
 */
export function parseCsv(text: string, options: ParseOptions = {}): CsvTable {
  const delimiter = options.delimiter ?? detectDelimiter(text)
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY
  const rows: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  let fieldStart = true

  const endField = () => {
    record.push(field)
    field = ''
    fieldStart = true
  }
  const endRecord = () => {
    endField()
    const empty = record.length === 1 && record[0] === ''
    if (!empty) rows.push(record)
    record = []
  }

  let index = 0
  while (index < text.length) {
    const char = text[index]!
    index += 1
    if (quoted) {
      if (char !== '"') field += char
      else if (text[index] === '"') {
        field += '"'
        index += 1
      } else quoted = false
      continue
    }
    if (char === '"' && fieldStart) {
      quoted = true
      fieldStart = false
    } else if (char === delimiter) {
      endField()
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index] === '\n') index += 1
      endRecord()
      if (rows.length >= maxRows) {
        const rest = text.slice(index)
        return { rows, delimiter, complete: !options.truncated && rest.trim() === '' }
      }
    } else {
      field += char
      fieldStart = false
    }
  }

  const pending = quoted || field !== '' || record.length > 0
  if (pending && !options.truncated) endRecord()
  return { rows: rows.slice(0, maxRows), delimiter, complete: !options.truncated }
}

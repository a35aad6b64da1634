import { parse as parseCsv } from 'csv-parse/sync'
import type { ExtractionLimits } from './limits.ts'
import { readStart } from './read-start.ts'
import { normalizeText } from './text.ts'
import { decodeText } from './text-encoding.ts'

/**
 * The cells of a CSV or TSV file, in UTF-8 or Windows-1252. Only the start of the file is
 * read: a few times the text cap is more than the kept text needs, whatever the file's size.
 */
export async function extractCsv(filePath: string, limits: ExtractionLimits): Promise<string> {
  const { bytes, size } = await readStart(filePath, 8 * limits.maxChars)
  // Binary bytes are refused at upload; read as UTF-8 anyway, their text is still searchable.
  const raw = decodeText(bytes, bytes.length < size) ?? new TextDecoder().decode(bytes)
  try {
    const rows = parseCsv(raw, {
      delimiter: [',', ';', '\t', '|'],
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][]
    return normalizeText(rows.map((row) => row.join(' ')).join('\n'), limits.maxChars)
  } catch {
    // A file cut off inside a quoted field (or a loosely written one) is still searchable text.
    return normalizeText(raw.replace(/[",;\t|]/g, ' '), limits.maxChars)
  }
}

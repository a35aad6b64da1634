import { createReadStream } from 'node:fs'
import { MEDIA_TYPES } from '@dataportaal/contract'
import { readDocx } from '../extraction/docx.ts'
import { readJsonText } from '../extraction/json-text.ts'
import { ReadFailure, type ExtractionLimits } from '../extraction/limits.ts'
import { readOpenDocument } from '../extraction/odf.ts'
import { readPdf } from '../extraction/pdf.ts'
import { readStart } from '../extraction/read-start.ts'
import type { TextSink } from '../extraction/text.ts'
import { detectTextEncoding, textDecoder } from '../extraction/text-encoding.ts'
import type { TableLoadLimits } from '../table-loading/protocol.ts'
import { essence, openTableSource } from '../table-loading/read-tables.ts'
import { TableFailure } from '../table-loading/source.ts'
import { FindingCollector } from './findings.ts'
import type { FileScan } from './protocol.ts'
import { SCAN_MAX_COLUMNS, notComplete, scanTable } from './table-scan.ts'
import { StreamingTextScanner } from './text-scan.ts'

/**
 * The personal-data check of one file, in the calling thread: only the reader worker calls it.
 * A table is checked per column; any other file over its whole text, page by page for a PDF.
 * Whatever the file does wrong ends as `{ ok: false, reason }`.
 */

const NOT_READABLE = 'Het bestand kan niet worden gelezen; het is mogelijk beschadigd.'

// What a file's text is read into: every piece goes to the scanner, none is kept.
function scannerSink(scanner: StreamingTextScanner): TextSink {
  return {
    full: false,
    add: (text) => scanner.add(text),
    page: (pageNumber) => scanner.place(`pagina ${pageNumber}`),
  }
}

/** A document's text: PDF, Word, OpenDocument, or JSON that holds no table. */
async function scanDocument(
  filePath: string,
  mediaType: string,
  limits: ExtractionLimits,
): Promise<FileScan> {
  const collector = new FindingCollector()
  const scanner = new StreamingTextScanner(collector)
  const sink = scannerSink(scanner)
  scanner.place('tekst')
  // A string value is not cut for the check as it is for search.
  const whole = { ...limits, maxChars: Number.MAX_SAFE_INTEGER }
  switch (mediaType) {
    case MEDIA_TYPES.pdf: {
      const { read, total } = await readPdf(filePath, limits, sink)
      if (read < total) {
        return {
          ok: false,
          reason: notComplete(`Alleen de eerste ${read} van de ${total} pagina's zijn gelezen.`),
        }
      }
      break
    }
    case MEDIA_TYPES.docx:
      await readDocx(filePath, whole, sink)
      break
    case MEDIA_TYPES.odt:
      await readOpenDocument(filePath, whole, sink)
      break
    case MEDIA_TYPES.json:
    case MEDIA_TYPES.geojson:
      if (!(await readJsonText(filePath, whole, mediaType === MEDIA_TYPES.geojson, sink))) {
        return { ok: false, reason: notComplete('De JSON is te diep genest om te lezen.') }
      }
      break
    default:
      return { ok: false, reason: notChecked(mediaType) }
  }
  scanner.end()
  return { ok: true, findings: collector.findings() }
}

/** A CSV that does not read as a table (an open quote, a huge line): its text, line by line. */
async function scanPlainText(filePath: string): Promise<FileScan> {
  const { bytes, size } = await readStart(filePath, 64 * 1024)
  const encoding = detectTextEncoding(bytes, bytes.length < size)
  if (encoding === null) return { ok: false, reason: notComplete('Het bestand is geen tekst.') }
  const decoder = textDecoder(encoding)
  const collector = new FindingCollector()
  const scanner = new StreamingTextScanner(collector)
  scanner.place('tekst')
  for await (const chunk of createReadStream(filePath, { highWaterMark: 1024 * 1024 })) {
    scanner.add(decoder.write(chunk as Buffer))
  }
  scanner.add(decoder.end())
  scanner.end()
  return { ok: true, findings: collector.findings() }
}

function notChecked(mediaType: string): string {
  if (mediaType === MEDIA_TYPES.zip) {
    return 'De bestanden in een ZIP-archief worden niet op persoonsgegevens gecontroleerd.'
  }
  if (mediaType.startsWith('image/')) {
    return 'Een afbeelding wordt niet op persoonsgegevens gecontroleerd (tekst in een afbeelding wordt niet gelezen).'
  }
  return 'Van dit soort bestand wordt de inhoud niet op persoonsgegevens gecontroleerd.'
}

/** The table readers' limits for a check: every row and column, the extraction's ZIP cap. */
function tableLimits(limits: ExtractionLimits): TableLoadLimits {
  return {
    maxRows: Number.MAX_SAFE_INTEGER,
    maxColumns: SCAN_MAX_COLUMNS,
    timeoutMs: limits.timeoutMs,
    memoryMb: limits.memoryMb,
    maxLineBytes: 8 * 1024 * 1024,
    maxEntryBytes: limits.maxEntryBytes,
    chunkBytes: 0,
  }
}

const TABLE_TYPES = new Set<string>([
  MEDIA_TYPES.csv,
  MEDIA_TYPES.tsv,
  MEDIA_TYPES.xlsx,
  MEDIA_TYPES.ods,
  MEDIA_TYPES.json,
  MEDIA_TYPES.geojson,
])

async function scanTableFile(
  filePath: string,
  mediaType: string,
  limits: ExtractionLimits,
): Promise<FileScan> {
  const table = tableLimits(limits)
  try {
    return await scanTable(await openTableSource(filePath, mediaType, table), table)
  } catch (error) {
    if (!(error instanceof TableFailure)) throw error
    // Not a table after all: the text is still checked, whole.
    if (mediaType === MEDIA_TYPES.csv || mediaType === MEDIA_TYPES.tsv) {
      return scanPlainText(filePath)
    }
    if (mediaType === MEDIA_TYPES.json || mediaType === MEDIA_TYPES.geojson) {
      return scanDocument(filePath, mediaType, limits)
    }
    return { ok: false, reason: notComplete(error.message) }
  }
}

/** Checks one file for personal data; a file that cannot be read whole is `ok: false`. */
export async function scanFile(
  filePath: string,
  mediaType: string,
  limits: ExtractionLimits,
): Promise<FileScan> {
  const type = essence(mediaType)
  try {
    return TABLE_TYPES.has(type)
      ? await scanTableFile(filePath, type, limits)
      : await scanDocument(filePath, type, limits)
  } catch (error) {
    if (error instanceof ReadFailure) {
      const why =
        error.reason === 'encrypted'
          ? 'Het bestand is met een wachtwoord beveiligd.'
          : error.reason === 'too-large'
            ? 'Het bestand is te groot om uit te pakken.'
            : NOT_READABLE
      return { ok: false, reason: notComplete(why) }
    }
    return { ok: false, reason: notComplete(NOT_READABLE) }
  }
}

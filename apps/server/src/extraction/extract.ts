import { open, readFile, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { parse as parseCsv } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import mammoth from 'mammoth'
import { MAX_JSON_BYTES, MEDIA_TYPES } from './media-types.ts'
import { MAX_EXTRACTED_CHARS, TextCollector, normalizeText } from './text.ts'

export type ExtractionFailure = 'unreadable' | 'encrypted' | 'timeout' | 'unsupported'

/** Raised for any file whose text cannot be read, so a caller can mark the extraction failed. */
export class ExtractionError extends Error {
  override readonly name = 'ExtractionError'

  constructor(
    message: string,
    readonly mediaType: string,
    readonly reason: ExtractionFailure,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

export interface ExtractOptions {
  /** Give up after this many milliseconds (default 60 s). */
  timeoutMs?: number
}

const DEFAULT_TIMEOUT_MS = 60_000
// CSV is parsed in one synchronous call that a timer cannot interrupt, so only the start of the
// file is read: a few megabytes are more than the text cap needs.
const CSV_MAX_BYTES = 8 * MAX_EXTRACTED_CHARS

type Extractor = (filePath: string, signal: AbortSignal) => Promise<string>

// pdf.js looks for the metrics of the 14 standard PDF fonts in this folder; without it every
// PDF that uses Helvetica or Times logs a warning (the text itself is found either way).
const requireHere = createRequire(import.meta.url)
const STANDARD_FONT_DATA_URL = `${join(dirname(requireHere.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`

interface PdfTextItem {
  str: string
  transform: number[]
  width: number
  hasEOL: boolean
}

async function extractPdf(filePath: string, signal: AbortSignal): Promise<string> {
  // Loaded on first use: pdf.js is large and most server processes never need it.
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const task = pdfjs.getDocument({
    data: new Uint8Array(await readFile(filePath)),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: STANDARD_FONT_DATA_URL,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  })
  signal.addEventListener('abort', () => void task.destroy(), { once: true })
  const text = new TextCollector()
  try {
    const doc = await task.promise
    for (let n = 1; n <= doc.numPages && !text.full && !signal.aborted; n++) {
      const page = await doc.getPage(n)
      const content = await page.getTextContent()
      let end: { x: number; y: number } | null = null
      for (const item of content.items as (PdfTextItem | { type: string })[]) {
        if (!('str' in item)) continue
        const [, , c = 0, d = 0, x = 0, y = 0] = item.transform
        // Text runs carry no spaces between table cells or words placed separately; add one
        // when a run starts on a new line or visibly right of where the previous one ended.
        const gap = end === null || Math.abs(y - end.y) > 1 || x - end.x > Math.hypot(c, d) * 0.15
        text.add(gap ? ` ${item.str}` : item.str)
        end = item.hasEOL ? null : { x: x + item.width, y }
      }
      text.add(' ')
      page.cleanup()
    }
  } finally {
    await task.destroy()
  }
  return text.toString()
}

async function extractDocx(filePath: string): Promise<string> {
  const result = await mammoth.extractRawText({ path: filePath })
  return normalizeText(result.value)
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if (typeof value !== 'object') return String(value)
  if ('richText' in value) return value.richText.map((r) => r.text).join('')
  if ('hyperlink' in value) return value.text
  if ('result' in value) return value.result === undefined ? '' : cellText(value.result)
  return '' // formulas without a cached result, error values
}

async function extractXlsx(filePath: string, signal: AbortSignal): Promise<string> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(filePath)
  const text = new TextCollector()
  for (const sheet of workbook.worksheets) {
    text.add(` ${sheet.name}`)
    sheet.eachRow({ includeEmpty: false }, (row) => {
      if (text.full || signal.aborted) return
      row.eachCell({ includeEmpty: false }, (cell) => text.add(` ${cellText(cell.value)}`))
      text.add('\n')
    })
  }
  return text.toString()
}

async function readStart(filePath: string, maxBytes: number): Promise<Buffer> {
  const handle = await open(filePath, 'r')
  try {
    const buffer = Buffer.alloc(Math.min((await handle.stat()).size, maxBytes))
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

async function extractCsv(filePath: string): Promise<string> {
  const bytes = await readStart(filePath, CSV_MAX_BYTES)
  const raw = new TextDecoder('utf-8').decode(bytes, { stream: true })
  try {
    const rows = parseCsv(raw, {
      delimiter: [',', ';', '\t'],
      bom: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][]
    return normalizeText(rows.map((row) => row.join(' ')).join('\n'))
  } catch {
    // A file cut off inside a quoted field (or a loosely written one) is still searchable text.
    return normalizeText(raw.replace(/[",;\t]/g, ' '))
  }
}

/** Collects string values; for GeoJSON the geometry is skipped, it only holds coordinates. */
function jsonStrings(root: unknown, geo: boolean): string {
  const skip = geo ? new Set(['type', 'geometry', 'coordinates', 'bbox', 'crs']) : new Set<string>()
  const text = new TextCollector()
  // An explicit stack instead of recursion: deeply nested JSON cannot overflow the call stack.
  const stack: unknown[] = [root]
  while (stack.length > 0 && !text.full) {
    const value = stack.pop()
    if (typeof value === 'string') text.add(` ${value}`)
    else if (Array.isArray(value)) for (let i = value.length - 1; i >= 0; i--) stack.push(value[i])
    else if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value).filter(([key]) => !skip.has(key))
      for (let i = entries.length - 1; i >= 0; i--) stack.push(entries[i]?.[1])
    }
  }
  return text.toString()
}

function jsonExtractor(geo: boolean): Extractor {
  return async (filePath) => {
    const { size } = await stat(filePath)
    if (size > MAX_JSON_BYTES) return ''
    const raw = await readFile(filePath, 'utf8')
    return jsonStrings(JSON.parse(raw.replace(/^\uFEFF/, '')), geo)
  }
}

const noText: Extractor = async () => ''

const EXTRACTORS: Record<string, Extractor> = {
  [MEDIA_TYPES.pdf]: extractPdf,
  [MEDIA_TYPES.docx]: extractDocx,
  [MEDIA_TYPES.xlsx]: extractXlsx,
  [MEDIA_TYPES.csv]: extractCsv,
  [MEDIA_TYPES.json]: jsonExtractor(false),
  [MEDIA_TYPES.geojson]: jsonExtractor(true),
  // OpenDocument text would need an unzip library the server does not otherwise depend on;
  // these files are accepted and downloadable, only not searchable by content (yet).
  [MEDIA_TYPES.odt]: noText,
  [MEDIA_TYPES.ods]: noText,
  [MEDIA_TYPES.zip]: noText,
  [MEDIA_TYPES.png]: noText,
  [MEDIA_TYPES.jpeg]: noText,
}

/**
 * Returns the plain text of a file of an accepted media type: whitespace collapsed, at most
 * MAX_EXTRACTED_CHARS characters, '' for types without text. A file that cannot be read as its
 * media type, or takes longer than the timeout, raises ExtractionError; a missing or unreadable
 * path raises the plain file-system error, as that is not the file's fault.
 */
export async function extractText(
  filePath: string,
  mediaType: string,
  options: ExtractOptions = {},
): Promise<string> {
  const extractor = EXTRACTORS[mediaType]
  if (!extractor) {
    throw new ExtractionError(`Geen tekstextractie voor ${mediaType}`, mediaType, 'unsupported')
  }
  await stat(filePath)

  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const controller = new AbortController()
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(
        new ExtractionError(
          `Tekstextractie duurde langer dan ${timeoutMs} ms`,
          mediaType,
          'timeout',
        ),
      )
    }, timeoutMs)
  })
  const work = extractor(filePath, controller.signal)
  // After a timeout nobody awaits `work` any more; its late failure must not become an
  // unhandled rejection that takes the process down.
  work.catch(() => undefined)
  try {
    return await Promise.race([work, timeout])
  } catch (error) {
    if (error instanceof ExtractionError) throw error
    const encrypted = error instanceof Error && error.name === 'PasswordException'
    throw new ExtractionError(
      encrypted
        ? 'Het bestand is met een wachtwoord beveiligd'
        : 'Het bestand kan niet worden gelezen',
      mediaType,
      encrypted ? 'encrypted' : 'unreadable',
      { cause: error },
    )
  } finally {
    clearTimeout(timer)
  }
}

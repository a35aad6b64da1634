import { stat } from 'node:fs/promises'
import { extname } from 'node:path'
import { GEOJSON_TYPES, MEDIA_TYPES } from '@dataportaal/contract'
import { fileTypeFromFile } from 'file-type'
import { scanJsonFile } from './json-scan.ts'
import { readStart } from './read-start.ts'
import { detectTextEncoding } from './text-encoding.ts'

export interface AcceptedMediaType {
  mediaType: string
  /** Lower-case extensions without the dot; the first one is the canonical one. */
  extensions: readonly string[]
  /** Short Dutch name for messages and the upload form. */
  label: string
}

export { MEDIA_TYPES }

/** The only file types the portal accepts for upload. */
export const ACCEPTED_MEDIA_TYPES: readonly AcceptedMediaType[] = [
  { mediaType: MEDIA_TYPES.pdf, extensions: ['pdf'], label: 'PDF' },
  { mediaType: MEDIA_TYPES.csv, extensions: ['csv'], label: 'CSV' },
  { mediaType: MEDIA_TYPES.tsv, extensions: ['tsv'], label: 'TSV' },
  { mediaType: MEDIA_TYPES.xlsx, extensions: ['xlsx'], label: 'Excel (XLSX)' },
  { mediaType: MEDIA_TYPES.docx, extensions: ['docx'], label: 'Word (DOCX)' },
  { mediaType: MEDIA_TYPES.odt, extensions: ['odt'], label: 'OpenDocument-tekst (ODT)' },
  { mediaType: MEDIA_TYPES.ods, extensions: ['ods'], label: 'OpenDocument-rekenblad (ODS)' },
  { mediaType: MEDIA_TYPES.json, extensions: ['json'], label: 'JSON' },
  { mediaType: MEDIA_TYPES.geojson, extensions: ['geojson'], label: 'GeoJSON' },
  { mediaType: MEDIA_TYPES.zip, extensions: ['zip'], label: 'ZIP' },
  { mediaType: MEDIA_TYPES.png, extensions: ['png'], label: 'PNG' },
  { mediaType: MEDIA_TYPES.jpeg, extensions: ['jpg', 'jpeg'], label: 'JPEG' },
]

export function isAcceptedMediaType(mediaType: string): boolean {
  return ACCEPTED_MEDIA_TYPES.some((t) => t.mediaType === mediaType)
}

function extensionOf(fileName: string): string {
  return extname(fileName).slice(1).toLowerCase()
}

/** True when the file name's extension belongs to the media type (e.g. `.jpg` for image/jpeg). */
export function mediaTypeMatchesName(mediaType: string, fileName: string): boolean {
  const entry = ACCEPTED_MEDIA_TYPES.find((t) => t.mediaType === mediaType)
  return entry !== undefined && entry.extensions.includes(extensionOf(fileName))
}

// A CSV or TSV is judged on its first bytes only, so a large file is not read twice.
const TEXT_SNIFF_BYTES = 64 * 1024

/** UTF-8 (with or without BOM) or Windows-1252 text, as Excel on a Dutch machine saves it. */
async function sniffText(filePath: string, mediaType: string): Promise<string | null> {
  const { bytes, size } = await readStart(filePath, TEXT_SNIFF_BYTES)
  if (size === 0) return null
  return detectTextEncoding(bytes, bytes.length < size) === null ? null : mediaType
}

async function sniffJson(filePath: string, geo: boolean): Promise<string | null> {
  const scan = await scanJsonFile(filePath)
  if (!scan.valid) return null
  if (!geo) return MEDIA_TYPES.json
  const type = scan.topLevelType
  return type !== null && GEOJSON_TYPES.has(type) ? MEDIA_TYPES.geojson : null
}

/**
 * Determines the real media type of an uploaded file from its content, or null when the file is
 * not of an accepted type. Binary formats are recognised by their signature, whatever the name
 * says; the caller compares the result with the name using `mediaTypeMatchesName`. Text formats
 * have no signature, so for them the extension decides which check the content must pass.
 */
export async function detectMediaType(filePath: string, fileName: string): Promise<string | null> {
  // Let I/O errors (missing file, permissions) reach the caller; they are not about the content.
  await stat(filePath)
  let sniffed: Awaited<ReturnType<typeof fileTypeFromFile>>
  try {
    sniffed = await fileTypeFromFile(filePath)
  } catch {
    // file-type gives up on some malformed containers; a file it cannot read is refused.
    return null
  }
  if (sniffed) return isAcceptedMediaType(sniffed.mime) ? sniffed.mime : null

  switch (extensionOf(fileName)) {
    case 'csv':
      return sniffText(filePath, MEDIA_TYPES.csv)
    case 'tsv':
      return sniffText(filePath, MEDIA_TYPES.tsv)
    case 'json':
      return sniffJson(filePath, false)
    case 'geojson':
      return sniffJson(filePath, true)
    default:
      return null
  }
}

import { extractCsv } from './csv.ts'
import { extractDocx } from './docx.ts'
import { extractJson } from './json-text.ts'
import type { ExtractionLimits } from './limits.ts'
import { MEDIA_TYPES } from './media-types.ts'
import { extractOpenDocument } from './odf.ts'
import { extractPdf } from './pdf.ts'
import { extractXlsx } from './xlsx.ts'

type Reader = (filePath: string, limits: ExtractionLimits) => Promise<string>

const noText: Reader = async () => ''

const READERS: Record<string, Reader> = {
  [MEDIA_TYPES.pdf]: extractPdf,
  [MEDIA_TYPES.docx]: extractDocx,
  [MEDIA_TYPES.xlsx]: extractXlsx,
  [MEDIA_TYPES.odt]: extractOpenDocument,
  [MEDIA_TYPES.ods]: extractOpenDocument,
  [MEDIA_TYPES.csv]: extractCsv,
  [MEDIA_TYPES.tsv]: extractCsv,
  [MEDIA_TYPES.json]: (path, limits) => extractJson(path, limits, false),
  [MEDIA_TYPES.geojson]: (path, limits) => extractJson(path, limits, true),
  // An archive's content is not one document; images have no text without OCR.
  [MEDIA_TYPES.zip]: noText,
  [MEDIA_TYPES.png]: noText,
  [MEDIA_TYPES.jpeg]: noText,
}

export const hasReader = (mediaType: string) => mediaType in READERS

/**
 * Reads the text of a file in the calling thread. Only the extraction worker calls it:
 * anywhere else a hostile file would cost the server its event loop or its heap.
 */
export function readText(filePath: string, mediaType: string, limits: ExtractionLimits) {
  const reader = READERS[mediaType]
  if (!reader) throw new Error(`no reader for ${mediaType}`)
  return reader(filePath, limits)
}

import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { ReadFailure, type ExtractionLimits } from './limits.ts'
import { TextCollector, type TextSink } from './text.ts'

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

/**
 * The text of a PDF, page by page, up to the page cap and the text cap; each page is
 * released before the next is read.
 */
export async function extractPdf(filePath: string, limits: ExtractionLimits): Promise<string> {
  const text = new TextCollector(limits.maxChars)
  await readPdf(filePath, limits, text)
  return text.toString()
}

/**
 * Reads a PDF's text into `text`, page by page, until the page cap or until the sink is
 * full: how many pages were read of how many the PDF has.
 */
export async function readPdf(
  filePath: string,
  limits: ExtractionLimits,
  text: TextSink,
): Promise<{ read: number; total: number }> {
  // Loaded on first use: pdf.js is large and only PDFs need it.
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const task = pdfjs.getDocument({
    data: new Uint8Array(await readFile(filePath)),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: STANDARD_FONT_DATA_URL,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  })
  let read = 0
  let total = 0
  try {
    const doc = await task.promise.catch((error: unknown) => {
      if (error instanceof Error && error.name === 'PasswordException') {
        throw new ReadFailure('encrypted', 'PDF: password required')
      }
      throw error
    })
    total = doc.numPages
    const pages = Math.min(doc.numPages, limits.maxPdfPages)
    for (let n = 1; n <= pages && !text.full; n++) {
      text.page?.(n)
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
      read = n
    }
  } finally {
    await task.destroy()
  }
  return { read, total }
}

import type { PDFDocumentProxy } from 'pdfjs-dist'

/** pdf.js and its worker, in their own chunks: only pages with a PDF file load them. */
async function loadPdfjs() {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ])
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default
  return pdfjs
}

/**
 * Opens a PDF from its bytes. The bytes are copied, because pdf.js hands its buffer over to the
 * worker and the cached original must stay usable for the next visit. No `eval`: the portal's
 * Content-Security-Policy forbids it, and a document should never run code.
 */
export async function openPdf(bytes: ArrayBuffer): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfjs()
  return pdfjs.getDocument({ data: new Uint8Array(bytes.slice(0)), isEvalSupported: false }).promise
}

export const isPasswordError = (error: unknown) =>
  error instanceof Error && error.name === 'PasswordException'

export const isCancelled = (error: unknown) =>
  error instanceof Error && error.name === 'RenderingCancelledException'

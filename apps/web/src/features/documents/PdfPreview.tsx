import type { DocumentFile } from '@dataportaal/contract'
import { useQuery } from '@tanstack/react-query'
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist'
import { useEffect, useRef, useState } from 'react'
import { apiFetch } from '../../shared/api/client.ts'
import { formatFileSize } from '../../shared/format.ts'
import { Button } from '../../shared/ui/nlds.ts'
import { LoadingState } from '../../shared/ui/states.tsx'
import { documentKeys } from '../../shared/documents/keys.ts'
import { PREVIEW_LIMITS } from '../../shared/documents/file-types.ts'
import { isCancelled, isPasswordError, openPdf } from './pdf.ts'
import { PreviewMessage } from './PreviewMessage.tsx'
import { texts } from './texts.ts'

type Opened = { pdf: PDFDocumentProxy } | { error: 'password' | 'failed' }

/**
 * The first pages of a PDF, drawn with pdf.js. The browser's own viewer cannot be used: the
 * download answers with a sandbox CSP and as an attachment, so it never shows inline.
 */
export function PdfPreview({ file }: { file: DocumentFile }) {
  const tooLarge = file.size > PREVIEW_LIMITS.pdfBytes
  const bytes = useQuery({
    queryKey: documentKeys.file(file.url, 'pdf'),
    // A file's content is fetched by the browser, never while the server renders the page.
    meta: { browserOnly: true },
    queryFn: async ({ signal }) => (await apiFetch(file.url, { signal })).arrayBuffer(),
    enabled: !tooLarge,
    staleTime: Infinity,
    gcTime: 60_000,
  })
  const [opened, setOpened] = useState<Opened | null>(null)

  useEffect(() => {
    if (!bytes.data) return
    let cancelled = false
    let pdf: PDFDocumentProxy | undefined
    openPdf(bytes.data).then(
      (loaded) => {
        if (cancelled) {
          void loaded.destroy()
          return
        }
        pdf = loaded
        setOpened({ pdf: loaded })
      },
      (error: unknown) => {
        if (!cancelled) setOpened({ error: isPasswordError(error) ? 'password' : 'failed' })
      },
    )
    return () => {
      cancelled = true
      void pdf?.destroy()
    }
  }, [bytes.data])

  if (tooLarge) return <PreviewMessage>{texts.tooLarge(formatFileSize(file.size))}</PreviewMessage>
  if (bytes.isError) return <PreviewMessage>{texts.previewFailed}</PreviewMessage>
  if (!opened) return <LoadingState label={texts.previewLoading} />
  if ('error' in opened) {
    return (
      <PreviewMessage>
        {opened.error === 'password' ? texts.pdfPassword : texts.previewFailed}
      </PreviewMessage>
    )
  }
  return <PdfPages pdf={opened.pdf} fileName={file.fileName} />
}

function PdfPages({ pdf, fileName }: { pdf: PDFDocumentProxy; fileName: string }) {
  const step = PREVIEW_LIMITS.pdfPagesPerStep
  const [shown, setShown] = useState(Math.min(step, pdf.numPages))
  const [focusPage, setFocusPage] = useState<number | null>(null)
  const showMore = () => {
    setFocusPage(shown + 1)
    setShown(Math.min(shown + step, pdf.numPages))
  }
  return (
    <div className="portal-document-pdf">
      <ol className="portal-document-pdf__pages">
        {Array.from({ length: shown }, (_, index) => index + 1).map((number) => (
          <li key={number}>
            <PdfPage pdf={pdf} number={number} fileName={fileName} focus={number === focusPage} />
          </li>
        ))}
      </ol>
      {pdf.numPages > step && (
        <p className="utrecht-paragraph" aria-live="polite">
          {texts.pdfShowing(shown, pdf.numPages)}
        </p>
      )}
      {shown < pdf.numPages && (
        <Button appearance="secondary-action-button" onClick={showMore}>
          {texts.pdfMore}
        </Button>
      )}
    </div>
  )
}

function PdfPage(props: {
  pdf: PDFDocumentProxy
  number: number
  fileName: string
  focus: boolean
}) {
  const { pdf, number, fileName, focus } = props
  const canvas = useRef<HTMLCanvasElement>(null)
  const figure = useRef<HTMLElement>(null)
  const [failed, setFailed] = useState(false)
  const label = texts.pdfPage(number, pdf.numPages)

  useEffect(() => {
    if (focus) figure.current?.focus()
  }, [focus])

  useEffect(() => {
    let cancelled = false
    let task: RenderTask | undefined
    pdf
      .getPage(number)
      .then((page) => {
        const target = canvas.current
        if (cancelled || !target) return
        // Drawn at the width it is shown at, sharp on high-density screens.
        const natural = page.getViewport({ scale: 1 })
        const cssWidth = Math.min(target.parentElement?.clientWidth || 800, 900)
        const viewport = page.getViewport({
          scale: (cssWidth / natural.width) * (window.devicePixelRatio || 1),
        })
        target.width = Math.floor(viewport.width)
        target.height = Math.floor(viewport.height)
        task = page.render({
          canvas: target,
          viewport,
        })
        return task.promise
      })
      .catch((error: unknown) => {
        if (!cancelled && !isCancelled(error)) setFailed(true)
      })
    return () => {
      cancelled = true
      task?.cancel()
    }
  }, [pdf, number])

  return (
    <figure ref={figure} className="portal-document-pdf__page" tabIndex={-1}>
      {failed ? (
        <PreviewMessage>{texts.previewFailed}</PreviewMessage>
      ) : (
        <div className="portal-document-pdf__sheet" role="img" aria-label={`${label}, ${fileName}`}>
          <canvas ref={canvas} />
        </div>
      )}
      <figcaption className="portal-document-pdf__caption">{label}</figcaption>
    </figure>
  )
}

export const PDF_CONTRAST_FILTER_ID = 'portal-document-pdf-contrast'

/**
 * Contrast mode shows the pages yellow on black like the rest of the portal: dark becomes
 * yellow, light becomes black (CSS applies it to the canvases). pdf.js's own `pageColors`
 * cannot be used: it reads colours through CSS, which contrast mode overrides on every element.
 * Rendered once for all PDF previews, so the id is unique.
 */
export function PdfContrastFilter() {
  const dark = '-0.2126 -0.7152 -0.0722 0 1'
  return (
    <svg className="portal-document-pdf__filter" aria-hidden="true" focusable="false">
      <filter id={PDF_CONTRAST_FILTER_ID} colorInterpolationFilters="sRGB">
        <feColorMatrix type="matrix" values={`${dark} ${dark} 0 0 0 0 0 0 0 0 1 0`} />
      </filter>
    </svg>
  )
}

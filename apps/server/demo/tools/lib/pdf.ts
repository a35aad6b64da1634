import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import type { Block, Cell, TextDocument } from './types.ts'

const PAGE_WIDTH = 595.28
const PAGE_HEIGHT = 841.89
const MARGIN = 56
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN
const BODY_SIZE = 10.5
const GREY = rgb(0.35, 0.35, 0.35)
const ACCENT = rgb(0.0, 0.27, 0.53)

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line)
      line = word
    } else {
      line = candidate
    }
  }
  if (line) lines.push(line)
  return lines.length > 0 ? lines : ['']
}

/** Lays out blocks top to bottom, starting a new page when the next line does not fit. */
class Layout {
  private page!: PDFPage
  private y = 0

  constructor(
    private readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.newPage()
  }

  private newPage(): void {
    this.page = this.pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT])
    this.page.drawText('Gemeente Voorbeeldstad', {
      x: MARGIN,
      y: PAGE_HEIGHT - 32,
      size: 8,
      font: this.regular,
      color: GREY,
    })
    this.y = PAGE_HEIGHT - MARGIN - 10
  }

  private ensure(height: number): void {
    if (this.y - height < MARGIN + 20) this.newPage()
  }

  gap(height: number): void {
    this.y -= height
  }

  text(
    text: string,
    opts: { size: number; bold?: boolean; indent?: number; color?: boolean },
  ): void {
    const font = opts.bold ? this.bold : this.regular
    const indent = opts.indent ?? 0
    const leading = opts.size * 1.35
    for (const line of wrap(text, font, opts.size, CONTENT_WIDTH - indent)) {
      this.ensure(leading)
      this.y -= leading
      this.page.drawText(line, {
        x: MARGIN + indent,
        y: this.y,
        size: opts.size,
        font,
        color: opts.color ? ACCENT : rgb(0, 0, 0),
      })
    }
  }

  bullet(text: string): void {
    this.ensure(BODY_SIZE * 1.35)
    const top = this.y
    this.text(text, { size: BODY_SIZE, indent: 14 })
    this.page.drawText('\u2022', {
      x: MARGIN + 4,
      y: top - BODY_SIZE * 1.35,
      size: BODY_SIZE,
      font: this.regular,
    })
  }

  table(header: string[], rows: Cell[][]): void {
    const colWidth = CONTENT_WIDTH / header.length
    const size = 8.5
    const leading = size * 1.3
    const drawRow = (cells: Cell[], isHeader: boolean): void => {
      const font = isHeader ? this.bold : this.regular
      const wrapped = cells.map((c) => wrap(c === null ? '' : String(c), font, size, colWidth - 6))
      const height = Math.max(...wrapped.map((l) => l.length)) * leading + 4
      this.ensure(height)
      if (isHeader) {
        this.page.drawRectangle({
          x: MARGIN,
          y: this.y - height,
          width: CONTENT_WIDTH,
          height,
          color: rgb(0.9, 0.93, 0.96),
        })
      }
      wrapped.forEach((lines, col) => {
        lines.forEach((line, i) => {
          this.page.drawText(line, {
            x: MARGIN + col * colWidth + 3,
            y: this.y - (i + 1) * leading,
            size,
            font,
          })
        })
      })
      this.y -= height
      this.page.drawLine({
        start: { x: MARGIN, y: this.y },
        end: { x: MARGIN + CONTENT_WIDTH, y: this.y },
        thickness: 0.4,
        color: GREY,
      })
    }
    drawRow(header, true)
    for (const row of rows) drawRow(row, false)
  }

  block(block: Block): void {
    switch (block.type) {
      case 'heading':
        this.gap(block.level === 1 ? 12 : 8)
        this.text(block.text, { size: block.level === 1 ? 14 : 12, bold: true, color: true })
        this.gap(3)
        break
      case 'paragraph':
        this.text(block.text, { size: BODY_SIZE })
        this.gap(6)
        break
      case 'list':
        for (const item of block.items) this.bullet(item)
        this.gap(6)
        break
      case 'table':
        this.table(block.header, block.rows)
        this.gap(10)
        break
    }
  }
}

/**
 * Writes a simple, text-based PDF. Only the standard Helvetica fonts are used (WinAnsi encoding),
 * which keeps the files small and makes pdf-lib throw on characters a reader could not display.
 */
export async function renderPdf(doc: TextDocument, modified: string): Promise<Uint8Array> {
  // updateMetadata: false keeps pdf-lib from stamping the current time into the file.
  const pdf = await PDFDocument.create({ updateMetadata: false })
  const fixedDate = new Date(`${modified}T12:00:00Z`)
  pdf.setTitle(doc.title)
  pdf.setAuthor('Gemeente Voorbeeldstad')
  pdf.setLanguage('nl-NL')
  pdf.setCreator('Voorbeeldstad demo-generator')
  pdf.setProducer('pdf-lib')
  pdf.setCreationDate(fixedDate)
  pdf.setModificationDate(fixedDate)

  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const layout = new Layout(pdf, regular, bold)
  layout.text(doc.title, { size: 20, bold: true, color: true })
  if (doc.subtitle) layout.text(doc.subtitle, { size: 12 })
  layout.gap(4)
  layout.text(doc.dateLine, { size: 9 })
  layout.gap(10)
  for (const block of doc.blocks) layout.block(block)

  const pages = pdf.getPages()
  pages.forEach((page, i) => {
    page.drawText(`${doc.title} - pagina ${i + 1} van ${pages.length}`, {
      x: MARGIN,
      y: 30,
      size: 8,
      font: regular,
      color: GREY,
    })
  })
  return pdf.save({ useObjectStreams: true })
}

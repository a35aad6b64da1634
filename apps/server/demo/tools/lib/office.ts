import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import type { Block, Cell, Sheet, TextDocument } from './types.ts'

const AUTHOR = 'Gemeente Voorbeeldstad'

function fixedDate(modified: string): Date {
  return new Date(`${modified}T12:00:00Z`)
}

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

/** Writes the entries into a new zip with one fixed timestamp, so output is byte-stable. */
async function zipDeterministic(entries: [string, Uint8Array | string][], date: Date) {
  const zip = new JSZip()
  for (const [name, data] of entries) zip.file(name, data, { date, createFolders: false })
  const buffer = await zip.generateAsync({
    type: 'uint8array',
    compression: 'DEFLATE',
    compressionOptions: { level: 9 },
  })
  return buffer
}

// ---------- DOCX (WordprocessingML written by hand: small, predictable, no id generators) ------

function run(text: string, bold = false): string {
  const props = bold ? '<w:rPr><w:b/></w:rPr>' : ''
  return `<w:r>${props}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`
}

function paragraph(text: string, style?: string, extraProps = ''): string {
  const props =
    style || extraProps
      ? `<w:pPr>${style ? `<w:pStyle w:val="${style}"/>` : ''}${extraProps}</w:pPr>`
      : ''
  return `<w:p>${props}${run(text)}</w:p>`
}

function tableXml(header: string[], rows: Cell[][]): string {
  const border = '<w:top w:val="single" w:sz="4" w:space="0" w:color="999999"/>'
  const borders = ['top', 'left', 'bottom', 'right', 'insideH', 'insideV']
    .map((side) => border.replace('w:top', `w:${side}`))
    .join('')
  const cell = (value: Cell, bold: boolean): string =>
    `<w:tc><w:tcPr><w:tcW w:w="0" w:type="auto"/></w:tcPr><w:p>${run(value === null ? '' : String(value), bold)}</w:p></w:tc>`
  const rowXml = (cells: Cell[], bold: boolean): string =>
    `<w:tr>${cells.map((c) => cell(c, bold)).join('')}</w:tr>`
  return (
    `<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/><w:tblBorders>${borders}</w:tblBorders></w:tblPr>` +
    `<w:tblGrid>${header.map(() => '<w:gridCol/>').join('')}</w:tblGrid>` +
    rowXml(header, true) +
    rows.map((r) => rowXml(r, false)).join('') +
    '</w:tbl><w:p/>'
  )
}

function blockXml(block: Block): string {
  switch (block.type) {
    case 'heading':
      return paragraph(block.text, block.level === 1 ? 'Heading1' : 'Heading2')
    case 'paragraph':
      return paragraph(block.text)
    case 'list':
      return block.items
        .map((item) =>
          paragraph(
            item,
            'ListParagraph',
            '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>',
          ),
        )
        .join('')
    case 'table':
      return tableXml(block.header, block.rows)
  }
}

const W_NS = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'

const CONTENT_TYPES =
  XML_HEAD +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>' +
  '<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/>' +
  '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
  '</Types>'

const ROOT_RELS =
  XML_HEAD +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
  '</Relationships>'

const DOCUMENT_RELS =
  XML_HEAD +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>' +
  '</Relationships>'

function style(id: string, name: string, runProps: string, paraProps = ''): string {
  return (
    `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/>` +
    `${id === 'Normal' ? '<w:qFormat/>' : '<w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/>'}` +
    `<w:pPr>${paraProps}</w:pPr><w:rPr>${runProps}</w:rPr></w:style>`
  )
}

const STYLES =
  XML_HEAD +
  `<w:styles ${W_NS}>` +
  '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Arial" w:hAnsi="Arial" w:cs="Arial"/><w:sz w:val="21"/><w:lang w:val="nl-NL"/></w:rPr></w:rPrDefault>' +
  '<w:pPrDefault><w:pPr><w:spacing w:after="120" w:line="276" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>' +
  style('Normal', 'Normal', '') +
  style(
    'Title',
    'Title',
    '<w:b/><w:color w:val="00458A"/><w:sz w:val="40"/>',
    '<w:spacing w:after="240"/>',
  ) +
  style('Subtitle', 'Subtitle', '<w:color w:val="555555"/><w:sz w:val="24"/>') +
  style(
    'Heading1',
    'heading 1',
    '<w:b/><w:color w:val="00458A"/><w:sz w:val="28"/>',
    '<w:keepNext/><w:spacing w:before="240"/><w:outlineLvl w:val="0"/>',
  ) +
  style(
    'Heading2',
    'heading 2',
    '<w:b/><w:sz w:val="24"/>',
    '<w:keepNext/><w:spacing w:before="180"/><w:outlineLvl w:val="1"/>',
  ) +
  style('ListParagraph', 'List Paragraph', '', '<w:ind w:left="720"/>') +
  '</w:styles>'

const NUMBERING =
  XML_HEAD +
  `<w:numbering ${W_NS}>` +
  '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/>' +
  '<w:lvlText w:val="\u2022"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum>' +
  '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>'

function coreXml(title: string, modified: string): string {
  const stamp = `${modified}T12:00:00Z`
  return (
    XML_HEAD +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:title>${escapeXml(title)}</dc:title><dc:creator>${AUTHOR}</dc:creator><dc:language>nl-NL</dc:language>` +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${stamp}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${stamp}</dcterms:modified></cp:coreProperties>`
  )
}

export async function renderDocx(doc: TextDocument, modified: string): Promise<Uint8Array> {
  const body = [
    paragraph(doc.title, 'Title'),
    doc.subtitle ? paragraph(doc.subtitle, 'Subtitle') : '',
    paragraph(doc.dateLine),
    ...doc.blocks.map(blockXml),
    // A4 with 2.5 cm margins (twentieths of a point).
    '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1418" w:right="1418" w:bottom="1418" w:left="1418" w:header="709" w:footer="709" w:gutter="0"/></w:sectPr>',
  ].join('')
  const documentXml = `${XML_HEAD}<w:document ${W_NS}><w:body>${body}</w:body></w:document>`
  return zipDeterministic(
    [
      ['[Content_Types].xml', CONTENT_TYPES],
      ['_rels/.rels', ROOT_RELS],
      ['word/document.xml', documentXml],
      ['word/_rels/document.xml.rels', DOCUMENT_RELS],
      ['word/styles.xml', STYLES],
      ['word/numbering.xml', NUMBERING],
      ['docProps/core.xml', coreXml(doc.title, modified)],
    ],
    fixedDate(modified),
  )
}

// ---------- XLSX (exceljs, then re-zipped with fixed timestamps) ----------

export async function renderXlsx(
  title: string,
  sheets: Sheet[],
  notes: string[],
  modified: string,
): Promise<Uint8Array> {
  const date = fixedDate(modified)
  const workbook = new ExcelJS.Workbook()
  workbook.creator = AUTHOR
  workbook.lastModifiedBy = AUTHOR
  workbook.title = title
  workbook.created = date
  workbook.modified = date

  for (const sheet of sheets) {
    const ws = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] })
    ws.columns = sheet.columns.map((c) => ({
      header: c.header,
      width: c.width ?? Math.max(12, c.header.length + 2),
      ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
    }))
    ws.getRow(1).font = { bold: true }
    ws.getRow(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDCE6F0' } }
    for (const row of sheet.rows) ws.addRow(row)
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columns.length } }
  }

  const about = workbook.addWorksheet('Toelichting')
  about.getColumn(1).width = 110
  about.addRow([title]).font = { bold: true, size: 14 }
  about.addRow([])
  for (const note of notes) about.addRow([note]).alignment = { wrapText: true }

  const written = await workbook.xlsx.writeBuffer()
  const source = await JSZip.loadAsync(written)
  const entries: [string, Uint8Array][] = []
  for (const file of Object.values(source.files)) {
    if (!file.dir) entries.push([file.name, await file.async('uint8array')])
  }
  return zipDeterministic(entries, date)
}

import { once } from 'node:events'
import { createDeflateRaw, crc32 } from 'node:zlib'
import { PDFDocument, StandardFonts } from 'pdf-lib'

/**
 * Hostile and oversized files, generated in the test: ZIP containers written by hand (so a
 * test can make an entry lie about its size), office files made of them, and a PDF of
 * thousands of pages. Large content is produced in chunks and deflated as a stream.
 */

export interface ZipPart {
  name: string
  /** The entry's content, a chunk at a time. */
  content: () => Iterable<string>
  /** The uncompressed size written in the headers, when it should lie. */
  declaredSize?: number
}

interface Deflated {
  name: Buffer
  data: Buffer
  size: number
  crc: number
  declaredSize: number
}

async function deflatePart(part: ZipPart): Promise<Deflated> {
  const deflate = createDeflateRaw({ level: 9 })
  const out: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => out.push(chunk))
  let size = 0
  let crc = 0
  for (const piece of part.content()) {
    const bytes = Buffer.from(piece, 'utf8')
    size += bytes.length
    crc = crc32(bytes, crc)
    if (!deflate.write(bytes)) await once(deflate, 'drain')
  }
  deflate.end()
  await once(deflate, 'end')
  return {
    name: Buffer.from(part.name, 'utf8'),
    data: Buffer.concat(out),
    size,
    crc,
    declaredSize: part.declaredSize ?? size,
  }
}

/** A ZIP file of deflated entries, with a central directory as every reader expects. */
export async function zipFile(parts: readonly ZipPart[]): Promise<Buffer> {
  const entries = await Promise.all(parts.map(deflatePart))
  const chunks: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4) // version needed
    local.writeUInt16LE(0x0800, 6) // UTF-8 names
    local.writeUInt16LE(8, 8) // deflate
    local.writeUInt32LE(entry.crc >>> 0, 14)
    local.writeUInt32LE(entry.data.length, 18)
    local.writeUInt32LE(entry.declaredSize, 22)
    local.writeUInt16LE(entry.name.length, 26)
    const header = Buffer.alloc(46)
    header.writeUInt32LE(0x02014b50, 0)
    header.writeUInt16LE(20, 4)
    header.writeUInt16LE(20, 6)
    header.writeUInt16LE(0x0800, 8)
    header.writeUInt16LE(8, 10)
    header.writeUInt32LE(entry.crc >>> 0, 16)
    header.writeUInt32LE(entry.data.length, 20)
    header.writeUInt32LE(entry.declaredSize, 24)
    header.writeUInt16LE(entry.name.length, 28)
    header.writeUInt32LE(offset, 42)
    chunks.push(local, entry.name, entry.data)
    central.push(header, entry.name)
    offset += local.length + entry.name.length + entry.data.length
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...chunks, directory, end])
}

const once_ = (text: string) => () => [text]

function* repeat(head: string, unit: string, times: number, tail: string): Iterable<string> {
  yield head
  const batch = unit.repeat(10_000)
  for (let done = 0; done < times; done += 10_000) {
    yield done + 10_000 <= times ? batch : unit.repeat(times - done)
  }
  yield tail
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
const PACKAGE_RELS = (target: string) =>
  `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${target}"/>` +
  '</Relationships>'
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'

/**
 * A Word document whose document.xml is `paragraphs` empty formatted paragraphs after one
 * with `firstWord`: about 44 bytes of markup each, so a million make 44 MB of XML that
 * inflate from a few hundred kilobytes.
 */
export function docx(options: {
  firstWord: string
  paragraphs: number
  declaredSize?: number
}): Promise<Buffer> {
  return zipFile([
    {
      name: '[Content_Types].xml',
      content: once_(
        `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
          '</Types>',
      ),
    },
    { name: '_rels/.rels', content: once_(PACKAGE_RELS('word/document.xml')) },
    {
      name: 'word/document.xml',
      content: () =>
        repeat(
          `${XML}<w:document ${W}><w:body><w:p><w:r><w:t>${options.firstWord}</w:t></w:r></w:p>`,
          '<w:p><w:r><w:rPr><w:b/><w:i/></w:rPr></w:r></w:p>',
          options.paragraphs,
          '</w:body></w:document>',
        ),
      ...(options.declaredSize === undefined ? {} : { declaredSize: options.declaredSize }),
    },
  ])
}

const S = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
const R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'

/**
 * A workbook of one sheet: `rows` rows of an inline string and a number, the first row's
 * string `firstWord`; `sharedStringsBytes` adds a shared strings table of about that size
 * that inflates from a thousandth of it.
 */
export function xlsx(options: {
  firstWord: string
  rows: number
  sharedStringsBytes?: number
}): Promise<Buffer> {
  const shared = options.sharedStringsBytes ?? 0
  const rels =
    `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
    (shared
      ? '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
      : '') +
    '</Relationships>'
  const parts: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      content: once_(
        `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '</Types>',
      ),
    },
    { name: '_rels/.rels', content: once_(PACKAGE_RELS('xl/workbook.xml')) },
    {
      name: 'xl/workbook.xml',
      content: once_(
        `${XML}<workbook ${S} ${R}><sheets><sheet name="Blad1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    { name: 'xl/_rels/workbook.xml.rels', content: once_(rels) },
    {
      name: 'xl/worksheets/sheet1.xml',
      content: function* () {
        yield `${XML}<worksheet ${S}><sheetData>`
        yield `<row r="1"><c r="A1" t="inlineStr"><is><t>${options.firstWord}</t></is></c></row>`
        let batch = ''
        for (let n = 2; n <= options.rows; n++) {
          batch += `<row r="${n}"><c r="A${n}" t="inlineStr"><is><t>rij ${n}</t></is></c><c r="B${n}"><v>${n}</v></c></row>`
          if (n % 10_000 === 0) {
            yield batch
            batch = ''
          }
        }
        yield `${batch}</sheetData></worksheet>`
      },
    },
  ]
  if (shared) {
    parts.push({
      name: 'xl/sharedStrings.xml',
      // One endless string of one letter: the best deflate can do, about a thousandfold.
      content: () =>
        repeat(`${XML}<sst ${S}><si><t>`, 'a'.repeat(1000), shared / 1000, '</t></si></sst>'),
    })
  }
  return zipFile(parts)
}

/** A PDF of `pages` pages, each with one line of text; page 1 and the last have their own word. */
export async function manyPagePdf(options: {
  pages: number
  firstWord: string
  lastWord: string
}): Promise<Buffer> {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  for (let n = 1; n <= options.pages; n++) {
    const page = pdf.addPage([200, 100])
    const word = n === 1 ? options.firstWord : n === options.pages ? options.lastWord : `blad ${n}`
    page.drawText(word, { x: 10, y: 50, size: 12, font })
  }
  return Buffer.from(await pdf.save())
}

/** `[` a million times, then `]` as often: valid JSON nested a million deep. */
export const deepJson = (depth: number) => Buffer.from('['.repeat(depth) + ']'.repeat(depth))

import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import JSZip from 'jszip'
import { loadTables } from './index.ts'
import type { LoadedTable, TableLoadLimits, TableOutcome, TypeOverrides } from './protocol.ts'

/** Helpers for the loader's tests: files written to a tmp dir, loaded, and read back. */

let counter = 0

export async function loadFile(
  dir: string,
  name: string,
  content: Buffer | string,
  mediaType: string,
  options: {
    limits?: Partial<TableLoadLimits>
    typeOverrides?: Record<string, TypeOverrides>
  } = {},
): Promise<TableOutcome[]> {
  const filePath = join(dir, name)
  await writeFile(filePath, content)
  const outDir = join(dir, `out-${++counter}`)
  await mkdir(outDir)
  return loadTables({ filePath, mediaType, outDir, ...options })
}

/** The one loaded table of a file, or the test fails with the reason it was not loaded. */
export function loaded(outcomes: TableOutcome[], index = 0): LoadedTable {
  const outcome = outcomes[index]
  if (!outcome?.ok) throw new Error(`not loaded: ${outcome ? outcome.reason : 'no outcome'}`)
  return outcome
}

const UNESCAPE: Record<string, string> = { '\\': '\\', t: '\t', n: '\n', r: '\r' }

/** The rows of a loaded table as COPY gives them to the database: null for `\N`. */
export async function rowsOf(table: LoadedTable): Promise<Array<Array<string | null>>> {
  const rows: Array<Array<string | null>> = []
  for (const file of table.dataFiles) {
    const text = await readFile(file, 'utf8')
    for (const line of text.split('\n')) {
      if (line === '') continue
      rows.push(
        line
          .split('\t')
          .map((cell) =>
            cell === '\\N' ? null : cell.replace(/\\(.)/g, (_, c: string) => UNESCAPE[c] ?? c),
          ),
      )
    }
  }
  return rows
}

/** The field of a table by name. */
export const field = (table: LoadedTable, name: string) => {
  const found = table.schema.fields.find((f) => f.name === name)
  if (!found) throw new Error(`no field ${name}`)
  return found
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
const S = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
const R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'

/**
 * A minimal XLSX: `sheets` hold the XML inside `<sheetData>`; style 1 is a date format
 * (built-in 14) and style 2 a date with time (22); `shared` the shared strings.
 */
export async function xlsxFile(
  sheets: Array<{ name: string; data: string; dimension?: string }>,
  shared: string[] = [],
): Promise<Buffer> {
  const zip = new JSZip()
  zip.file(
    '[Content_Types].xml',
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
  )
  zip.file(
    '_rels/.rels',
    `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  )
  const rel = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`
  zip.file(
    'xl/workbook.xml',
    `${XML}<workbook ${S} ${R}><sheets>${sheets.map((s, i) => `<sheet name="${s.name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
  )
  zip.file(
    'xl/_rels/workbook.xml.rels',
    `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets.map((_, i) => rel(`rId${i + 1}`, 'worksheet', `worksheets/sheet${i + 1}.xml`)).join('')}${rel('rS', 'sharedStrings', 'sharedStrings.xml')}${rel('rT', 'styles', 'styles.xml')}</Relationships>`,
  )
  zip.file(
    'xl/styles.xml',
    `${XML}<styleSheet ${S}><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="22"/></cellXfs></styleSheet>`,
  )
  zip.file(
    'xl/sharedStrings.xml',
    `${XML}<sst ${S}>${shared.map((s) => `<si><t>${s}</t></si>`).join('')}</sst>`,
  )
  sheets.forEach((sheet, i) => {
    const dimension = sheet.dimension ? `<dimension ref="${sheet.dimension}"/>` : ''
    zip.file(
      `xl/worksheets/sheet${i + 1}.xml`,
      `${XML}<worksheet ${S}>${dimension}<sheetData>${sheet.data}</sheetData></worksheet>`,
    )
  })
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })
}

/** A minimal ODS: `tables` hold the XML inside each `<table:table>`. */
export async function odsFile(tables: Array<{ name: string; rows: string }>): Promise<Buffer> {
  const zip = new JSZip()
  zip.file('mimetype', 'application/vnd.oasis.opendocument.spreadsheet')
  zip.file(
    'content.xml',
    `${XML}<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet>${tables.map((t) => `<table:table table:name="${t.name}">${t.rows}</table:table>`).join('')}</office:spreadsheet></office:body></office:document-content>`,
  )
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })
}

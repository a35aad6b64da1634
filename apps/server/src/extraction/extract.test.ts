import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { crc32 } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ExtractionError,
  MAX_EXTRACTED_CHARS,
  MEDIA_TYPES,
  detectMediaType,
  extractText,
  mediaTypeMatchesName,
} from './index.ts'

const DEMO_DIR = fileURLToPath(new URL('../../demo/documents/', import.meta.url))
const demoFile = (name: string): string => join(DEMO_DIR, name)

interface ManifestEntry {
  key: string
  files: string[]
}
const manifest = JSON.parse(await readFile(demoFile('manifest.json'), 'utf8')) as ManifestEntry[]
const demoFiles = manifest.flatMap((d) => d.files)

/** A real 1x1 PNG, built here so the test needs no binary fixture. */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]) // 1x1, 8-bit greyscale
  const pixels = Buffer.from([0x78, 0x9c, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]) // zlib of [0, 0]
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

let tmp = ''
const fixture = async (name: string, content: string | Uint8Array): Promise<string> => {
  const path = join(tmp, name)
  await writeFile(path, content)
  return path
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'extraction-test-'))
})
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true })
})

describe('detectMediaType on the demo documents', () => {
  it('has at least 36 demo files to check', () => {
    expect(demoFiles.length).toBeGreaterThanOrEqual(36)
  })

  it.each(demoFiles)('recognises %s by its content and its name agrees', async (name) => {
    const mediaType = await detectMediaType(demoFile(name), name)
    expect(mediaType).not.toBeNull()
    expect(mediaTypeMatchesName(mediaType ?? '', name)).toBe(true)
  })
})

describe('extractText on the demo documents', () => {
  // Each word occurs in that one file's text only, never in a title or description.
  it.each([
    ['uitvoeringsprogramma-klimaatadaptatie.pdf', MEDIA_TYPES.pdf, 'waterberging'],
    ['verslag-bewonersavond-noord.docx', MEDIA_TYPES.docx, 'buurtbemiddeling'],
    ['programmabegroting-2025.xlsx', MEDIA_TYPES.xlsx, 'snippergroen'],
    ['afvalinzameling-2024.csv', MEDIA_TYPES.csv, 'bladkorven'],
    ['fietsenstallingen-binnenstad.geojson', MEDIA_TYPES.geojson, 'Fietstrommel'],
    ['evenementenvergunningen-2024.csv', MEDIA_TYPES.csv, 'Havenfestival'],
    ['raadsvoorstel-huisvesting-asielzoekers.docx', MEDIA_TYPES.docx, 'asielverzoeken'],
  ])('finds the text of %s', async (name, mediaType, word) => {
    const text = await extractText(demoFile(name), mediaType)
    expect(text).toContain(word)
    expect(text).not.toMatch(/\s{2}|^\s|\s$/)
  })

  it('reads table cells of a PDF as separate words', async () => {
    const text = await extractText(demoFile('veiligheidsbeeld-2023.pdf'), MEDIA_TYPES.pdf)
    expect(text).toContain('Woninginbraak 212 168')
  })

  it('keeps GeoJSON property values and leaves out the geometry', async () => {
    const text = await extractText(demoFile('schoolgebouwen.geojson'), MEDIA_TYPES.geojson)
    expect(text).toContain('Basisschool De Regenboog')
    expect(text).not.toMatch(/Point|FeatureCollection|52\.2/)
  })

  it('extracts some text from every demo file', async () => {
    for (const name of demoFiles) {
      const mediaType = await detectMediaType(demoFile(name), name)
      const text = await extractText(demoFile(name), mediaType ?? '')
      expect(text.length, name).toBeGreaterThan(100)
    }
  })
})

describe('refused and mismatched files', () => {
  it('sees a PNG renamed to .pdf as a PNG that does not match its name', async () => {
    const path = await fixture('scan.pdf', tinyPng())
    const mediaType = await detectMediaType(path, 'scan.pdf')
    expect(mediaType).toBe(MEDIA_TYPES.png)
    expect(mediaTypeMatchesName(MEDIA_TYPES.png, 'scan.pdf')).toBe(false)
    expect(mediaTypeMatchesName(MEDIA_TYPES.png, 'scan.PNG')).toBe(true)
  })

  it('refuses a text file named .xlsx', async () => {
    const path = await fixture('begroting.xlsx', 'wijk;inwoners\nNoord;14220\n')
    expect(await detectMediaType(path, 'begroting.xlsx')).toBeNull()
  })

  it('refuses types that are not on the allow-list', async () => {
    expect(
      await detectMediaType(await fixture('notes.txt', 'gewoon tekst'), 'notes.txt'),
    ).toBeNull()
    const gif = await fixture(
      'plaatje.gif',
      Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
    )
    expect(await detectMediaType(gif, 'plaatje.gif')).toBeNull()
  })

  it('accepts a text CSV (UTF-8 or Windows-1252), refuses a binary one and an empty one', async () => {
    const good = await fixture('a.csv', 'straat,aantal\r\nMarktstraat,"12"\r\n')
    expect(await detectMediaType(good, 'a.csv')).toBe(MEDIA_TYPES.csv)
    const binary = await fixture('b.csv', Buffer.from([0x61, 0x2c, 0x00, 0x62, 0x0a]))
    expect(await detectMediaType(binary, 'b.csv')).toBeNull()
    const latin1 = await fixture('c.csv', Buffer.from('caf\xe9,1\n', 'latin1'))
    expect(await detectMediaType(latin1, 'c.csv')).toBe(MEDIA_TYPES.csv)
    expect(await detectMediaType(await fixture('d.csv', ''), 'd.csv')).toBeNull()
  })

  it('accepts a TSV by its extension and content', async () => {
    const tsv = await fixture('a.tsv', 'straat\taantal\nMarktstraat\t12\n')
    expect(await detectMediaType(tsv, 'a.tsv')).toBe(MEDIA_TYPES.tsv)
    expect(mediaTypeMatchesName(MEDIA_TYPES.tsv, 'a.tsv')).toBe(true)
    const binary = await fixture('b.tsv', Buffer.from([0x61, 0x09, 0x01, 0x62, 0x0a]))
    expect(await detectMediaType(binary, 'b.tsv')).toBeNull()
  })

  it('accepts a CSV saved by Excel on a Dutch Windows machine and finds its words', async () => {
    // Windows-1252: € is 0x80, ë is 0xEB; `;` separates the cells.
    const bytes = Buffer.concat([
      Buffer.from('Gemeente;Bedrag ', 'latin1'),
      Buffer.from([0x80]),
      Buffer.from('\r\nPo\xebzie;1.234,5\r\nZo\xebtermeer;-0,5\r\n', 'latin1'),
    ])
    const path = await fixture('bedragen.csv', bytes)
    expect(await detectMediaType(path, 'bedragen.csv')).toBe(MEDIA_TYPES.csv)
    const text = await extractText(path, MEDIA_TYPES.csv)
    expect(text).toContain('Bedrag €')
    expect(text).toContain('Poëzie')
    expect(text).toContain('Zoëtermeer')
  })

  it('checks JSON and GeoJSON content', async () => {
    const plain = await fixture('data.json', '{"naam":"Voorbeeldstad"}')
    expect(await detectMediaType(plain, 'data.json')).toBe(MEDIA_TYPES.json)
    const notGeo = await fixture('kaart.geojson', '{"naam":"Voorbeeldstad"}')
    expect(await detectMediaType(notGeo, 'kaart.geojson')).toBeNull()
    const broken = await fixture('kapot.json', '{"naam": ')
    expect(await detectMediaType(broken, 'kapot.json')).toBeNull()
    const geometry = await fixture('punt.geojson', '{"type":"Point","coordinates":[5.1,52.1]}')
    expect(await detectMediaType(geometry, 'punt.geojson')).toBe(MEDIA_TYPES.geojson)
  })
})

describe('extraction failures', () => {
  it('raises ExtractionError for a truncated PDF', async () => {
    const pdf = await readFile(demoFile('jaarverslag-2024.pdf'))
    const path = await fixture('afgebroken.pdf', pdf.subarray(0, Math.floor(pdf.length / 2)))
    expect(await detectMediaType(path, 'afgebroken.pdf')).toBe(MEDIA_TYPES.pdf)
    await expect(extractText(path, MEDIA_TYPES.pdf)).rejects.toBeInstanceOf(ExtractionError)
  })

  it('raises ExtractionError for a PDF header followed by garbage', async () => {
    const path = await fixture(
      'rommel.pdf',
      Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 7)]),
    )
    await expect(extractText(path, MEDIA_TYPES.pdf)).rejects.toMatchObject({
      name: 'ExtractionError',
      reason: 'unreadable',
    })
  })

  it('raises ExtractionError for corrupt DOCX and XLSX files', async () => {
    const zipLike = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(512, 1)])
    const docx = await fixture('kapot.docx', zipLike)
    const xlsx = await fixture('kapot.xlsx', zipLike)
    await expect(extractText(docx, MEDIA_TYPES.docx)).rejects.toBeInstanceOf(ExtractionError)
    await expect(extractText(xlsx, MEDIA_TYPES.xlsx)).rejects.toBeInstanceOf(ExtractionError)
  })

  it('refuses a media type without an extractor', async () => {
    await expect(extractText(demoFile('manifest.json'), 'text/html')).rejects.toMatchObject({
      reason: 'unsupported',
    })
  })

  it('returns no text for images and archives', async () => {
    expect(await extractText(await fixture('foto.png', tinyPng()), MEDIA_TYPES.png)).toBe('')
  })

  it('caps the text and removes control characters', async () => {
    const row = 'Marktstraat,fietsenstalling,\u0000overdekt\r\n'
    const path = await fixture('groot.csv', row.repeat(30_000))
    const text = await extractText(path, MEDIA_TYPES.csv)
    expect(text.length).toBeLessThanOrEqual(MAX_EXTRACTED_CHARS)
    expect(text.length).toBeGreaterThan(MAX_EXTRACTED_CHARS - 50)
    expect(text).not.toContain('\u0000')
  })
})

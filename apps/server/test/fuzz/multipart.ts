import fc from 'fast-check'
import { valueFor, type Pools } from './from-schema.ts'
import { HOSTILE_TEXT } from './hostile.ts'
import type { JsonSchema } from './openapi.ts'

/** A multipart/form-data body, well-formed or broken in one of the ways below. */
export interface MultipartBody {
  contentType: string
  body: Buffer
  label: string
}

interface Part {
  name: string
  fileName?: string
  partType?: string
  content: Buffer
}

const FILE_NAMES: readonly string[] = [
  'tabel.csv',
  'kaart.geojson',
  'gegevens.json',
  'notitie.txt',
  'rapport.pdf',
  'lijst.xlsx',
  'verslag.docx',
  'zonder-extensie',
  '',
  '.csv',
  '../../../etc/passwd.csv',
  '..\\..\\boot.ini.csv',
  'a\u0000b.csv',
  '\u202egpj.csv',
  'ïñtërnâtiônàl 😀.csv',
  'a%2f..%2fb.csv',
  'CON.csv',
  'evil.exe',
  'tabel.csv.exe',
  `${'x'.repeat(400)}.csv`,
  'quote".csv',
  'line\r\nX-Injected: 1.csv',
]

const FILE_CONTENTS: readonly (() => Buffer)[] = [
  () => Buffer.from('wijk;aantal\nCentrum;12\nNoord;7\n'),
  () => Buffer.from('{"type":"FeatureCollection","features":[]}'),
  () => Buffer.from('{"a":[1,2,{"b":null}]}'),
  () => Buffer.from('Een gewone tekst.\n'),
  () => Buffer.alloc(0),
  () => Buffer.from('%PDF-1.4\n1 0 obj\n'),
  () => Buffer.from('PK\u0003\u0004\u0014\u0000\u0000\u0000garbage', 'latin1'),
  () => Buffer.from('['.repeat(20_000)),
  () => Buffer.from([0x00, 0xff, 0xfe, 0x00, 0xd8, 0x00, 0x89, 0x50, 0x4e, 0x47]),
  () => Buffer.from('<html><script>alert(1)</script></html>'),
  () => Buffer.from('\ufeffa,b\n\u0000,\ud800\n'),
  // Over the 1 MB the fuzz server allows (MAX_UPLOAD_MB=1).
  () => Buffer.from('a,b\n'.repeat(300_000)),
]

const PART_TYPES = ['text/csv', 'application/json', 'application/octet-stream', 'text/html', '']

const CRLF = '\r\n'

function encodeParts(boundary: string, parts: readonly Part[], lineEnd = CRLF, close = true) {
  const chunks: Buffer[] = []
  for (const part of parts) {
    const disposition = [`form-data; name="${part.name}"`]
    if (part.fileName !== undefined) disposition.push(`filename="${part.fileName}"`)
    const headers = [`Content-Disposition: ${disposition.join('; ')}`]
    if (part.partType) headers.push(`Content-Type: ${part.partType}`)
    chunks.push(Buffer.from(`--${boundary}${lineEnd}${headers.join(lineEnd)}${lineEnd}${lineEnd}`))
    chunks.push(part.content, Buffer.from(lineEnd))
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--${lineEnd}`))
  return Buffer.concat(chunks)
}

const asText = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '')

const isFileArray = (schema: JsonSchema) =>
  schema.type === 'array' && schema.items?.format === 'binary'

/** The parts for the schema's fields: files as file parts, arrays repeated, some left out. */
function partsFor(schema: JsonSchema, pools: Pools): fc.Arbitrary<Part[]> {
  const required = new Set(schema.required ?? [])
  const fields = Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const omitted = required.has(name) ? 8 : 40
    const present: fc.Arbitrary<Part[]> = isFileArray(property)
      ? fc
          .array(
            fc.record({
              fileName: fc.oneof(
                { weight: 3, arbitrary: fc.constantFrom(...FILE_NAMES.slice(0, 4)) },
                { weight: 1, arbitrary: fc.constantFrom(...FILE_NAMES) },
              ),
              partType: fc.constantFrom(...PART_TYPES),
              content: fc.constantFrom(...FILE_CONTENTS).map((make) => make()),
            }),
            { minLength: 1, maxLength: 3 },
          )
          .map((files) => files.map((file) => ({ name, ...file })))
      : (property.type === 'array'
          ? fc.array(valueFor(property.items ?? {}, pools, 0.2), { maxLength: 4 })
          : valueFor(property, pools, 0.25).map((value) => [value])
        ).map((values) => values.map((value) => ({ name, content: Buffer.from(asText(value)) })))
    return fc.oneof(
      { weight: omitted, arbitrary: fc.constant([]) },
      { weight: 100 - omitted, arbitrary: present },
    )
  })
  return fc.tuple(...fields).map((lists) => lists.flat())
}

type Breakage = (boundary: string, parts: Part[], cut: number) => MultipartBody

const withBoundary = (boundary: string) => `multipart/form-data; boundary=${boundary}`

/** Ways a multipart body arrives broken; each names itself in the label. */
const BREAKAGES: Record<string, Breakage> = {
  truncated: (b, parts, cut) => {
    const full = encodeParts(b, parts)
    return {
      contentType: withBoundary(b),
      body: full.subarray(0, cut % (full.length + 1)),
      label: '',
    }
  },
  'other boundary': (b, parts) => ({
    contentType: withBoundary('not-the-boundary'),
    body: encodeParts(b, parts),
    label: '',
  }),
  'no boundary': (b, parts) => ({
    contentType: 'multipart/form-data',
    body: encodeParts(b, parts),
    label: '',
  }),
  'not closed': (b, parts) => ({
    contentType: withBoundary(b),
    body: encodeParts(b, parts, CRLF, false),
    label: '',
  }),
  'LF line ends': (b, parts) => ({
    contentType: withBoundary(b),
    body: encodeParts(b, parts, '\n'),
    label: '',
  }),
  'quoted boundary': (b, parts) => ({
    contentType: `multipart/form-data; boundary="${b}"`,
    body: encodeParts(b, parts),
    label: '',
  }),
  'hostile field names': (b, parts) => ({
    contentType: withBoundary(b),
    body: encodeParts(b, [
      ...parts,
      ...HOSTILE_TEXT.slice(0, 12).map((name) => ({ name, content: Buffer.from('x') })),
    ]),
    label: '',
  }),
  'file in a text field': (b, parts) => ({
    contentType: withBoundary(b),
    body: encodeParts(b, [
      ...parts,
      { name: 'title', fileName: 'titel.csv', content: Buffer.from('a') },
    ]),
    label: '',
  }),
  'too many fields': (b, parts) => ({
    contentType: withBoundary(b),
    body: encodeParts(b, [
      ...parts,
      ...Array.from({ length: 250 }, () => ({ name: 'themes', content: Buffer.from('Verkeer') })),
    ]),
    label: '',
  }),
  'too many files': (b, parts) => ({
    contentType: withBoundary(b),
    body: encodeParts(b, [
      ...parts,
      ...Array.from({ length: 25 }, (_, i) => ({
        name: 'files',
        fileName: `f${i}.csv`,
        content: Buffer.from('a;b\n1;2\n'),
      })),
    ]),
    label: '',
  }),
  'garbage around': (b, parts) => ({
    contentType: withBoundary(b),
    body: Buffer.concat([
      Buffer.from('preamble\u0000\r\n'),
      encodeParts(b, parts),
      Buffer.from('\u0000epilogue'),
    ]),
    label: '',
  }),
}

/** A multipart body for the schema: well-formed mostly, otherwise broken in one way. */
export function multipartFor(schema: JsonSchema, pools: Pools): fc.Arbitrary<MultipartBody> {
  const boundary = fc.constantFrom('----fuzzBoundary7MA4YWxkTrZu0gW', 'x', '-'.repeat(70))
  return fc
    .tuple(
      boundary,
      partsFor(schema, pools),
      fc.oneof(
        { weight: 7, arbitrary: fc.constant('well-formed') },
        { weight: 3, arbitrary: fc.constantFrom(...Object.keys(BREAKAGES)) },
      ),
      fc.nat(),
    )
    .map(([b, parts, how, cut]) => {
      const broken = BREAKAGES[how]
      if (!broken)
        return { contentType: withBoundary(b), body: encodeParts(b, parts), label: 'multipart' }
      return { ...broken(b, parts, cut), label: `multipart, ${how}` }
    })
}

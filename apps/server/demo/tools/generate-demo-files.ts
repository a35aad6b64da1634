/**
 * Writes the demo publications of the fictional city Voorbeeldstad into ../documents/ together
 * with manifest.json. Output is deterministic: a seeded PRNG, fixed dates taken from each
 * document's `modified` field, and zip entries with fixed timestamps.
 *
 * Run from apps/server: npx tsx demo/tools/generate-demo-files.ts
 */
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'
import { geoDocuments } from './content/geo.ts'
import { councilLetters } from './content/letters-council.ts'
import { policyLetters } from './content/letters-policy.ts'
import { prognoseDocument } from './content/prognose.ts'
import { monitorReports } from './content/reports-monitor.ts'
import { policyReports } from './content/reports-policy.ts'
import { sheetDocuments } from './content/sheets.ts'
import { tableDocuments } from './content/tables.ts'
import { renderDocx, renderXlsx } from './lib/office.ts'
import { renderPdf } from './lib/pdf.ts'
import { renderCsv, renderGeoJson } from './lib/plain.ts'
import type { DemoDocument, FileSpec } from './lib/types.ts'

const DEMO_DIR = join(dirname(fileURLToPath(import.meta.url)), '..')
const OUT_DIR = join(DEMO_DIR, 'documents')
const MAX_FILE_BYTES = 60 * 1024

/**
 * Words that occur only inside one file's text (never in a title or description), so tests can
 * prove that extracted file text is searchable. `stem` is what the Dutch stemmer keeps, checked
 * against titles and descriptions as well. Keep in sync with tools/README.md.
 */
export const FILE_ONLY_WORDS = [
  { word: 'waterberging', stem: 'waterberg', file: 'uitvoeringsprogramma-klimaatadaptatie.pdf' },
  { word: 'buurtbemiddeling', stem: 'buurtbemiddel', file: 'verslag-bewonersavond-noord.docx' },
  { word: 'snippergroen', stem: 'snippergroen', file: 'programmabegroting-2025.xlsx' },
  { word: 'bladkorven', stem: 'bladkorv', file: 'afvalinzameling-2024.csv' },
  { word: 'fietstrommel', stem: 'fietstrommel', file: 'fietsenstallingen-binnenstad.geojson' },
] as const

async function render(file: FileSpec, modified: string): Promise<Uint8Array | string> {
  switch (file.kind) {
    case 'csv':
      return renderCsv(file.header, file.rows, file.delimiter)
    case 'geojson':
      return renderGeoJson(file.name.replace(/\.geojson$/, ''), file.features)
    case 'xlsx':
      return renderXlsx(file.title, file.sheets, file.notes, modified)
    case 'pdf':
      return renderPdf(file.doc, modified)
    case 'docx':
      return renderDocx(file.doc, modified)
  }
}

async function readJson<T>(name: string): Promise<T> {
  return JSON.parse(await readFile(join(DEMO_DIR, name), 'utf8')) as T
}

function fail(message: string): never {
  throw new Error(`Demo content is invalid: ${message}`)
}

/** Checks the manifest rules the importer and the search tests rely on. */
async function validate(documents: DemoDocument[]): Promise<void> {
  const contentTypes = await readJson<string[]>('content-types.json')
  const sources = (await readJson<string[]>('sources.json')).filter((s) => !s.includes('CBS'))
  const themes = (await readJson<{ term: string }[]>('thesaurus.json')).map((t) => t.term)
  const keys = new Set<string>()
  const fileNames = new Set<string>()
  for (const d of documents) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(d.key) || keys.has(d.key))
      fail(`bad or duplicate key ${d.key}`)
    keys.add(d.key)
    if (d.title.length < 3 || d.title.length > 200) fail(`title length of ${d.key}`)
    if (d.description.length > 10_000) fail(`description length of ${d.key}`)
    if (!contentTypes.includes(d.contentTypeName)) fail(`content type of ${d.key}`)
    if (!sources.includes(d.sourceFriendlyName)) fail(`source of ${d.key}`)
    for (const t of d.themes) if (!themes.includes(t)) fail(`theme ${t} of ${d.key}`)
    if (!/^20(19|2[0-6])-\d\d-\d\d$/.test(d.modified)) fail(`modified date of ${d.key}`)
    for (const f of d.files) {
      if (fileNames.has(f.name) || !f.name.endsWith(`.${f.kind}`)) fail(`file name ${f.name}`)
      fileNames.add(f.name)
    }
  }
  const used = (pick: (d: DemoDocument) => string[]) => new Set(documents.flatMap(pick))
  const missing = [
    ...contentTypes.filter((c) => !used((d) => [d.contentTypeName]).has(c)),
    ...sources.filter((s) => !used((d) => [d.sourceFriendlyName]).has(s)),
    ...themes.filter((t) => !used((d) => d.themes).has(t)),
  ]
  if (missing.length > 0) fail(`unused vocabulary: ${missing.join(', ')}`)
  if (documents.filter((d) => d.themes.length === 0).length < 3) fail('fewer than 3 without theme')
  for (const kind of ['csv', 'geojson', 'pdf', 'xlsx', 'docx']) {
    const count = documents.flatMap((d) => d.files).filter((f) => f.kind === kind).length
    if (count < 7) fail(`only ${count} ${kind} files`)
  }
  if (fileNames.size < 36) fail(`only ${fileNames.size} files`)
  if (!documents.some((d) => d.title.includes('Fietsenstallingen')))
    fail('no Fietsenstallingen title')

  const metadata = documents.map((d) => `${d.title} ${d.description}`.toLowerCase()).join('\n')
  for (const { word, stem, file } of FILE_ONLY_WORDS) {
    if (metadata.includes(stem)) fail(`"${stem}" occurs in a title or description`)
    const holders = documents
      .flatMap((d) => d.files)
      .filter((f) => JSON.stringify(f).toLowerCase().includes(word))
      .map((f) => f.name)
    if (holders.length !== 1 || holders[0] !== file) fail(`"${word}" is in ${holders.join(', ')}`)
  }
}

async function main(): Promise<void> {
  const documents = [
    ...geoDocuments(),
    ...tableDocuments(),
    prognoseDocument(),
    ...sheetDocuments(),
    ...policyReports(),
    ...monitorReports(),
    ...policyLetters(),
    ...councilLetters(),
  ]
  await validate(documents)

  // The folder is generated output: clear it so renamed or removed files do not linger.
  await mkdir(OUT_DIR, { recursive: true })
  for (const entry of await readdir(OUT_DIR)) await rm(join(OUT_DIR, entry), { recursive: true })

  for (const d of documents) {
    for (const f of d.files) {
      const data = await render(f, d.modified)
      const size = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength
      if (size > MAX_FILE_BYTES) fail(`${f.name} is ${size} bytes`)
      await writeFile(join(OUT_DIR, f.name), data)
    }
  }

  const manifest = documents.map((d) => ({
    key: d.key,
    title: d.title,
    description: d.description,
    contentTypeName: d.contentTypeName,
    sourceFriendlyName: d.sourceFriendlyName,
    themes: d.themes,
    license: d.license,
    ...(d.wooCategory ? { wooCategory: d.wooCategory } : {}),
    modified: d.modified,
    files: d.files.map((f) => f.name),
  }))
  await writeFile(join(OUT_DIR, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  const files = manifest.reduce((n, d) => n + d.files.length, 0)
  console.log(`Wrote ${manifest.length} documents with ${files} files to ${OUT_DIR}`)
}

await main()

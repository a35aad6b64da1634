/**
 * A deterministic synthetic catalogue for the search benchmark, made from the real CBS
 * records in the repository: title fragments and description words are recombined, and
 * every document gets a content type, a source, 0-3 themes, a date and sometimes ratings.
 * The words `gemeente` and `bevolking` are put into most documents, so that the broad
 * queries of the benchmark match most of the catalogue.
 *
 *   npx tsx search/synthesize.ts --db pg --docs 100000   (recreates the bench database)
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import type { ThesaurusEntry } from '@dataportaal/contract'
import type { Db } from '../../apps/server/src/db/client.ts'
import { classifyThemes } from '../../apps/server/src/features/catalogue/classify.ts'
import { refreshSearchIndex } from '../../apps/server/src/features/documents/index.ts'
import { normalizeText } from '../../apps/server/src/shared/text.ts'
import { DEMO_DIR, loadDemoVocabularies } from '../../apps/server/src/features/catalogue/demo.ts'
import { seededRandom } from '../../apps/server/demo/tools/lib/random.ts'
import { catalogueFingerprint, markCatalogue, openBenchDatabase, type DbKind } from './database.ts'

export const DEFAULT_DOCS = 100_000
export const DEFAULT_SEED = 'dataportaal-bench-1'
const BATCH_SIZE = 2_000

// ---------------------------------------------------------------------------------------
// Source material

export interface CbsRecord {
  id: string
  title: string
  description: string
}

export interface Vocabularies {
  contentTypes: string[]
  sources: string[]
  thesaurus: ThesaurusEntry[]
}

const readJson = (file: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(DEMO_DIR, file), 'utf8'))

/** The repository's copy of the CBS StatLine catalogue (1,669 records). */
export function readCbsRecords(): CbsRecord[] {
  const text = fs.readFileSync(path.join(DEMO_DIR, 'cbs-statline-catalogus.jsonl'), 'utf8')
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const record = JSON.parse(line) as Partial<CbsRecord>
      return {
        id: String(record.id ?? ''),
        title: String(record.title ?? ''),
        description: String(record.description ?? ''),
      }
    })
}

export function readVocabularies(): Vocabularies {
  return {
    contentTypes: readJson('content-types.json') as string[],
    sources: readJson('sources.json') as string[],
    thesaurus: readJson('thesaurus.json') as ThesaurusEntry[],
  }
}

// ---------------------------------------------------------------------------------------
// Seeded randomness (mulberry32 over an FNV-1a hash of the seed text)

export class Random {
  private readonly nextFloat: () => number

  /** The demo generator's mulberry32, seeded with an FNV-1a hash of the seed text. */
  constructor(seed: string) {
    let hash = 0x811c9dc5
    for (let i = 0; i < seed.length; i++) {
      hash ^= seed.charCodeAt(i)
      hash = Math.imul(hash, 0x01000193)
    }
    this.nextFloat = seededRandom(hash)
  }

  uint32(): number {
    return this.nextFloat() * 4_294_967_296
  }

  /** In [0, 1). */
  next(): number {
    return this.nextFloat()
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new Error('pick from an empty list')
    return list[Math.floor(this.next() * list.length)]!
  }

  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0)
    let at = this.next() * total
    for (const [value, weight] of entries) {
      at -= weight
      if (at < 0) return value
    }
    return entries[entries.length - 1]![0]
  }

  /** A version 4 UUID made of this generator's numbers (so ids are reproducible too). */
  uuid(): string {
    const hex = [this.uint32(), this.uint32(), this.uint32(), this.uint32()]
      .map((n) => n.toString(16).padStart(8, '0'))
      .join('')
    const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
  }
}

// ---------------------------------------------------------------------------------------
// Documents

export interface SyntheticDocument {
  id: string
  key: string
  title: string
  description: string
  contentType: string
  source: string
  themes: string[]
  date: string
  publishedAt: string
  ratingAvg: number | null
  ratingCount: number
}

/** Extra fragments and sentences that make `gemeente` and `bevolking` broad words. */
const BROAD_TITLE_FRAGMENTS = [
  'per gemeente',
  'gemeenten',
  'bevolking',
  'bevolking per gemeente',
  'gemeente Voorbeeldstad',
  'regio en gemeente',
  'bevolking naar leeftijd',
]
const GEMEENTE_SENTENCES = [
  'Cijfers per gemeente.',
  'Uitgesplitst naar gemeente, wijk en buurt.',
  'Gegevens van de gemeente Voorbeeldstad en de omliggende gemeenten.',
  'Met een vergelijking tussen de gemeenten in de regio.',
  'Samengesteld door de gemeente, afdeling Onderzoek en Statistiek.',
  'Beschikbaar voor elke gemeente in Nederland.',
]
const BEVOLKING_SENTENCES = [
  'In verhouding tot de totale bevolking.',
  'Naar kenmerken van de bevolking, zoals leeftijd en geslacht.',
  'Omgerekend per 1000 inwoners van de bevolking.',
  'De bevolking op 1 januari van elk jaar.',
  'Gerelateerd aan de ontwikkeling van de bevolking.',
]

/** Relative weights; names not listed here weigh 5. */
const CONTENT_TYPE_WEIGHTS: Record<string, number> = {
  Dataset: 55,
  Rapport: 12,
  Kaart: 8,
  Dashboard: 7,
  Beleidsdocument: 7,
  Raadsinformatie: 6,
}
const SOURCE_WEIGHTS: Record<string, number> = {
  'Centraal Bureau voor de Statistiek (CBS)': 35,
  'Onderzoek en Statistiek': 25,
}

const FIRST_DAY = Date.UTC(2000, 0, 1)
const LAST_DAY = Date.UTC(2026, 10, 20)
const DAY_MS = 86_400_000
const MAX_TITLE = 200

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

interface Material {
  heads: string[]
  tails: string[]
  descriptions: string[]
  descriptionWords: string[][]
}

function material(records: CbsRecord[]): Material {
  const heads = new Set<string>()
  const tails = new Set<string>()
  for (const record of records) {
    const fragments = record.title
      .split(/[;,]/)
      .map((part) => part.trim())
      .filter((part) => part.length >= 3)
    if (fragments[0]) heads.add(fragments[0])
    for (const fragment of fragments.slice(1)) tails.add(fragment)
  }
  const descriptions = records.map((r) => r.description.trim()).filter((d) => d.length > 0)
  return {
    heads: [...heads],
    tails: [...tails],
    descriptions,
    descriptionWords: descriptions.map((d) => d.split(/\s+/)).filter((w) => w.length >= 6),
  }
}

function makeTitle(random: Random, source: Material, year: number): string {
  const tails: string[] = []
  if (random.chance(0.85)) tails.push(random.pick(source.tails))
  if (random.chance(0.45)) tails.push(random.pick(source.tails))
  if (random.chance(0.3)) tails.push(random.pick(BROAD_TITLE_FRAGMENTS))
  if (random.chance(0.15)) tails.push(String(year))
  const head = capitalize(random.pick(source.heads))
  let title = tails.length ? `${head}; ${tails.join(', ')}` : head
  while (title.length > MAX_TITLE && tails.length > 0) {
    tails.pop()
    title = tails.length ? `${head}; ${tails.join(', ')}` : head
  }
  return title.slice(0, MAX_TITLE).trim()
}

function makeDescription(random: Random, source: Material): string {
  const sentences = [random.pick(source.descriptions)]
  if (random.chance(0.55)) {
    const words = random.pick(source.descriptionWords)
    const length = random.int(6, Math.min(20, words.length))
    const start = random.int(0, words.length - length)
    sentences.push(`${capitalize(words.slice(start, start + length).join(' '))}.`)
  }
  if (random.chance(0.6)) sentences.push(random.pick(GEMEENTE_SENTENCES))
  if (random.chance(0.5)) sentences.push(random.pick(BEVOLKING_SENTENCES))
  return sentences.map((s) => (/[.!?]$/.test(s) ? s : `${s}.`)).join(' ')
}

function makeThemes(random: Random, themeNames: string[], title: string, description: string) {
  if (random.chance(0.12)) return []
  const known = new Set(themeNames)
  const themes = classifyThemes(title, description).filter((name) => known.has(name))
  if (themes.length === 0) themes.push(random.pick(themeNames))
  if (random.chance(0.25)) themes.push(random.pick(themeNames))
  return [...new Set(themes)].slice(0, 3)
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The documents of a catalogue of `count`, always the same ones for the same seed. */
export function* synthesizeDocuments(
  count: number,
  seed: string,
  records: CbsRecord[],
  vocabularies: Vocabularies,
): Generator<SyntheticDocument> {
  const random = new Random(seed)
  const source = material(records)
  const themeNames = vocabularies.thesaurus.map((entry) => entry.term)
  const contentTypes = vocabularies.contentTypes.map(
    (name) => [name, CONTENT_TYPE_WEIGHTS[name] ?? 5] as const,
  )
  const sources = vocabularies.sources.map((name) => [name, SOURCE_WEIGHTS[name] ?? 5] as const)
  const days = Math.floor((LAST_DAY - FIRST_DAY) / DAY_MS)
  for (let i = 0; i < count; i++) {
    const day = FIRST_DAY + random.int(0, days) * DAY_MS
    const title = makeTitle(random, source, new Date(day).getUTCFullYear())
    const description = makeDescription(random, source)
    const published = Math.min(
      day + random.int(0, 90) * DAY_MS + random.int(7 * 3600, 18 * 3600) * 1000,
      LAST_DAY + 12 * 3600 * 1000,
    )
    let ratingAvg: number | null = null
    let ratingCount = 0
    if (random.chance(0.2)) {
      ratingCount = Math.min(200, 1 + Math.floor(-Math.log(1 - random.next()) * 6))
      const mean = (random.next() + random.next() + random.next()) / 3
      ratingAvg = Math.round((1 + 4 * mean) * 10) / 10
    }
    yield {
      id: random.uuid(),
      key: `bench-${String(i + 1).padStart(6, '0')}`,
      title,
      description,
      contentType: random.weighted(contentTypes),
      source: random.weighted(sources),
      themes: makeThemes(random, themeNames, title, description),
      date: isoDate(day),
      publishedAt: new Date(published).toISOString(),
      ratingAvg,
      ratingCount,
    }
  }
}

// ---------------------------------------------------------------------------------------
// Loading

export interface LoadSummary {
  docs: number
  documentThemes: number
  /** Share of documents whose title or description has the word, 0-1. */
  share: { gemeente: number; bevolking: number }
  ms: { vocabularies: number; documents: number; vacuum: number; total: number }
}

/** The server's own demo vocabularies, then their ids by name for the bulk inserts. */
async function loadVocabularies(db: Db) {
  await loadDemoVocabularies(db)
  const idsOf = async (table: 'content_types' | 'sources' | 'themes') =>
    new Map(
      (await db.query<{ id: string; name: string }>(`select id::text, name from ${table}`)).map(
        (row) => [row.name, row.id],
      ),
    )
  const [contentTypes, sources, themes] = await Promise.all([
    idsOf('content_types'),
    idsOf('sources'),
    idsOf('themes'),
  ])
  return { contentTypes, sources, themes }
}

const hasWord = (text: string, word: string) => new RegExp(`\\b${word}\\b`).test(text)

/**
 * Fills a migrated, empty database with `docs` synthetic documents: batches of rows via
 * `unnest`, then the server's own search indexing for each batch, then `vacuum analyze`.
 */
export async function loadSyntheticCatalogue(
  db: Db,
  options: { docs: number; seed?: string; log?: (line: string) => void },
): Promise<LoadSummary> {
  const log = options.log ?? (() => undefined)
  const started = performance.now()
  const vocabularies = readVocabularies()
  const ids = await loadVocabularies(db)
  const vocabulariesMs = performance.now() - started

  const documents = synthesizeDocuments(
    options.docs,
    options.seed ?? DEFAULT_SEED,
    readCbsRecords(),
    vocabularies,
  )
  let loaded = 0
  let documentThemes = 0
  let withGemeente = 0
  let withBevolking = 0
  let lastLog = performance.now()
  const docsStarted = performance.now()
  let batch: SyntheticDocument[] = []
  const flush = async () => {
    if (batch.length === 0) return
    const rows = batch
    batch = []
    const links = rows.flatMap((doc) => doc.themes.map((theme) => [doc.id, ids.themes.get(theme)!]))
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into documents (id, external_key, title, description, content_type_id, source_id,
                                status, document_date, published_at, created_at, modified_at,
                                rating_avg, rating_count)
         select id, key, title, description, type_id, source_id, 'goedgekeurd', day, published,
                published, published, rating_avg, rating_count
           from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[],
                       $7::date[], $8::timestamptz[], $9::real[], $10::int[])
             as t(id, key, title, description, type_id, source_id, day, published, rating_avg,
                  rating_count)`,
        [
          rows.map((d) => d.id),
          rows.map((d) => d.key),
          rows.map((d) => d.title),
          rows.map((d) => d.description),
          rows.map((d) => ids.contentTypes.get(d.contentType)!),
          rows.map((d) => ids.sources.get(d.source)!),
          rows.map((d) => d.date),
          rows.map((d) => d.publishedAt),
          rows.map((d) => d.ratingAvg),
          rows.map((d) => d.ratingCount),
        ],
      )
      if (links.length) {
        await tx.query(
          `insert into document_themes (document_id, theme_id, added_at)
           select document_id, theme_id, now() from unnest($1::uuid[], $2::uuid[])
             as t(document_id, theme_id)`,
          [links.map((link) => link[0]), links.map((link) => link[1])],
        )
      }
      await refreshSearchIndex(
        tx,
        rows.map((d) => d.id),
      )
    })
    loaded += rows.length
    documentThemes += links.length
    const now = performance.now()
    if (now - lastLog > 5_000 || loaded === options.docs) {
      lastLog = now
      const rate = loaded / ((now - docsStarted) / 1000)
      const eta = (options.docs - loaded) / rate
      log(
        `  ${loaded.toLocaleString('en')} / ${options.docs.toLocaleString('en')} documents` +
          ` (${Math.round(rate)} docs/s${loaded < options.docs ? `, ~${Math.round(eta)} s left` : ''})`,
      )
    }
  }
  for (const doc of documents) {
    const text = normalizeText(`${doc.title} ${doc.description}`)
    if (hasWord(text, 'gemeente')) withGemeente++
    if (hasWord(text, 'bevolking')) withBevolking++
    batch.push(doc)
    if (batch.length >= BATCH_SIZE) await flush()
  }
  await flush()
  const documentsMs = performance.now() - docsStarted

  log('  vacuum analyze ...')
  const vacuumStarted = performance.now()
  await db.exec('vacuum analyze')
  const vacuumMs = performance.now() - vacuumStarted
  return {
    docs: loaded,
    documentThemes,
    share: {
      gemeente: loaded ? withGemeente / loaded : 0,
      bevolking: loaded ? withBevolking / loaded : 0,
    },
    ms: {
      vocabularies: Math.round(vocabulariesMs),
      documents: Math.round(documentsMs),
      vacuum: Math.round(vacuumMs),
      total: Math.round(performance.now() - started),
    },
  }
}

export function describeLoad(summary: LoadSummary): string {
  const pct = (share: number) => `${(share * 100).toFixed(1)}%`
  return [
    `Loaded ${summary.docs.toLocaleString('en')} documents (${summary.documentThemes.toLocaleString('en')} theme links)` +
      ` in ${(summary.ms.total / 1000).toFixed(1)} s` +
      ` (documents + indexing ${(summary.ms.documents / 1000).toFixed(1)} s, vacuum analyze ${(summary.ms.vacuum / 1000).toFixed(1)} s)`,
    `Title or description contains "gemeente": ${pct(summary.share.gemeente)}, "bevolking": ${pct(summary.share.bevolking)}`,
  ].join('\n')
}

// ---------------------------------------------------------------------------------------
// Command line: recreate the bench database and fill it.

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'pg' },
      docs: { type: 'string', default: String(DEFAULT_DOCS) },
      seed: { type: 'string', default: DEFAULT_SEED },
    },
  })
  const kind = values.db as DbKind
  if (kind !== 'pg' && kind !== 'pglite') throw new Error('--db must be pg or pglite')
  const docs = Number(values.docs)
  if (!Number.isInteger(docs) || docs < 1) throw new Error('--docs must be a positive integer')
  const { db, location, version } = await openBenchDatabase(kind, true)
  console.log(`Synthesising ${docs.toLocaleString('en')} documents into ${version} at ${location}`)
  try {
    const summary = await loadSyntheticCatalogue(db, {
      docs,
      seed: values.seed,
      log: (line) => console.log(line),
    })
    await markCatalogue(db, await catalogueFingerprint({ docs, seed: values.seed }), docs)
    console.log(describeLoad(summary))
  } finally {
    await db.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}

import fs from 'node:fs/promises'
import path from 'node:path'
import { ThesaurusEntry, WooCategory } from '@dataportaal/contract'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import type { FileStore } from '../../storage/file-store.ts'
import { ensureNamed, saveThesaurusEntry } from '../vocabulary/service.ts'
import { importCatalogueFile, type ImportSummary } from './import-file.ts'
import type { CatalogueItem } from './record.ts'
import { upsertCatalogueItems } from './service.ts'

/** The demo catalogue ships inside the repository (see demo/README.md). */
export const DEMO_DIR = path.resolve(import.meta.dirname, '..', '..', '..', 'demo')

/** One document of `demo/documents/manifest.json`: its metadata and the names of its files. */
export const DemoManifestEntry = z.object({
  key: z.string().min(1),
  title: z.string(),
  description: z.string(),
  contentTypeName: z.string(),
  sourceFriendlyName: z.string(),
  themes: z.array(z.string()),
  license: z.string(),
  /** The Woo information category of a document the city publishes under the Woo. */
  wooCategory: WooCategory.optional(),
  modified: z.iso.date(),
  files: z.array(z.string()).min(1),
})

const readJson = async <T>(file: string, schema: z.ZodType<T>): Promise<T> =>
  schema.parse(JSON.parse(await fs.readFile(path.join(DEMO_DIR, file), 'utf8')))

export async function loadDemoVocabularies(db: Db) {
  await db.transaction(async (tx) => {
    for (const name of await readJson('content-types.json', z.array(z.string()))) {
      await ensureNamed(tx, 'content_types', name)
    }
    for (const name of await readJson('sources.json', z.array(z.string()))) {
      await ensureNamed(tx, 'sources', name)
    }
    // Labels are internal to employees; a few to work with, as the city's own would be.
    for (const name of await readJson('labels.json', z.array(z.string()))) {
      await ensureNamed(tx, 'labels', name)
    }
    for (const entry of await readJson('thesaurus.json', z.array(ThesaurusEntry))) {
      await saveThesaurusEntry(tx, entry)
    }
    // The EU data theme of each demo theme, for the DCAT-AP-NL catalogue (dcat:theme).
    const euThemes = await readJson('eu-themes.json', z.record(z.string(), z.string()))
    for (const [name, code] of Object.entries(euThemes)) {
      await tx.query(
        'update themes set eu_theme = $2 where lower(name) = lower($1) and eu_theme is null',
        [name, code],
      )
    }
  })
}

/** The city's own demo publications, with their real files. */
export async function loadDemoDocuments(db: Db, store: FileStore): Promise<number> {
  const dir = path.join(DEMO_DIR, 'documents')
  const manifest = await readJson('documents/manifest.json', z.array(DemoManifestEntry))
  const items = manifest.map((entry): CatalogueItem => ({
    key: `demo:${entry.key}`,
    title: entry.title,
    description: entry.description,
    contentTypeName: entry.contentTypeName,
    sourceFriendlyName: entry.sourceFriendlyName,
    themes: entry.themes,
    license: entry.license,
    wooCategory: entry.wooCategory ?? null,
    date: entry.modified,
    sourceUrl: null,
    files: entry.files.map((fileName) => ({ path: path.join(dir, fileName), fileName })),
  }))
  await db.transaction((tx) => upsertCatalogueItems(tx, store, items))
  return manifest.length
}

export async function loadDemoCbsRecords(db: Db, store: FileStore): Promise<ImportSummary> {
  return importCatalogueFile(db, store, path.join(DEMO_DIR, 'cbs-statline-catalogus.jsonl'))
}

/** On first start with an empty database, fill it with the demo catalogue. */
export async function seedDemoCatalogue(db: Db, store: FileStore): Promise<boolean> {
  const [row] = await db.query<{ empty: boolean }>(
    'select not exists (select 1 from documents) as empty',
  )
  if (!row?.empty) return false
  await loadDemoVocabularies(db)
  await loadDemoDocuments(db, store)
  await loadDemoCbsRecords(db, store)
  return true
}

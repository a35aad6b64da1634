import { storedLicence } from '@dataportaal/contract'
import path from 'node:path'
import type { Queryable } from '../../db/client.ts'
import { detectMediaType, readFileText } from '../../extraction/index.ts'
import type { FileStore } from '../../storage/file-store.ts'
import { refreshSearchIndex } from '../documents/index.ts'
import { requestPrivacyScans } from '../privacy/index.ts'
import { enqueueTableLoads } from '../tables/index.ts'
import { ensureNamed, type NamedTable } from '../vocabulary/service.ts'
import type { CatalogueItem } from './record.ts'

export type UpsertOutcome = 'inserted' | 'updated' | 'unchanged'

/** An item whose document was inserted or updated, with the document's id. */
interface WrittenItem {
  id: string
  inserted: boolean
  item: CatalogueItem
}

async function storeFiles(
  db: Queryable,
  store: FileStore,
  documentId: string,
  item: CatalogueItem,
) {
  await db.query('delete from document_files where document_id = $1', [documentId])
  for (const [position, file] of item.files.entries()) {
    const mediaType = await detectMediaType(file.path, file.fileName)
    if (!mediaType) throw new Error(`${file.fileName}: file type not allowed`)
    const stored = await store.putFile(file.path)
    const { text, error } = await readFileText(file.path, mediaType)
    const [row] = await db.query<{ id: string }>(
      `insert into document_files
         (document_id, position, file_name, media_type, size_bytes, sha256, extraction_status,
          extracted_text, extraction_error)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id::text`,
      [
        documentId,
        position,
        path.basename(file.fileName),
        mediaType,
        stored.size,
        stored.sha256,
        error === null ? 'done' : 'failed',
        text,
        error,
      ],
    )
    // The demo's and an import's tables are loaded like an upload's, in the background.
    if (row) await enqueueTableLoads(db, [{ id: row.id, mediaType }])
  }
}

/**
 * The links of these documents, which replace what the updated ones had (a new document has
 * none to replace), in one statement for all of them.
 */
async function storeLinks(db: Queryable, written: readonly WrittenItem[]) {
  const replaced = written.filter((document) => !document.inserted && document.item.links)
  if (replaced.length > 0) {
    await db.query('delete from document_links where document_id = any($1::uuid[])', [
      replaced.map((document) => document.id),
    ])
  }
  const links = written.flatMap(({ id, item }) =>
    (item.links ?? []).map((link, position) => ({ id, position, ...link })),
  )
  if (links.length === 0) return
  await db.query(
    `insert into document_links (document_id, position, title, url, format, media_type)
     select * from unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[])`,
    [
      links.map((link) => link.id),
      links.map((link) => link.position),
      links.map((link) => link.title),
      links.map((link) => link.url),
      links.map((link) => link.format),
      links.map((link) => link.mediaType),
    ],
  )
}

/** The ids of vocabulary names, looked up or created once per batch of items. */
class NamedIds {
  private readonly ids = new Map<string, string>()
  constructor(private readonly db: Queryable) {}

  async of(table: NamedTable, name: string): Promise<string> {
    const key = `${table}\u0000${name}`
    let id = this.ids.get(key)
    if (id === undefined) {
      id = await ensureNamed(this.db, table, name)
      this.ids.set(key, id)
    }
    return id
  }
}

/**
 * Writes catalogue items as approved documents, keyed by `item.key`: a new key inserts, a
 * known key updates what changed, and an unchanged item is left alone. The documents, their
 * themes and links are written a statement for the batch each, not per item; the documents
 * that changed get their search index and a privacy scan (bulk) once for the batch.
 */
export async function upsertCatalogueItems(
  db: Queryable,
  store: FileStore,
  items: readonly CatalogueItem[],
): Promise<UpsertOutcome[]> {
  const names = new NamedIds(db)
  const outcomes: UpsertOutcome[] = []
  const changed = new Set<string>()
  for (const run of runsOfDistinctKeys(items)) {
    const written = await writeDocuments(db, names, run)
    const writtenItems: WrittenItem[] = []
    for (const item of run) {
      const document = written.get(item.key)
      outcomes.push(document ? (document.inserted ? 'inserted' : 'updated') : 'unchanged')
      if (!document) continue
      changed.add(document.id)
      writtenItems.push({ ...document, item })
    }
    await storeThemes(db, names, writtenItems)
    for (const { id, item } of writtenItems) {
      if (item.files.length > 0) await storeFiles(db, store, id, item)
    }
    await storeLinks(db, writtenItems)
  }
  await requestPrivacyScans(db, [...changed], { bulk: true })
  await refreshSearchIndex(db, [...changed])
  return outcomes
}

/**
 * The items in runs without a repeated key, in their order: one statement cannot insert a
 * key and then update it, so a key's second occurrence starts the next run.
 */
function runsOfDistinctKeys(items: readonly CatalogueItem[]): CatalogueItem[][] {
  const runs: CatalogueItem[][] = []
  let keys = new Set<string>()
  for (const item of items) {
    if (runs.length === 0 || keys.has(item.key)) {
      runs.push([])
      keys = new Set()
    }
    keys.add(item.key)
    runs.at(-1)!.push(item)
  }
  return runs
}

/** Inserts or updates the items' documents; the id of each one written, by key. */
async function writeDocuments(db: Queryable, names: NamedIds, items: readonly CatalogueItem[]) {
  const contentTypeIds: string[] = []
  const sourceIds: string[] = []
  for (const item of items) {
    contentTypeIds.push(await names.of('content_types', item.contentTypeName))
    sourceIds.push(await names.of('sources', item.sourceFriendlyName))
  }
  const rows = await db.query<{ key: string; id: string; inserted: boolean }>(
    `insert into documents (external_key, title, description, content_type_id, source_id, license,
                            woo_category, source_url, status, document_date, published_at)
     select key, title, description, content_type_id, source_id, license, woo_category,
            source_url, 'goedgekeurd', document_date, now()
       from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::text[],
                   $7::text[], $8::text[], $9::date[])
            as item(key, title, description, content_type_id, source_id, license, woo_category,
                    source_url, document_date)
     on conflict (external_key) do update set
       title = excluded.title, description = excluded.description,
       content_type_id = excluded.content_type_id, source_id = excluded.source_id,
       license = excluded.license, woo_category = excluded.woo_category,
       source_url = excluded.source_url, document_date = excluded.document_date,
       modified_at = now()
     where (documents.title, documents.description, documents.content_type_id, documents.source_id,
            documents.license, documents.woo_category, documents.source_url,
            documents.document_date)
       is distinct from (excluded.title, excluded.description, excluded.content_type_id,
            excluded.source_id, excluded.license, excluded.woo_category, excluded.source_url,
            excluded.document_date)
     returning external_key as key, id::text, (xmax = 0) as inserted`,
    [
      items.map((item) => item.key),
      items.map((item) => item.title),
      items.map((item) => item.description),
      contentTypeIds,
      sourceIds,
      items.map((item) => storedLicence(item.license)),
      items.map((item) => item.wooCategory),
      items.map((item) => item.sourceUrl),
      items.map((item) => item.date),
    ],
  )
  return new Map(rows.map((row) => [row.key, { id: row.id, inserted: row.inserted }]))
}

/** The documents' themes, which replace what the updated ones had. */
async function storeThemes(db: Queryable, names: NamedIds, written: readonly WrittenItem[]) {
  const updated = written.filter((document) => !document.inserted)
  if (updated.length > 0) {
    await db.query('delete from document_themes where document_id = any($1::uuid[])', [
      updated.map((document) => document.id),
    ])
  }
  const documentIds: string[] = []
  const themeIds: string[] = []
  for (const { id, item } of written) {
    for (const theme of item.themes) {
      documentIds.push(id)
      themeIds.push(await names.of('themes', theme))
    }
  }
  if (themeIds.length === 0) return
  await db.query(
    `insert into document_themes (document_id, theme_id)
     select * from unnest($1::uuid[], $2::uuid[]) on conflict do nothing`,
    [documentIds, themeIds],
  )
}

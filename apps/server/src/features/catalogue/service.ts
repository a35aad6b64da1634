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

/** The item's links replace the document's (a new document has none to replace). */
async function storeLinks(
  db: Queryable,
  documentId: string,
  links: NonNullable<CatalogueItem['links']>,
  replace: boolean,
) {
  if (replace) await db.query('delete from document_links where document_id = $1', [documentId])
  if (links.length === 0) return
  await db.query(
    `insert into document_links (document_id, position, title, url, format, media_type)
     select $1, link.position - 1, link.title, link.url, link.format, link.media_type
       from unnest($2::text[], $3::text[], $4::text[], $5::text[])
            with ordinality as link(title, url, format, media_type, position)`,
    [
      documentId,
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
 * known key updates what changed, and an unchanged item is left alone. The documents that
 * changed get their search index and a privacy scan (bulk) once for the batch, not per item.
 */
export async function upsertCatalogueItems(
  db: Queryable,
  store: FileStore,
  items: readonly CatalogueItem[],
): Promise<UpsertOutcome[]> {
  const names = new NamedIds(db)
  const outcomes: UpsertOutcome[] = []
  const changed: string[] = []
  for (const item of items) {
    const written = await writeItem(db, store, names, item)
    outcomes.push(written ? (written.inserted ? 'inserted' : 'updated') : 'unchanged')
    if (written) changed.push(written.id)
  }
  await requestPrivacyScans(db, changed, { bulk: true })
  await refreshSearchIndex(db, changed)
  return outcomes
}

async function writeItem(db: Queryable, store: FileStore, names: NamedIds, item: CatalogueItem) {
  const contentTypeId = await names.of('content_types', item.contentTypeName)
  const sourceId = await names.of('sources', item.sourceFriendlyName)
  const [row] = await db.query<{ id: string; inserted: boolean }>(
    `insert into documents (external_key, title, description, content_type_id, source_id, license,
                            woo_category, source_url, status, document_date, published_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, 'goedgekeurd', $9::date, now())
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
     returning id::text, (xmax = 0) as inserted`,
    [
      item.key,
      item.title,
      item.description,
      contentTypeId,
      sourceId,
      storedLicence(item.license),
      item.wooCategory,
      item.sourceUrl,
      item.date,
    ],
  )
  if (!row) return null
  if (!row.inserted) {
    await db.query('delete from document_themes where document_id = $1', [row.id])
  }
  const themeIds: string[] = []
  for (const theme of item.themes) themeIds.push(await names.of('themes', theme))
  if (themeIds.length > 0) {
    await db.query(
      `insert into document_themes (document_id, theme_id)
       select $1, theme_id from unnest($2::uuid[]) as theme_id on conflict do nothing`,
      [row.id, themeIds],
    )
  }
  if (item.files.length > 0) await storeFiles(db, store, row.id, item)
  if (item.links) await storeLinks(db, row.id, item.links, !row.inserted)
  return row
}

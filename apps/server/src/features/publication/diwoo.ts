import type { WooCategory } from '@dataportaal/contract'
import { PUBLIC_VIEWER } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import { NotFoundError } from '../../shared/errors.ts'
import { PUBLISHED_BY_THE_CITY, visibleTo } from '../documents/index.ts'
import { numberedPages, SITEMAP_MAX_URLS, type SitemapPage } from './sitemap.ts'

/**
 * The DiWoo sitemaps the national Woo-index harvests: per Woo information category one
 * sitemap index, pointing to numbered sitemaps of at most 50,000 URLs.
 *
 * One URL per FILE, not per document: the Woo-index indexes documents as files (a `<loc>`
 * is a direct link to the published file, which the harvester fetches and indexes), so a
 * document with three files is three entries, each with the document's metadata. A
 * published document without files has nothing to index, and a category exists here
 * only while it has at least one published file.
 *
 * Entries are in the order of (document id, file position), so paging is stable while
 * documents change, and the partial index of migration 0013 serves the category filter.
 */

const noDocuments = () =>
  new NotFoundError('Er zijn geen gepubliceerde documenten in deze Woo-informatiecategorie.')

/** The published files of documents of `category` (from `d` joined with `f`), as SQL. */
function publishedFiles(params: Params, category: WooCategory) {
  return `documents d join document_files f on f.document_id = d.id
           where d.woo_category = ${params.add(category)} and ${visibleTo(PUBLIC_VIEWER, params)}
             and ${PUBLISHED_BY_THE_CITY}`
}

const FILE_ORDER = 'd.id, f.position, f.created_at, f.id'

/** The categories that have published files, in the order of their numbers. */
export async function diwooCategories(db: Queryable): Promise<WooCategory[]> {
  const params = new Params()
  const rows = await db.query<{ category: WooCategory }>(
    `select distinct d.woo_category as category
       from documents d
      where d.woo_category is not null and ${visibleTo(PUBLIC_VIEWER, params)}
        and ${PUBLISHED_BY_THE_CITY}
        and exists (select 1 from document_files f where f.document_id = d.id)
      order by 1`,
    params.values,
  )
  return rows.map((row) => row.category)
}

/** The sitemaps of a category's index; a category without published files has none (404). */
export async function diwooSitemapPages(
  db: Queryable,
  category: WooCategory,
  pageSize = SITEMAP_MAX_URLS,
): Promise<SitemapPage[]> {
  const params = new Params()
  const from = publishedFiles(params, category)
  const pages = await numberedPages(db, params, { from, order: FILE_ORDER }, pageSize)
  if (pages.length === 0) throw noDocuments()
  return pages
}

/** One published file with what DiWoo says of its document. */
export interface DiwooEntry {
  category: WooCategory
  documentId: string
  fileId: string
  fileName: string
  title: string
  /** The document has more files: each file's title names the file too. */
  hasOtherFiles: boolean
  /** The day the document was created, in the city's time zone (YYYY-MM-DD). */
  createdOn: string
  modifiedAt: Date
  publishedAt: Date
}

type EntryRow = {
  document_id: string
  file_id: string
  file_name: string
  title: string
  created_on: string
  modified_at: Date
  published_at: Date
  file_count: number
}

/** The files on one sitemap of a category; a page past the last one does not exist. */
export async function diwooSitemapEntries(
  db: Queryable,
  category: WooCategory,
  page: number,
  pageSize = SITEMAP_MAX_URLS,
): Promise<DiwooEntry[]> {
  const params = new Params()
  const rows = await db.query<EntryRow>(
    `select d.id::text as document_id, f.id::text as file_id, f.file_name, d.title,
            to_char(d.created_at at time zone 'Europe/Amsterdam', 'YYYY-MM-DD') as created_on,
            d.modified_at, d.published_at,
            (select count(*)::int from document_files g where g.document_id = d.id) as file_count
       from ${publishedFiles(params, category)}
      order by ${FILE_ORDER}
      limit ${params.add(pageSize)}::int offset ${params.add((page - 1) * pageSize)}::int`,
    params.values,
  )
  if (rows.length === 0) {
    throw page === 1 ? noDocuments() : new NotFoundError('Deze sitemap bestaat niet.')
  }
  return rows.map((row) => ({
    category,
    documentId: row.document_id,
    fileId: row.file_id,
    fileName: row.file_name,
    title: row.title,
    hasOtherFiles: row.file_count > 1,
    createdOn: row.created_on,
    modifiedAt: row.modified_at,
    publishedAt: row.published_at,
  }))
}

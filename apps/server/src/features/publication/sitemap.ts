import { PUBLIC_VIEWER } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import { NotFoundError } from '../../shared/errors.ts'
import { element, xmlDocument, type XmlMarkup } from '../../shared/xml-writer.ts'
import { visibleTo } from '../documents/index.ts'
import { absoluteUrl, documentPagePath, PUBLICATION_PATHS, type Site } from './paths.ts'

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9'

/** The sitemaps.org limit of URLs in one sitemap. */
export const SITEMAP_MAX_URLS = 50_000

/**
 * /sitemap.xml is always a sitemap index, also while one page would do: crawlers keep the
 * one address they were given, and a catalogue that grows past the limit needs no other.
 * Pages hold the published documents in the order of their ids.
 */
export interface SitemapPage {
  page: number
  /** The latest change of a document on the page; null for the empty first page. */
  lastModified: Date | null
}

/**
 * The pages of a sitemap: the rows of `from` (a FROM clause over documents `d`, with its
 * own WHERE, parameters in `params`) numbered in `order` and cut into pages of `pageSize`,
 * each with its latest `d.modified_at`. Empty when `from` has no rows.
 */
export async function numberedPages(
  db: Queryable,
  params: Params,
  query: { from: string; order: string },
  pageSize: number,
): Promise<Array<{ page: number; lastModified: Date }>> {
  const size = params.add(pageSize)
  const rows = await db.query<{ page: number; last_modified: Date }>(
    `select page, max(modified_at) as last_modified
       from (select ((row_number() over (order by ${query.order}) - 1) / ${size}::int + 1)::int as page,
                    d.modified_at
               from ${query.from}) numbered
      group by page
      order by page`,
    params.values,
  )
  return rows.map((row) => ({ page: row.page, lastModified: row.last_modified }))
}

/**
 * The pages of the document sitemap, at least one: an empty catalogue has an empty first
 * page rather than an index without sitemaps.
 */
export async function documentSitemapPages(
  db: Queryable,
  pageSize = SITEMAP_MAX_URLS,
): Promise<SitemapPage[]> {
  const params = new Params()
  const from = `documents d where ${visibleTo(PUBLIC_VIEWER, params)}`
  const pages = await numberedPages(db, params, { from, order: 'd.id' }, pageSize)
  return pages.length > 0 ? pages : [{ page: 1, lastModified: null }]
}

export interface SitemapEntry {
  id: string
  lastModified: Date
}

/** The published documents of one page; a page past the last one does not exist. */
export async function documentSitemapEntries(
  db: Queryable,
  page: number,
  pageSize = SITEMAP_MAX_URLS,
): Promise<SitemapEntry[]> {
  const params = new Params()
  const rows = await db.query<{ id: string; modified_at: Date }>(
    `select d.id::text as id, d.modified_at
       from documents d
      where ${visibleTo(PUBLIC_VIEWER, params)}
      order by d.id
      limit ${params.add(pageSize)}::int offset ${params.add((page - 1) * pageSize)}::int`,
    params.values,
  )
  if (rows.length === 0 && page > 1) throw new NotFoundError('Deze sitemap bestaat niet.')
  return rows.map((row) => ({ id: row.id, lastModified: row.modified_at }))
}

export const lastmod = (date: Date | null) =>
  date ? element('lastmod', {}, date.toISOString()) : null

/** Many elements as one child: 50,000 of them are too many for a spread of arguments. */
export const sequence = (items: XmlMarkup[]): XmlMarkup => ({
  markup: items.map((item) => item.markup).join(''),
})

/** A sitemap index of numbered sitemaps: those of the document pages unless `sitemapPath` says otherwise. */
export function renderSitemapIndex(
  pages: SitemapPage[],
  site: Site,
  sitemapPath: (page: number) => string = PUBLICATION_PATHS.documentSitemap,
): string {
  return xmlDocument(
    element(
      'sitemapindex',
      { xmlns: SITEMAP_NAMESPACE },
      sequence(
        pages.map((page) =>
          element(
            'sitemap',
            {},
            element('loc', {}, absoluteUrl(site, sitemapPath(page.page))),
            lastmod(page.lastModified),
          ),
        ),
      ),
    ),
  )
}

export function renderDocumentSitemap(entries: SitemapEntry[], site: Site): string {
  return xmlDocument(
    element(
      'urlset',
      { xmlns: SITEMAP_NAMESPACE },
      sequence(
        entries.map((entry) =>
          element(
            'url',
            {},
            element('loc', {}, absoluteUrl(site, documentPagePath(entry.id))),
            lastmod(entry.lastModified),
          ),
        ),
      ),
    ),
  )
}

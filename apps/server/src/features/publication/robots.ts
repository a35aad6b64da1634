import type { Queryable } from '../../db/client.ts'
import { diwooCategories } from './diwoo.ts'
import { absoluteUrl, PUBLICATION_PATHS, type Site } from './paths.ts'

/**
 * Gives the absolute URLs of sitemaps (or sitemap indexes) that robots.txt names. Each
 * kind of sitemap is one source here: a new kind is added to SITEMAP_SOURCES and
 * robots.txt names it too.
 */
export type SitemapSource = (db: Queryable, site: Site) => Promise<string[]>

export const SITEMAP_SOURCES: readonly SitemapSource[] = [
  // The document pages, for search engines.
  async (_db, site) => [absoluteUrl(site, PUBLICATION_PATHS.sitemap)],
  // The DiWoo sitemap indexes of the categories with published files, for the Woo-index:
  // its harvester reads robots.txt to find them (indexes only, not their sitemaps).
  async (db, site) =>
    (await diwooCategories(db)).map((category) =>
      absoluteUrl(site, PUBLICATION_PATHS.diwooIndex(category)),
    ),
]

/** What crawlers may not fetch: the API of signed-in employees and the sign-in itself. */
const DISALLOWED = ['/api/', '/oidc/']

export async function sitemapUrls(
  db: Queryable,
  site: Site,
  sources: readonly SitemapSource[] = SITEMAP_SOURCES,
): Promise<string[]> {
  const lists = await Promise.all(sources.map((source) => source(db, site)))
  return lists.flat()
}

/** robots.txt (RFC 9309): everything public may be crawled; the sitemaps say where it is. */
export function renderRobotsTxt(sitemaps: string[]): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    ...sitemaps.map((url) => `Sitemap: ${url}`),
    '',
  ].join('\n')
}

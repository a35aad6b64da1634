import type { Config } from '../../config.ts'

/** What the publication documents need of the portal: its address and name. */
export type Site = Pick<Config, 'publicUrl' | 'portalName'>

/** What the DiWoo metadata needs besides: the publisher, the city's TOOI identifier and name. */
export type DiwooSite = Site & { catalogue: Pick<Config['catalogue'], 'publisher'> }

/** The paths this feature serves, for crawlers, outside the API prefixes. */
export const PUBLICATION_PATHS = {
  robots: '/robots.txt',
  /** The sitemap index: the one sitemap address crawlers are given. */
  sitemap: '/sitemap.xml',
  /** The route of the numbered sitemaps of document pages (find-my-way: digits only). */
  documentSitemapRoute: '/sitemap-documents-:page(^\\d+).xml',
  documentSitemap: (page: number) => `/sitemap-documents-${page}.xml`,
  /**
   * The DiWoo sitemap index of one Woo information category, by its three-digit number:
   * the Woo-index reads only indexes named `sitemapindex-diwoo-infocatNNN.xml`.
   */
  diwooIndexRoute: '/sitemapindex-diwoo-infocat:category(^\\d{3}).xml',
  diwooIndex: (category: string) => `/sitemapindex-diwoo-infocat${category}.xml`,
  /** The numbered DiWoo sitemaps an index points to. */
  diwooSitemapRoute: '/sitemap-diwoo-infocat:category(^\\d{3})-:page(^\\d+).xml',
  diwooSitemap: (category: string, page: number) => `/sitemap-diwoo-infocat${category}-${page}.xml`,
} as const

/** The web app's document page (DOCUMENT_PATH of apps/web/src/shared/routes.ts). */
const DOCUMENT_PAGE_PREFIX = '/documenten/'

export const documentPagePath = (id: string) => `${DOCUMENT_PAGE_PREFIX}${encodeURIComponent(id)}`

/** A document id as the database writes it; anything else is no document of ours. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The document id of a document page's path, or null for any other path. */
export function documentIdOfPagePath(path: string): string | null {
  if (!path.startsWith(DOCUMENT_PAGE_PREFIX)) return null
  const id = path.slice(DOCUMENT_PAGE_PREFIX.length)
  return UUID.test(id) ? id.toLowerCase() : null
}

/** An absolute URL of the portal: PUBLIC_URL (without its trailing slash) and the path. */
export const absoluteUrl = (site: Site, path: string) => `${site.publicUrl}${path}`

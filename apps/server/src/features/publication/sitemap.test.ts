import { SaxesParser } from 'saxes'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestContext, EMPLOYEE } from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'
import { absoluteUrl, documentPagePath, PUBLICATION_PATHS, type Site } from './paths.ts'
import { renderRobotsTxt, SITEMAP_SOURCES, sitemapUrls, type SitemapSource } from './robots.ts'
import {
  documentSitemapEntries,
  documentSitemapPages,
  renderDocumentSitemap,
  renderSitemapIndex,
  SITEMAP_NAMESPACE,
} from './sitemap.ts'

const PUBLIC_URL = 'https://data.voorbeeldstad.nl'
const SITE: Site = { publicUrl: PUBLIC_URL, portalName: 'Dataportaal Voorbeeldstad' }

const published: string[] = []
const hidden: Record<string, string> = {}

interface ParsedSitemap {
  root: string
  /** Every <loc> with the <lastmod> of its parent, in order. */
  entries: Array<{ loc: string; lastmod: string | null }>
}

/**
 * Parses a sitemap as XML with namespaces (saxes throws on anything not well-formed);
 * an element outside the sitemaps.org namespace fails the test.
 */
function parseSitemap(xml: string): ParsedSitemap {
  const parser = new SaxesParser({ xmlns: true })
  const parsed: ParsedSitemap = { root: '', entries: [] }
  let text = ''
  parser.on('opentag', (tag) => {
    expect(tag.uri, `<${tag.name}>`).toBe(SITEMAP_NAMESPACE)
    if (!parsed.root) parsed.root = tag.local
    if (tag.local === 'url' || tag.local === 'sitemap')
      parsed.entries.push({ loc: '', lastmod: null })
    text = ''
  })
  parser.on('text', (chunk) => {
    text += chunk
  })
  parser.on('closetag', (tag) => {
    const entry = parsed.entries.at(-1)
    if (tag.local === 'loc' && entry) entry.loc = text
    if (tag.local === 'lastmod' && entry) entry.lastmod = text
  })
  parser.write(xml).close()
  return parsed
}

const get = (path: string) => ctx.app.inject({ url: path })

/** The path of an absolute URL of the portal. */
const pathOf = (url: string) => {
  expect(url.startsWith(`${PUBLIC_URL}/`), url).toBe(true)
  return url.slice(PUBLIC_URL.length)
}

const ctx = useTestContext({ env: { PUBLIC_URL } })

beforeAll(async () => {
  for (const title of [
    'Inwoners per wijk',
    'Fietsenstallingen',
    'Begroting 2025',
    'Raadsbesluit',
  ]) {
    published.push(await createDocument(ctx.db, { title, owner: EMPLOYEE }))
  }
  hidden.pending = await createDocument(ctx.db, {
    title: 'Concept woningbouw',
    status: 'openstaand',
    owner: EMPLOYEE,
  })
  hidden.rejected = await createDocument(ctx.db, {
    title: 'Afgekeurde kaart',
    status: 'afgekeurd',
    owner: EMPLOYEE,
  })
  hidden.deleted = await createDocument(ctx.db, { title: 'Verwijderd rapport', deleted: true })
})

describe('GET /sitemap.xml', () => {
  it('is a sitemap index whose sitemaps list every published document page exactly once', async () => {
    const index = await get(PUBLICATION_PATHS.sitemap)
    expect(index.statusCode).toBe(200)
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(index.headers['cache-control']).toBe('no-cache')
    const parsedIndex = parseSitemap(index.body)
    expect(parsedIndex.root).toBe('sitemapindex')
    expect(parsedIndex.entries.map((entry) => entry.loc)).toEqual([
      absoluteUrl(SITE, PUBLICATION_PATHS.documentSitemap(1)),
    ])

    const locs: string[] = []
    for (const sitemap of parsedIndex.entries) {
      const page = await get(pathOf(sitemap.loc))
      expect(page.statusCode).toBe(200)
      expect(page.headers['content-type']).toBe('application/xml; charset=utf-8')
      const parsed = parseSitemap(page.body)
      expect(parsed.root).toBe('urlset')
      locs.push(...parsed.entries.map((entry) => entry.loc))
    }
    expect(locs.toSorted()).toEqual(
      published.map((id) => `${PUBLIC_URL}${documentPagePath(id)}`).toSorted(),
    )
    for (const id of Object.values(hidden)) {
      expect(index.body + locs.join()).not.toContain(id)
    }
  })

  it('gives each page its last modification, and the index the latest of its page', async () => {
    const [row] = await ctx.db.query<{ modified_at: Date }>(
      'select modified_at from documents where id = $1',
      [published[0]],
    )
    const page = parseSitemap((await get(PUBLICATION_PATHS.documentSitemap(1))).body)
    const entry = page.entries.find((item) => item.loc.endsWith(published[0]!))
    expect(entry?.lastmod).toBe(row!.modified_at.toISOString())

    const [latest] = await ctx.db.query<{ at: Date }>(
      `select max(modified_at) as at from documents where status = 'goedgekeurd' and deleted_at is null`,
    )
    const index = parseSitemap((await get(PUBLICATION_PATHS.sitemap)).body)
    expect(index.entries[0]?.lastmod).toBe(latest!.at.toISOString())
  })

  it('leaves a document out once it is no longer published', async () => {
    const id = await createDocument(ctx.db, { title: 'Tijdelijk gepubliceerd' })
    const before = (await get(PUBLICATION_PATHS.documentSitemap(1))).body
    expect(before).toContain(id)
    await ctx.db.query(`update documents set deleted_at = now() where id = $1`, [id])
    const after = (await get(PUBLICATION_PATHS.documentSitemap(1))).body
    expect(after).not.toContain(id)
  })

  it('answers a sitemap page past the last one with 404 and a malformed one without 5xx', async () => {
    expect((await get(PUBLICATION_PATHS.documentSitemap(2))).statusCode).toBe(404)
    expect((await get(PUBLICATION_PATHS.documentSitemap(0))).statusCode).toBe(422)
    expect((await get(PUBLICATION_PATHS.documentSitemap(999_999))).statusCode).toBe(422)
    for (const path of [
      '/sitemap-documents-x.xml',
      '/sitemap-documents-1.xml.gz',
      '/sitemap-documents-.xml',
    ]) {
      expect((await get(path)).statusCode, path).toBe(404)
    }
  })
})

describe('sitemap pages', () => {
  it('split the published documents into pages of the given size, each document on one page', async () => {
    const pages = await documentSitemapPages(ctx.db, 3)
    expect(pages.map((page) => page.page)).toEqual([1, 2])
    const ids: string[] = []
    for (const { page } of pages) {
      const entries = await documentSitemapEntries(ctx.db, page, 3)
      expect(entries.length).toBeLessThanOrEqual(3)
      ids.push(...entries.map((entry) => entry.id))
      // Each rendered page is a well-formed urlset of its own.
      expect(parseSitemap(renderDocumentSitemap(entries, SITE)).entries).toHaveLength(
        entries.length,
      )
    }
    expect(ids.toSorted()).toEqual(published.toSorted())
    await expect(documentSitemapEntries(ctx.db, 3, 3)).rejects.toThrow()
  })

  it('render an empty catalogue as an index of one empty, well-formed page', () => {
    const index = parseSitemap(renderSitemapIndex([{ page: 1, lastModified: null }], SITE))
    expect(index).toEqual({
      root: 'sitemapindex',
      entries: [{ loc: absoluteUrl(SITE, PUBLICATION_PATHS.documentSitemap(1)), lastmod: null }],
    })
    expect(parseSitemap(renderDocumentSitemap([], SITE))).toEqual({ root: 'urlset', entries: [] })
  })
})

describe('GET /robots.txt', () => {
  it('allows the public portal, keeps crawlers off the API and sign-in, and names the sitemap', async () => {
    const response = await get(PUBLICATION_PATHS.robots)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
    const lines = response.body.split('\n')
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /oidc/',
        `Sitemap: ${PUBLIC_URL}${PUBLICATION_PATHS.sitemap}`,
      ]),
    )
    expect(lines.filter((line) => line.startsWith('Sitemap:'))).toHaveLength(1)
    expect(lines.some((line) => line.startsWith('Disallow: /pubapi'))).toBe(false)
  })

  it('names every sitemap of every source, so a later kind of sitemap needs one more source', async () => {
    const diwoo: SitemapSource = async (_db, site) => [
      absoluteUrl(site, '/sitemapindex-diwoo-infocat001.xml'),
      absoluteUrl(site, '/sitemapindex-diwoo-infocat002.xml'),
    ]
    const urls = await sitemapUrls(ctx.db, SITE, [...SITEMAP_SOURCES, diwoo])
    const sitemapLines = renderRobotsTxt(urls)
      .split('\n')
      .filter((line) => line.startsWith('Sitemap:'))
    expect(sitemapLines).toEqual([
      `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
      `Sitemap: ${PUBLIC_URL}/sitemapindex-diwoo-infocat001.xml`,
      `Sitemap: ${PUBLIC_URL}/sitemapindex-diwoo-infocat002.xml`,
    ])
  })
})

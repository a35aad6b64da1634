import { Readable } from 'node:stream'
import { TOOI_KERN, WOO_CATEGORIES, WOO_HANDLINGS, wooCategoryUri } from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestContext, EMPLOYEE } from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'
import { insertHarvestSource, markHarvested } from '../harvesting/testing.ts'
import { diwooFileUrl, DIWOO_NAMESPACE } from './diwoo-xml.ts'
import { diwooSitemapEntries, diwooSitemapPages } from './diwoo.ts'
import { absoluteUrl, PUBLICATION_PATHS, type Site } from './paths.ts'
import { SITEMAP_NAMESPACE } from './sitemap.ts'
import { attribute, childrenNS, parseXml, pathNS, type XmlNode } from './testing.ts'

const PUBLIC_URL = 'https://data.voorbeeldstad.nl'
const PUBLISHER_URI = 'https://identifier.overheid.nl/tooi/id/gemeente/gm0363'
const PUBLISHER_NAME = 'Gemeente Voorbeeldstad'
const SITE: Site = { publicUrl: PUBLIC_URL, portalName: 'Dataportaal Voorbeeldstad' }
const SPECIAL_TITLE = 'Besluit "spoed" & <overig> op Woo-verzoek'

interface Published {
  id: string
  category: string
  title: string
  /** The files' ids and names, in their order. */
  files: Array<{ id: string; name: string }>
}

/** The published documents with a category, by a short name. */
const woo: Record<string, Published> = {}
/** Documents that must appear in no DiWoo sitemap, by why. */
const hidden: Record<string, string> = {}

const S = SITEMAP_NAMESPACE
const D = DIWOO_NAMESPACE

const get = (path: string) => ctx.app.inject({ url: path })

/** The path of an absolute URL of the portal. */
const pathOf = (url: string) => {
  expect(url.startsWith(`${PUBLIC_URL}/`), url).toBe(true)
  return url.slice(PUBLIC_URL.length)
}

/** Every `<url>` of every sitemap of a category's index, read as a harvester does. */
async function harvest(category: string): Promise<XmlNode[]> {
  const response = await get(PUBLICATION_PATHS.diwooIndex(category))
  expect(response.statusCode).toBe(200)
  const index = parseXml(response.body)
  expect([index.uri, index.local]).toEqual([S, 'sitemapindex'])
  const urls: XmlNode[] = []
  for (const sitemap of childrenNS(index, S, 'sitemap')) {
    const page = await get(pathOf(pathNS(sitemap, S, 'loc').text))
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('application/xml; charset=utf-8')
    const urlset = parseXml(page.body)
    expect([urlset.uri, urlset.local]).toEqual([S, 'urlset'])
    urls.push(...childrenNS(urlset, S, 'url'))
  }
  return urls
}

const locOf = (url: XmlNode) => pathNS(url, S, 'loc').text
const diwooOf = (url: XmlNode) => pathNS(url, D, 'Document', 'DiWoo')

/** A published document with a category and `names.length` stored files. */
async function wooDocument(title: string, category: string, names: string[]): Promise<Published> {
  const [first, ...others] = names
  const stored = await ctx.store.put(Readable.from([Buffer.from(`inhoud van ${first}`)]))
  const id = await createDocument(ctx.db, {
    title,
    owner: EMPLOYEE,
    file: { fileName: first!, mediaType: 'application/pdf', ...stored },
  })
  for (const [index, name] of others.entries()) {
    const file = await ctx.store.put(Readable.from([Buffer.from(`inhoud van ${name}`)]))
    await ctx.db.query(
      `insert into document_files (document_id, position, file_name, media_type, size_bytes, sha256)
       values ($1, $2, $3, 'application/pdf', $4, $5)`,
      [id, index + 1, name, file.size, file.sha256],
    )
  }
  await ctx.db.query(`update documents set woo_category = $2 where id = $1`, [id, category])
  const files = await ctx.db.query<{ id: string; name: string }>(
    `select id::text, file_name as name from document_files where document_id = $1
      order by position, created_at, id`,
    [id],
  )
  return { id, category, title, files }
}

/** A document of another state with a category and a file, for what must stay hidden. */
async function hiddenDocument(spec: Parameters<typeof createDocument>[1], category: string) {
  const id = await createDocument(ctx.db, { ...spec, fileText: 'verborgen' })
  await ctx.db.query(`update documents set woo_category = $2 where id = $1`, [id, category])
  return id
}

const ctx = useTestContext({ env: { PUBLIC_URL, PUBLISHER_URI, PUBLISHER_NAME } })

beforeAll(async () => {
  woo.request = await wooDocument(SPECIAL_TITLE, '014', ['besluit.pdf'])
  woo.decision = await wooDocument('Besluit op Woo-verzoek parkeren', '014', [
    'besluit.pdf',
    'inventarislijst.pdf',
    'documenten.pdf',
  ])
  woo.report = await wooDocument('Onderzoek fietsveiligheid', '015', ['rapport.pdf'])
  hidden.noCategory = await createDocument(ctx.db, {
    title: 'Inwoners per wijk',
    fileText: 'wijk;inwoners',
  })
  hidden.pending = await hiddenDocument(
    { title: 'Concept beschikking', status: 'openstaand', owner: EMPLOYEE },
    '016',
  )
  hidden.rejected = await hiddenDocument(
    { title: 'Afgekeurd advies', status: 'afgekeurd', owner: EMPLOYEE },
    '014',
  )
  hidden.deleted = await hiddenDocument({ title: 'Verwijderd convenant', deleted: true }, '011')
  // Published, but without a file: nothing the Woo-index could fetch.
  hidden.noFiles = await createDocument(ctx.db, { title: 'Klachtoordeel zonder bestand' })
  await ctx.db.query(`update documents set woo_category = '017' where id = $1`, [hidden.noFiles])
  // Harvested from a catalogue the city does not publish: another organisation's publication.
  hidden.harvested = await hiddenDocument({ title: 'Geoogst besluit' }, '012')
  await markHarvested(
    ctx.db,
    hidden.harvested,
    await insertHarvestSource(ctx.db, { name: 'Provincie', publish: false }),
  )
})

describe('the DiWoo sitemaps', () => {
  it('list every file of every published document with a category in exactly one sitemap of its category', async () => {
    const locs: Record<string, string[]> = {}
    for (const { code } of WOO_CATEGORIES) {
      const index = await get(PUBLICATION_PATHS.diwooIndex(code))
      if (index.statusCode === 404) continue
      expect(index.headers['content-type']).toBe('application/xml; charset=utf-8')
      expect(index.headers['cache-control']).toBe('no-cache')
      locs[code] = (await harvest(code)).map(locOf)
    }
    const expected = (category: string) =>
      Object.values(woo)
        .filter((document) => document.category === category)
        .flatMap((document) =>
          document.files.map((file) => diwooFileUrl(SITE, document.id, file.id)),
        )
        .toSorted()
    expect(Object.keys(locs).toSorted()).toEqual(['014', '015'])
    expect(locs['014']!.toSorted()).toEqual(expected('014'))
    expect(locs['015']!.toSorted()).toEqual(expected('015'))
    expect(locs['014']).toHaveLength(4)

    const everything = Object.values(locs).flat().join('\n')
    for (const [why, id] of Object.entries(hidden)) {
      expect(everything, why).not.toContain(id)
    }
  })

  it('point each <loc> to the direct download of the file', async () => {
    const [url] = await harvest('015')
    const download = await get(pathOf(locOf(url!)))
    expect(download.statusCode).toBe(200)
    expect(download.body).toBe('inhoud van rapport.pdf')
  })

  it('give each file its document’s DiWoo metadata', async () => {
    const [row] = await ctx.db.query<{ modified_at: Date; published_at: Date; created: string }>(
      `select modified_at, published_at,
              to_char(created_at at time zone 'Europe/Amsterdam', 'YYYY-MM-DD') as created
         from documents where id = $1`,
      [woo.request!.id],
    )
    const url = (await harvest('014')).find((item) => locOf(item).includes(woo.request!.id))!
    expect(pathNS(url, S, 'lastmod').text).toBe(row!.modified_at.toISOString())

    const diwoo = diwooOf(url)
    expect(pathNS(diwoo, D, 'creatiedatum').text).toBe(row!.created)
    expect(pathNS(diwoo, D, 'creatiedatum').text).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const publisher = pathNS(diwoo, D, 'publisher')
    expect([attribute(publisher, 'resource'), publisher.text]).toEqual([
      PUBLISHER_URI,
      PUBLISHER_NAME,
    ])
    expect(pathNS(diwoo, D, 'titelcollectie', 'officieleTitel').text).toBe(SPECIAL_TITLE)
    const category = pathNS(
      diwoo,
      D,
      'classificatiecollectie',
      'informatiecategorieen',
      'informatiecategorie',
    )
    expect([attribute(category, 'resource'), category.text]).toEqual([
      wooCategoryUri('014'),
      'Woo-verzoeken en -besluiten',
    ])
    expect(attribute(category, 'resource')).toBe(
      'https://identifier.overheid.nl/tooi/def/thes/kern/c_3baef532',
    )
    const handling = pathNS(diwoo, D, 'documenthandelingen', 'documenthandeling')
    const kind = pathNS(handling, D, 'soortHandeling')
    expect([attribute(kind, 'resource'), kind.text]).toEqual([
      `${TOOI_KERN}${WOO_HANDLINGS.vaststelling}`,
      'vaststelling',
    ])
    expect(pathNS(handling, D, 'atTime').text).toBe(row!.published_at.toISOString())
  })

  it('escape special characters in the XML it serves', async () => {
    const [page] = await diwooSitemapPages(ctx.db, '014')
    const body = (await get(PUBLICATION_PATHS.diwooSitemap('014', page!.page))).body
    expect(body).toContain('Besluit &quot;spoed&quot; &amp; &lt;overig&gt; op Woo-verzoek')
    expect(body).not.toContain('<overig>')
  })

  it('name the file in the title of each file of a document with several', async () => {
    const urls = (await harvest('014')).filter((url) => locOf(url).includes(woo.decision!.id))
    expect(
      urls.map((url) => pathNS(diwooOf(url), D, 'titelcollectie', 'officieleTitel').text),
    ).toEqual([
      'Besluit op Woo-verzoek parkeren (besluit.pdf)',
      'Besluit op Woo-verzoek parkeren (inventarislijst.pdf)',
      'Besluit op Woo-verzoek parkeren (documenten.pdf)',
    ])
  })

  it('answer 404 problem+json for a category without published files, 422 for unknown ones', async () => {
    for (const category of ['000', '018', '999']) {
      const index = await get(PUBLICATION_PATHS.diwooIndex(category))
      expect(index.statusCode, category).toBe(422)
      expect(index.headers['content-type'], category).toMatch(/^application\/problem\+json/)
      expect((await get(PUBLICATION_PATHS.diwooSitemap(category, 1))).statusCode, category).toBe(
        422,
      )
    }
    // 016: only an unpublished document; 011: only a deleted one; 017: no files; 001: nothing.
    for (const category of ['016', '011', '017', '001']) {
      const index = await get(PUBLICATION_PATHS.diwooIndex(category))
      expect(index.statusCode, category).toBe(404)
      expect(index.headers['content-type'], category).toMatch(/^application\/problem\+json/)
      expect((await get(PUBLICATION_PATHS.diwooSitemap(category, 1))).statusCode, category).toBe(
        404,
      )
    }
    expect((await get(PUBLICATION_PATHS.diwooSitemap('014', 2))).statusCode).toBe(404)
    expect((await get(PUBLICATION_PATHS.diwooSitemap('014', 0))).statusCode).toBe(422)
    for (const path of [
      '/sitemapindex-diwoo-infocat14.xml',
      '/sitemapindex-diwoo-infocat0140.xml',
      '/sitemapindex-diwoo-infocatabc.xml',
      '/sitemap-diwoo-infocat014-x.xml',
      '/sitemap-diwoo-infocat014-.xml',
    ]) {
      expect((await get(path)).statusCode, path).toBe(404)
    }
  })

  it('leave a document out once it is no longer published', async () => {
    const extra = await wooDocument('Tijdelijk klachtoordeel', '017', ['oordeel.pdf'])
    expect((await harvest('017')).map(locOf)).toEqual([
      diwooFileUrl(SITE, extra.id, extra.files[0]!.id),
    ])
    await ctx.db.query(`update documents set status = 'openstaand' where id = $1`, [extra.id])
    expect((await get(PUBLICATION_PATHS.diwooIndex('017'))).statusCode).toBe(404)
  })
})

describe('a harvested document', () => {
  it('is in its category’s sitemap only while the city publishes its source', async () => {
    const harvested = await wooDocument('Geoogst jaarplan', '013', ['jaarplan.pdf'])
    const source = await insertHarvestSource(ctx.db, { name: 'Regio', publish: true })
    await markHarvested(ctx.db, harvested.id, source)
    expect((await harvest('013')).map(locOf)).toEqual([
      diwooFileUrl(SITE, harvested.id, harvested.files[0]!.id),
    ])

    await ctx.db.query(`update harvest_sources set publish = false where id = $1`, [source])

    expect((await get(PUBLICATION_PATHS.diwooIndex('013'))).statusCode).toBe(404)
    expect((await get(PUBLICATION_PATHS.robots)).body).not.toContain('013')
  })
})

describe('DiWoo sitemap pages', () => {
  it('split a category’s files into pages of the given size, each file on one page', async () => {
    const pages = await diwooSitemapPages(ctx.db, '014', 3)
    expect(pages.map((page) => page.page)).toEqual([1, 2])
    const files: string[] = []
    for (const { page } of pages) {
      const entries = await diwooSitemapEntries(ctx.db, '014', page, 3)
      expect(entries.length).toBeLessThanOrEqual(3)
      files.push(...entries.map((entry) => entry.fileId))
    }
    expect(files.toSorted()).toEqual(
      [woo.request!, woo.decision!]
        .flatMap((document) => document.files.map((f) => f.id))
        .toSorted(),
    )
    await expect(diwooSitemapEntries(ctx.db, '014', 3, 3)).rejects.toThrow()
  })

  it('give the index each page’s latest change', async () => {
    const [latest] = await ctx.db.query<{ at: Date }>(
      `select max(modified_at) as at from documents where id = any($1::uuid[])`,
      [[woo.request!.id, woo.decision!.id]],
    )
    const index = parseXml((await get(PUBLICATION_PATHS.diwooIndex('014'))).body)
    const sitemaps = childrenNS(index, S, 'sitemap')
    expect(sitemaps.map((sitemap) => pathNS(sitemap, S, 'loc').text)).toEqual([
      absoluteUrl(SITE, PUBLICATION_PATHS.diwooSitemap('014', 1)),
    ])
    expect(pathNS(sitemaps[0]!, S, 'lastmod').text).toBe(latest!.at.toISOString())
  })
})

describe('robots.txt', () => {
  it('names exactly the DiWoo indexes of the categories with published files, besides sitemap.xml', async () => {
    const response = await get(PUBLICATION_PATHS.robots)
    const sitemaps = response.body.split('\n').filter((line) => line.startsWith('Sitemap:'))
    expect(sitemaps.toSorted()).toEqual(
      [
        PUBLICATION_PATHS.sitemap,
        PUBLICATION_PATHS.diwooIndex('014'),
        PUBLICATION_PATHS.diwooIndex('015'),
      ]
        .map((path) => `Sitemap: ${absoluteUrl(SITE, path)}`)
        .toSorted(),
    )
  })
})

import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { API_PREFIX, apiPaths, EU_LICENCE_LIST, type DocumentDetail } from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, EMPLOYEE, type TestContext } from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'
import { documentPagePath } from './paths.ts'

const PUBLIC_URL = 'https://data.voorbeeldstad.nl'
const PORTAL_NAME = 'Dataportaal <Voorbeeldstad> & "Co"'
/** Like the built index.html: a description and a title of its own, scripts, a root. */
const INDEX = `<!doctype html>
<html lang="nl">
  <head>
    <meta charset="utf-8" />
    <meta
      name="description"
      content="Zoek en bekijk de datasets van de gemeente."
    />
    <title>Dataportaal</title>
    <script type="module" crossorigin src="/assets/index-Ab12.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`
const HOSTILE_TITLE = `Rapport </script><script>alert(1)</script> "quoted" & 'single' $& $' <!-- <b>`

let ctx: TestContext
let dist: string
const ids: Record<string, string> = {}

const page = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers })

const documentPage = (id: string) => page(documentPagePath(id))

/** HTML's five escapes undone: what a parser reads from an attribute or title. */
const unescapeHtml = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')

const all = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1])

/** The value of every `<meta property=... content=...>` with this property. */
const metaProperty = (html: string, property: string) =>
  all(html, new RegExp(`<meta property="${property}" content="([^"]*)">`, 'g')).map((value) =>
    unescapeHtml(value ?? ''),
  )

const jsonLdBlocks = (html: string) =>
  all(html, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)

function jsonLdOf(html: string): Record<string, unknown> {
  const blocks = jsonLdBlocks(html)
  expect(blocks).toHaveLength(1)
  return JSON.parse(blocks[0]!) as Record<string, unknown>
}

async function detailOf(id: string): Promise<DocumentDetail> {
  const response = await ctx.app.inject({ url: `${API_PREFIX.public}${apiPaths.document(id)}` })
  expect(response.statusCode).toBe(200)
  return response.json<DocumentDetail>()
}

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-web-'))
  await fs.writeFile(path.join(dist, 'index.html'), INDEX)
  await fs.writeFile(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(INDEX))
  await fs.writeFile(path.join(dist, 'index.html.gz'), zlib.gzipSync(INDEX))
  ctx = await createTestContext({
    env: { PUBLIC_URL, PORTAL_NAME, WEB_DIST_DIR: dist },
  })
  ids.dataset = await createDocument(ctx.db, {
    title: 'Inwoners per wijk',
    description: 'Aantal inwoners per wijk\nop 1 januari.',
    themes: ['Bevolking', 'Wonen'],
    owner: EMPLOYEE,
    file: { fileName: 'inwoners.csv', mediaType: 'text/csv', sha256: 'b'.repeat(64), size: 42 },
    license: `${EU_LICENCE_LIST}CC_BY_4_0`,
  })
  ids.hostile = await createDocument(ctx.db, {
    title: HOSTILE_TITLE,
    description: 'Uitleg met </script><img src=x onerror=alert(2)> en "aanhalingstekens".',
    contentType: 'Rapport',
    file: {
      fileName: '<img src=y onerror=alert(3)> & "x".pdf',
      mediaType: 'application/pdf',
      sha256: 'c'.repeat(64),
      size: 9,
    },
  })
  await ctx.db.query(`update documents set license = 'Eigen voorwaarden' where id = $1`, [
    ids.hostile,
  ])
  ids.pending = await createDocument(ctx.db, {
    title: 'Concept woningbouwplanning',
    description: 'Nog niet beoordeeld.',
    status: 'openstaand',
    owner: EMPLOYEE,
  })
  ids.rejected = await createDocument(ctx.db, {
    title: 'Afgekeurde parkeerkaart',
    status: 'afgekeurd',
    owner: EMPLOYEE,
  })
  ids.deleted = await createDocument(ctx.db, { title: 'Verwijderd rapport', deleted: true })
})
afterAll(async () => {
  await ctx.close()
  await fs.rm(dist, { recursive: true, force: true })
})

describe('the served page of a published document', () => {
  it('carries the title and description the app shows, compressed for it, never cached', async () => {
    const response = await page(documentPagePath(ids.dataset!), { 'accept-encoding': 'br, gzip' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-cache')
    // Made for this request and compressed then, never the pre-built copy of the plain page.
    expect(response.headers['content-encoding']).toBe('br')
    const html = zlib.brotliDecompressSync(response.rawPayload).toString()
    expect(html).not.toBe(INDEX)
    // One title, as the app's usePageTitle sets it; one description: the document's.
    expect(all(html, /<title>([\s\S]*?)<\/title>/g).map((t) => unescapeHtml(t ?? ''))).toEqual([
      `Inwoners per wijk | ${PORTAL_NAME}`,
    ])
    expect(all(html, /<meta\s[^>]*name="description"[^>]*content="([^"]*)"/g)).toEqual([
      'Aantal inwoners per wijk op 1 januari.',
    ])
    // The rest of the app's page is as built.
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/index-Ab12.js"></script>',
    )
    expect(html).toContain('<div id="root"></div>')
  })

  it('carries the canonical URL and the OpenGraph tags', async () => {
    const html = (await documentPage(ids.dataset!)).body
    const url = `${PUBLIC_URL}/documenten/${ids.dataset}`
    expect(all(html, /<link rel="canonical" href="([^"]*)">/g)).toEqual([url])
    expect(metaProperty(html, 'og:title')).toEqual(['Inwoners per wijk'])
    expect(metaProperty(html, 'og:description')).toEqual(['Aantal inwoners per wijk op 1 januari.'])
    expect(metaProperty(html, 'og:url')).toEqual([url])
    expect(metaProperty(html, 'og:type')).toEqual(['website'])
    expect(metaProperty(html, 'og:site_name')).toEqual([PORTAL_NAME])
    expect(metaProperty(html, 'og:locale')).toEqual(['nl_NL'])
  })

  it('carries a schema.org Dataset with its files as distributions', async () => {
    const detail = await detailOf(ids.dataset!)
    const jsonLd = jsonLdOf((await documentPage(ids.dataset!)).body)
    const url = `${PUBLIC_URL}/documenten/${ids.dataset}`
    expect(jsonLd).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Dataset',
      '@id': url,
      url,
      identifier: ids.dataset,
      name: 'Inwoners per wijk',
      description: 'Aantal inwoners per wijk\nop 1 januari.',
      inLanguage: 'nl',
      datePublished: detail.published,
      dateModified: detail.modified,
      keywords: ['Bevolking', 'Wonen'],
      license: 'https://creativecommons.org/licenses/by/4.0/',
      isAccessibleForFree: true,
      creator: { '@type': 'Organization', name: detail.sourceFriendlyName },
      publisher: { '@type': 'Organization', name: PORTAL_NAME, url: PUBLIC_URL },
      distribution: [
        {
          '@type': 'DataDownload',
          name: 'inwoners.csv',
          contentUrl: `${PUBLIC_URL}${API_PREFIX.public}/documents/${ids.dataset}/files/${detail.files[0]!.id}`,
          encodingFormat: 'text/csv',
        },
      ],
    })
    expect(detail.published).not.toBeNull()
  })

  it('makes maps and dashboards a Dataset, and other content types a DigitalDocument', async () => {
    const expected: Record<string, string> = {
      Dataset: 'Dataset',
      Kaart: 'Dataset',
      Dashboard: 'Dataset',
      Rapport: 'DigitalDocument',
      Beleidsdocument: 'DigitalDocument',
      Raadsinformatie: 'DigitalDocument',
      Overig: 'DigitalDocument',
    }
    for (const [contentType, type] of Object.entries(expected)) {
      const id = await createDocument(ctx.db, { title: `Een ${contentType}`, contentType })
      const jsonLd = jsonLdOf((await documentPage(id)).body)
      expect(jsonLd['@type'], contentType).toBe(type)
      // Without a description of its own, the preview still says what it is.
      expect(jsonLd).not.toHaveProperty('description')
      expect(metaProperty((await documentPage(id)).body, 'og:description')).toEqual([
        `${contentType} op ${PORTAL_NAME}`,
      ])
    }
  })

  it('links a licence stored the old way (SPDX) or as a URL of its own to its text', async () => {
    const licenceOf = async (license: string) => {
      const id = await createDocument(ctx.db, { title: `Licentie ${license}`, license })
      return jsonLdOf((await documentPage(id)).body).license
    }
    expect(await licenceOf('CC0-1.0')).toBe('https://creativecommons.org/publicdomain/zero/1.0/')
    expect(await licenceOf(`${EU_LICENCE_LIST}CC_BYSA_4_0`)).toBe(
      'https://creativecommons.org/licenses/by-sa/4.0/',
    )
    expect(await licenceOf('https://example.org/voorwaarden')).toBe(
      'https://example.org/voorwaarden',
    )
  })

  it('gives a DigitalDocument its files as media, and no licence URL for an unknown licence', async () => {
    const detail = await detailOf(ids.hostile!)
    const jsonLd = jsonLdOf((await documentPage(ids.hostile!)).body)
    expect(jsonLd['@type']).toBe('DigitalDocument')
    expect(jsonLd).not.toHaveProperty('license')
    expect(jsonLd).not.toHaveProperty('distribution')
    expect(jsonLd.associatedMedia).toEqual([
      {
        '@type': 'MediaObject',
        name: '<img src=y onerror=alert(3)> & "x".pdf',
        contentUrl: `${PUBLIC_URL}${API_PREFIX.public}/documents/${ids.hostile}/files/${detail.files[0]!.id}`,
        encodingFormat: 'application/pdf',
      },
    ])
  })

  it('escapes a hostile title and description everywhere: nothing breaks out', async () => {
    const html = (await documentPage(ids.hostile!)).body
    expect(html).not.toContain('<script>alert(1)')
    expect(html).not.toContain('<img src=x')
    expect(html).not.toContain('<img src=y')
    expect(html).not.toContain('<!-- <b>')
    // Every script element that opens is the index's or the JSON-LD, and each closes once.
    expect(html.match(/<script/g)).toHaveLength(2)
    expect(html.match(/<\/script>/g)).toHaveLength(2)
    // The JSON-LD has no `<` at all, yet reads back as the very title.
    const [block] = jsonLdBlocks(html)
    expect(block).not.toMatch(/[<>&]/)
    expect(jsonLdOf(html).name).toBe(HOSTILE_TITLE)
    expect(metaProperty(html, 'og:title')).toEqual([HOSTILE_TITLE])
    expect(all(html, /<title>([\s\S]*?)<\/title>/g).map((t) => unescapeHtml(t ?? ''))).toEqual([
      `${HOSTILE_TITLE} | ${PORTAL_NAME}`,
    ])
  })

  it('is found by an id in capitals too, with the canonical URL in the usual form', async () => {
    const html = (await page(`/documenten/${ids.dataset!.toUpperCase()}?tab=bestanden`)).body
    expect(all(html, /<link rel="canonical" href="([^"]*)">/g)).toEqual([
      `${PUBLIC_URL}/documenten/${ids.dataset}`,
    ])
  })

  it('cuts a long description for the preview at a word', async () => {
    const description = `${'woord '.repeat(100)}einde`
    const id = await createDocument(ctx.db, { title: 'Lange uitleg', description })
    const html = (await documentPage(id)).body
    const [preview] = metaProperty(html, 'og:description')
    expect(preview!.length).toBeLessThanOrEqual(301)
    expect(preview).toMatch(/^(woord )+woord…$/)
    expect(jsonLdOf(html).description).toBe(description)
  })

  it('follows a rebuild of the web app without a restart', async () => {
    const rebuilt = INDEX.replace('index-Ab12.js', 'index-Cd34.js')
    await fs.writeFile(path.join(dist, 'index.html'), rebuilt)
    try {
      const html = (await documentPage(ids.dataset!)).body
      expect(html).toContain('/assets/index-Cd34.js')
      expect(jsonLdBlocks(html)).toHaveLength(1)
    } finally {
      await fs.writeFile(path.join(dist, 'index.html'), INDEX)
    }
  })
})

describe('the served page of a document a visitor may not see', () => {
  it('is the plain index, with no trace of the document', async () => {
    const cases: Record<string, string> = {
      pending: ids.pending!,
      rejected: ids.rejected!,
      deleted: ids.deleted!,
      unknown: '00000000-0000-4000-8000-000000000000',
    }
    for (const [name, id] of Object.entries(cases)) {
      const response = await documentPage(id)
      expect(response.statusCode, name).toBe(200)
      expect(response.headers['cache-control'], name).toBe('no-cache')
      expect(response.body, name).toBe(INDEX)
    }
  })

  it('is the plain index for a malformed id or another path under /documenten, never a 5xx', async () => {
    for (const url of [
      '/documenten/garbage',
      "/documenten/1'%20or%201=1--",
      '/documenten/%3Cscript%3E',
      `/documenten/${ids.dataset}x`,
      `/documenten/${ids.dataset}/edit`,
      `/documenten/${'a'.repeat(1_500)}`,
      '/documenten/',
      '/documenten',
    ]) {
      const response = await page(url)
      expect(response.statusCode, url).toBe(200)
      expect(response.body, url).toBe(INDEX)
    }
  })
})

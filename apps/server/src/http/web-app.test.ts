import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerWebApp } from './web-app.ts'

const INDEX = '<!doctype html><html lang="nl"><title>app</title><div id="root"></div></html>'
const CHUNK = 'export const answer = 42\n'

describe('serving the built web app', () => {
  let app: FastifyInstance
  let dist: string

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-web-'))
    await fs.mkdir(path.join(dist, 'assets'))
    await fs.writeFile(path.join(dist, 'index.html'), INDEX)
    await fs.writeFile(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(INDEX))
    await fs.writeFile(path.join(dist, 'assets', 'main-Ab12Cd.js'), CHUNK)
    await fs.writeFile(path.join(dist, 'assets', 'main-Ab12Cd.js.gz'), zlib.gzipSync(CHUNK))
    await fs.writeFile(path.join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    app = Fastify()
    await registerWebApp(app, { webDistDir: dist, portalName: 'Dataportaal Test' })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await fs.rm(dist, { recursive: true, force: true })
  })

  it('answers the root and every page path with index.html, never cached', async () => {
    for (const url of ['/', '/zoeken?query=fiets&offset=1', '/documenten/abc', '/bestaat/niet']) {
      const response = await app.inject({ url })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-type'], url).toMatch(/^text\/html/)
      expect(response.headers['cache-control'], url).toBe('no-cache')
      expect(response.body, url).toBe(INDEX)
    }
  })

  it('sends the pre-compressed copy when the browser accepts it', async () => {
    const page = await app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } })
    expect(page.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX)

    const chunk = await app.inject({
      url: '/assets/main-Ab12Cd.js',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(chunk.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(chunk.rawPayload).toString()).toBe(CHUNK)
  })

  it('caches hashed assets for a year and other files for an hour', async () => {
    const chunk = await app.inject({ url: '/assets/main-Ab12Cd.js' })
    expect(chunk.headers['content-type']).toMatch(/javascript/)
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const logo = await app.inject({ url: '/logo.svg' })
    expect(logo.headers['cache-control']).toBe('public, max-age=3600')
  })

  it('answers a missing file with 404, not with the app page', async () => {
    const response = await app.inject({ url: '/assets/main-old.js' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
  })

  it('serves a file written after start-up (a rebuild needs no restart)', async () => {
    await fs.writeFile(path.join(dist, 'assets', 'late-Zz99.js'), CHUNK)
    const response = await app.inject({ url: '/assets/late-Zz99.js' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe(CHUNK)
  })
})

describe('a page with a head of its own', () => {
  const PAGE = `<!doctype html><html lang="nl"><head><meta charset="utf-8">
<meta name="description" content="Het portaal."><title>app</title></head><body><div id="root"></div></body></html>`
  let app: FastifyInstance
  let dist: string
  const asked: string[] = []

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-web-'))
    await fs.writeFile(path.join(dist, 'index.html'), PAGE)
    await fs.writeFile(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(PAGE))
    app = Fastify()
    await registerWebApp(app, {
      webDistDir: dist,
      portalName: 'Dataportaal Test',
      pageHead: async (pagePath) => {
        asked.push(pagePath)
        if (pagePath === '/kapot') throw new Error('database weg')
        if (pagePath !== '/eigen') return null
        return {
          title: 'Titel $& </title> | Portaal',
          description: 'Over "dit" & <dat>',
          elements: '<meta property="og:title" content="Titel">',
        }
      },
    })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await fs.rm(dist, { recursive: true, force: true })
  })

  it('gets that head in place of the title and description, compressed for it and never cached', async () => {
    const response = await app.inject({
      url: '/eigen?x=1',
      headers: { 'accept-encoding': 'br' },
    })
    expect(asked).toContain('/eigen')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(
      `<!doctype html><html lang="nl"><head><meta charset="utf-8">
<title>Titel $&amp; &lt;/title&gt; | Portaal</title>
<meta name="description" content="Over &quot;dit&quot; &amp; &lt;dat&gt;">
<meta property="og:title" content="Titel">
</head><body><div id="root"></div></body></html>`,
    )
  })

  it('is the plain index when the source has no head for the path, or fails', async () => {
    for (const url of ['/andere', '/kapot']) {
      const response = await app.inject({ url })
      expect(response.statusCode, url).toBe(200)
      expect(response.body, url).toBe(PAGE)
    }
  })

  it('is not asked for API paths or files', async () => {
    asked.length = 0
    expect((await app.inject({ url: '/api/eigen' })).statusCode).toBe(404)
    expect((await app.inject({ url: '/eigen.js' })).statusCode).toBe(404)
    expect(asked).toEqual([])
  })
})

describe('a page rendered on the server', () => {
  const PAGE = `<!doctype html><html lang="nl"><head><meta charset="utf-8">
<title>app</title></head><body><div id="root"></div></body></html>`
  // A stand-in for the web app's server bundle (apps/web/src/entry-server.tsx): it renders
  // what its in-process call of the API answered, and is slow or broken on request.
  const BUNDLE = `export const createRenderer = (fetch) => async (url) => {
  if (url === '/kapot') throw new Error('render failed')
  if (url === '/traag') await new Promise((resolve) => setTimeout(resolve, 1000))
  if (url.startsWith('/beheer')) return { kind: 'browser' }
  const answer = await (await fetch('/pubapi/wie', { headers: { accept: 'application/json' } })).json()
  return {
    kind: 'page',
    status: url === '/weg' ? 404 : 200,
    html: '<h1>' + answer.ip + '</h1>',
    head: '<title>Pagina | Portaal</title><link rel="alternate" href="/feed">',
    data: '{"queries":[]}',
  }
}
`
  let app: FastifyInstance
  let dist: string

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-web-'))
    await fs.writeFile(path.join(dist, 'index.html'), PAGE)
    await fs.mkdir(path.join(dist, 'ssr'))
    await fs.writeFile(path.join(dist, 'ssr', 'entry-server.js'), BUNDLE)
    app = Fastify()
    app.get('/pubapi/wie', (request) => ({ ip: request.ip }))
    await registerWebApp(app, {
      webDistDir: dist,
      portalName: 'Dataportaal Test',
      renderTimeLimitMs: 200,
    })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await fs.rm(dist, { recursive: true, force: true })
  })

  it('holds the page, its title and feed link in the head, and its data, never cached', async () => {
    const response = await app.inject({ url: '/', remoteAddress: '203.0.113.7' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.body).toBe(`<!doctype html><html lang="nl"><head><meta charset="utf-8">
<title>Pagina | Portaal</title><link rel="alternate" href="/feed">
</head><body><div id="root" data-server-rendered><h1>203.0.113.7</h1></div><script type="application/json" id="portal-data">{"queries":[]}</script></body></html>`)
  })

  it('answers with the status of the page', async () => {
    expect((await app.inject({ url: '/weg' })).statusCode).toBe(404)
  })

  it('leaves the page to the browser when it is not public, fails or takes too long', async () => {
    for (const url of ['/beheer', '/kapot', '/traag']) {
      const response = await app.inject({ url })
      expect(response.statusCode, url).toBe(200)
      expect(response.body, url).toBe(PAGE)
    }
  })

  it('never serves the server bundle itself', async () => {
    const response = await app.inject({ url: '/ssr/entry-server.js' })
    expect(response.statusCode).toBe(404)
    expect(response.body).not.toContain('createRenderer')
  })
})

describe('a server bundle that cannot be used', () => {
  const PAGE =
    '<!doctype html><html lang="nl"><head><title>app</title></head><body><div id="root"></div></body></html>'

  for (const [name, bundle] of [
    ['does not load', 'export const createRenderer = ;'],
    ['renders nothing', 'export const somethingElse = 1'],
  ] as const) {
    it(`${name}: the browser renders every page, and the server starts`, async () => {
      const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-web-'))
      await fs.writeFile(path.join(dist, 'index.html'), PAGE)
      await fs.mkdir(path.join(dist, 'ssr'))
      await fs.writeFile(path.join(dist, 'ssr', 'entry-server.js'), bundle)
      const app = Fastify({ logger: false })
      try {
        await registerWebApp(app, { webDistDir: dist, portalName: 'Dataportaal Test' })
        const response = await app.inject({ url: '/zoeken' })
        expect(response.statusCode).toBe(200)
        expect(response.body).toBe(PAGE)
      } finally {
        await app.close()
        await fs.rm(dist, { recursive: true, force: true })
      }
    })
  }
})

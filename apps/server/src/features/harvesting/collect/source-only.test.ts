import dns from 'node:dns'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { HarvestCollectError } from '../record.ts'
import { fetchPage, onSourceOrigin } from './fetch-page.ts'
import { DEFAULT_COLLECT_LIMITS } from './limits.ts'
import { collectSource } from './index.ts'
import { startTestSource, type TestSource } from './test-source.ts'

// Harvesting talks to its source and to nothing else (docs/harvesting.md, Security): not to
// another server a redirect, a next link or a JSON-LD context names, never to a link-local
// address, and its report never repeats what a server answered.

/** The source, and another server (another origin: another port) it may point at. */
let source: TestSource
let other: TestSource

beforeAll(async () => {
  source = await startTestSource()
  other = await startTestSource()
})
afterAll(async () => {
  await source.close()
  await other.close()
})
beforeEach(() => {
  source.reset()
  other.reset()
})

const PREFIXES = `
@prefix dcat: <http://www.w3.org/ns/dcat#> .
@prefix dct: <http://purl.org/dc/terms/> .
@prefix hydra: <http://www.w3.org/ns/hydra/core#> .
`

const page = (title: string, next?: string) => `${PREFIXES}
<ds/${encodeURIComponent(title)}> a dcat:Dataset ; dct:title "${title}" .
${next ? `<> hydra:next <${next}> .` : ''}
`

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(HarvestCollectError)
  return (error as HarvestCollectError).message
}

const dcat = (path: string, limits = {}) =>
  collectSource({ url: `${source.base}${path}`, kind: 'dcat' }, { limits })

describe('redirects and next pages', () => {
  it('follows a redirect on the source, and refuses one to another server', async () => {
    source.answers['/oud'] = { status: 301, headers: { location: '/nieuw' }, body: '' }
    source.answers['/nieuw'] = { body: page('Een', '/weg') }
    source.answers['/weg'] = {
      status: 302,
      headers: { location: `${other.base}/api/harvest/sources` },
      body: '',
    }
    other.answers['/api/harvest/sources'] = { body: page('Van de andere server') }
    const message = await failure(dcat('/oud'))
    expect(message).toBe(
      `Pagina 2 kon niet worden opgehaald: de server verwijst door naar ${other.base}, een andere server dan de bron; de harvester leest alleen de bron zelf (${source.base}/weg)`,
    )
    expect(source.received.map((r) => r.url)).toEqual(['/oud', '/nieuw', '/weg'])
    expect(other.received).toEqual([])
  })

  it('reads no next page on another server', async () => {
    source.answers['/catalogus'] = { body: page('Een', `${other.base}/pagina-2`) }
    other.answers['/pagina-2'] = { body: page('Twee') }
    const message = await failure(dcat('/catalogus'))
    expect(message).toBe(
      `Pagina 2 staat op een andere server (${other.base}) dan de bron en wordt niet gelezen; de harvester leest alleen de bron zelf.`,
    )
    expect(other.received).toEqual([])
  })

  it('keeps the pages of a CKAN API on the source when they are redirected', async () => {
    const action = '/api/3/action/package_search?rows=100&start=0&sort=id+asc'
    source.answers[action] = {
      status: 307,
      headers: { location: `${other.base}${action}` },
      body: '',
    }
    const message = await failure(collectSource({ url: source.base, kind: 'ckan' }))
    expect(message).toMatch(/^Pagina 1 kon niet worden opgehaald: de server verwijst door naar /)
    expect(other.received).toEqual([])
  })

  it('takes the same host on https for the source entered on http, and nothing else', () => {
    const entered = new URL('http://data.example.nl/catalogus')
    const allowed = (url: string) => onSourceOrigin(new URL(url), entered)
    expect(allowed('http://data.example.nl/pagina-2')).toBe(true)
    expect(allowed('https://data.example.nl/pagina-2')).toBe(true)
    expect(allowed('https://data.example.nl:8443/pagina-2')).toBe(false)
    expect(allowed('http://www.data.example.nl/pagina-2')).toBe(false)
    expect(allowed('http://data.example.nl:8080/pagina-2')).toBe(false)
    expect(
      onSourceOrigin(new URL('http://data.example.nl/'), new URL('https://data.example.nl/')),
    ).toBe(false)
  })
})

describe('JSON-LD contexts', () => {
  const CONTEXT = {
    '@context': { dcat: 'http://www.w3.org/ns/dcat#', dct: 'http://purl.org/dc/terms/' },
  }
  const jsonLd = (context: unknown, title: string, next?: string) => ({
    type: 'application/ld+json',
    body: JSON.stringify({
      '@context': context,
      '@graph': [
        { '@id': `https://example.org/ds/${title}`, '@type': 'dcat:Dataset', 'dct:title': title },
        ...(next ? [{ '@id': '', 'http://www.w3.org/ns/hydra/core#next': { '@id': next } }] : []),
      ],
    }),
  })

  it('refuses a context on another server', async () => {
    other.answers['/context.jsonld'] = {
      type: 'application/ld+json',
      body: JSON.stringify(CONTEXT),
    }
    source.answers['/catalogus'] = jsonLd(`${other.base}/context.jsonld`, 'Een')
    const message = await failure(dcat('/catalogus'))
    expect(message).toBe(
      `Pagina 1 gebruikt een JSON-LD-context van een andere server (${other.base}); de harvester leest alleen de bron zelf. Laat de bron Turtle geven, of de context in de pagina opnemen.`,
    )
    expect(other.received).toEqual([])
  })

  it('reads a context on the source once per run', async () => {
    source.answers['/context.jsonld'] = {
      type: 'application/ld+json',
      body: JSON.stringify(CONTEXT),
    }
    const context = `${source.base}/context.jsonld`
    source.answers['/p1'] = jsonLd(context, 'Een', '/p2')
    source.answers['/p2'] = jsonLd(context, 'Twee', '/p3')
    source.answers['/p3'] = jsonLd(context, 'Drie')
    const collected = await dcat('/p1')
    expect(collected.records.map((r) => r.title)).toEqual(['Een', 'Twee', 'Drie'])
    expect(source.received.map((r) => r.url)).toEqual(['/p1', '/context.jsonld', '/p2', '/p3'])
  })

  it('fetches no more than ten contexts for a page that names hundreds', async () => {
    const contexts = Array.from({ length: 300 }, (_, n) => `${source.base}/context/${n}`)
    for (const [n] of contexts.entries()) {
      source.answers[`/context/${n}`] = {
        type: 'application/ld+json',
        body: JSON.stringify(CONTEXT),
      }
    }
    source.answers['/veel'] = jsonLd(contexts, 'Een')
    const message = await failure(dcat('/veel'))
    expect(message).toBe(
      'Pagina 1 gebruikt een JSON-LD-context die apart moet worden opgehaald, maar de bron gebruikte er al 10: meer worden er per run niet gelezen.',
    )
    const fetched = source.received.filter((r) => r.url.startsWith('/context/'))
    expect(fetched.length).toBeLessThanOrEqual(DEFAULT_COLLECT_LIMITS.maxContexts)
  })
})

describe('addresses', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('never connects to a link-local or cloud metadata address', async () => {
    for (const [url, address] of [
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
      ['http://169.254.0.1/', '169.254.0.1'],
      ['http://[fd00:ec2::254]/latest/meta-data/', 'fd00:ec2::254'],
      ['http://[::ffff:169.254.169.254]/', '::ffff:a9fe:a9fe'],
      ['http://[fe80::1]/', 'fe80::1'],
    ] as const) {
      const message = await failure(
        collectSource({ url, kind: 'dcat' }, { limits: { requestTimeoutMs: 1000 } }),
      )
      expect(message).toBe(
        `Pagina 1 wordt niet opgehaald: ${address} is een link-local adres, waar een cloud de sleutels van de server uitdeelt; zo'n adres leest de harvester nooit (${new URL(url).href}).`,
      )
    }
  })

  it('refuses a name that resolves to a link-local address when it connects', async () => {
    const lookup = dns.lookup
    vi.spyOn(dns, 'lookup').mockImplementation(((
      hostname: string,
      options: dns.LookupOptions,
      callback: (error: Error | null, addresses: dns.LookupAddress[]) => void,
    ) => {
      if (hostname !== 'metadata.test') return lookup(hostname, options, callback as never)
      callback(null, [{ address: '169.254.169.254', family: 4 }])
    }) as typeof dns.lookup)
    const url = new URL('http://metadata.test/latest/meta-data/')
    const limits = { ...DEFAULT_COLLECT_LIMITS, requestTimeoutMs: 1000 }
    const message = await failure(fetchPage(url, 1, 'text/turtle', limits, { source: url }))
    expect(message).toBe(
      `Pagina 1 wordt niet opgehaald: 169.254.169.254 is een link-local adres, waar een cloud de sleutels van de server uitdeelt; zo'n adres leest de harvester nooit (${url.href}).`,
    )
  })

  it('reads a source on loopback, by name too', async () => {
    source.answers['/catalogus'] = { body: page('Een') }
    const byName = source.base.replace('127.0.0.1', 'localhost')
    const collected = await collectSource({ url: `${byName}/catalogus`, kind: 'dcat' })
    expect(collected.records.map((r) => r.title)).toEqual(['Een'])
  })
})

describe('the report', () => {
  const SECRET = 'geheim-7f3a'

  it('names what is wrong with a page without quoting it', async () => {
    source.answers['/turtle'] = { body: `${PREFIXES}\n<a> dct:title "x" ${SECRET} .` }
    source.answers['/jsonld'] = {
      type: 'application/ld+json',
      body: JSON.stringify({ '@context': { x: { '@id': 'http://x/', '@type': SECRET } }, x: 1 }),
    }
    source.answers['/soort'] = { type: `text/${SECRET}`, body: 'x' }
    source.answers['/json'] = { type: 'application/ld+json', body: `{"a": ${SECRET}}` }
    expect(await failure(dcat('/turtle'))).toBe(
      'Pagina 1 is geen geldige Turtle (fout op regel 6).',
    )
    expect(await failure(dcat('/jsonld'))).toBe('Pagina 1 is geen geldige JSON-LD.')
    expect(await failure(dcat('/json'))).toBe('Pagina 1 is geen geldige JSON-LD.')
    expect(await failure(dcat('/soort'))).toBe(
      `Pagina 1 is geen Turtle of JSON-LD maar een ander formaat; alleen die twee worden gelezen (${source.base}/soort).`,
    )
  })

  it("names a CKAN error by its kind, not by the source's message", async () => {
    const action = '/api/3/action/package_search?rows=100&start=0&sort=id+asc'
    source.answers[action] = {
      status: 403,
      type: 'application/json',
      body: JSON.stringify({
        success: false,
        error: { message: `Token ${SECRET} verlopen`, __type: 'Authorization Error' },
      }),
    }
    const message = await failure(collectSource({ url: source.base, kind: 'ckan' }))
    expect(message).toBe(
      `Pagina 1 gaf een CKAN-fout: geen toegang, HTTP 403 (${source.base}${action})`,
    )
  })

  it('says why a connection failed in its own words', async () => {
    const closed = source.base.replace(/:\d+$/, ':1')
    const message = await failure(collectSource({ url: `${closed}/catalogus`, kind: 'dcat' }))
    expect(message).toBe(
      `Pagina 1 kon niet worden opgehaald: de server weigert de verbinding (ECONNREFUSED) (${closed}/catalogus)`,
    )
  })
})

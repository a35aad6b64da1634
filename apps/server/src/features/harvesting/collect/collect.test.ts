import { brotliCompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { HarvestCollectError, type CollectProgress } from '../record.ts'
import { ckanActionUrl } from './ckan.ts'
import { collectSource } from './index.ts'
import { startTestSource, type TestSource } from './test-source.ts'

let server: TestSource
let base: string

beforeAll(async () => {
  server = await startTestSource()
  base = server.base
})
afterAll(() => server.close())
beforeEach(() => server.reset())

const PREFIXES = `
@prefix dcat: <http://www.w3.org/ns/dcat#> .
@prefix dct: <http://purl.org/dc/terms/> .
@prefix foaf: <http://xmlns.com/foaf/0.1/> .
@prefix hydra: <http://www.w3.org/ns/hydra/core#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
`

/** A Turtle page with one plain dataset and a Hydra link to `next` (relative or absolute). */
const simplePage = (title: string, next?: string) => `${PREFIXES}
<ds/${encodeURIComponent(title)}> a dcat:Dataset ; dct:title "${title}" .
${next ? `<catalogus> hydra:view <> . <> a hydra:PartialCollectionView ; hydra:next <${next}> .` : ''}
`

async function collectFailure(promise: Promise<unknown>): Promise<HarvestCollectError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(HarvestCollectError)
  return error as HarvestCollectError
}

describe('collecting a DCAT-AP catalogue', () => {
  it('follows the Hydra paging over three Turtle pages and maps every dataset', async () => {
    server.answers['/dcat?page=1'] = {
      body: `${PREFIXES}
<catalogus> a dcat:Catalog, hydra:Collection ;
  hydra:totalItems "4"^^xsd:nonNegativeInteger ;
  hydra:view <?page=1> ;
  dcat:dataset <ds/a>, _:b .
<?page=1> a hydra:PartialCollectionView ; hydra:first <?page=1> ; hydra:next <?page=2> .
<ds/a> a dcat:Dataset ;
  dct:identifier "A-1" ;
  dct:title "Trees"@en, "Bomen in de stad"@nl, "Bäume"@de ;
  dct:description "Description"@en, "Zonder taal" ;
  dcat:keyword "bomen"@nl, "trees"@en, "groen", "bomen"@nl-NL ;
  dcat:theme <http://publications.europa.eu/resource/authority/data-theme/ENVI> ;
  dct:license <http://publications.europa.eu/resource/authority/licence/CC_BY_4_0> ;
  dct:modified "2024-05-01T10:00:00Z"^^xsd:dateTime ;
  dct:issued "2023-01-01"^^xsd:date ;
  dcat:landingPage <https://example.org/bomen> ;
  foaf:page <https://example.org/elders> ;
  dcat:distribution <ds/a#csv>, _:geo .
<ds/a#csv> a dcat:Distribution ;
  dct:title "bomen.csv"@nl ;
  dcat:accessURL <https://example.org/toegang> ;
  dcat:downloadURL <https://example.org/bomen.csv> ;
  dct:format <http://publications.europa.eu/resource/authority/file-type/CSV> ;
  dcat:mediaType <https://www.iana.org/assignments/media-types/text/csv> ;
  dcat:byteSize "1234"^^xsd:nonNegativeInteger .
_:geo a dcat:Distribution ;
  dcat:accessURL <https://example.org/api> ;
  dct:format "GeoJSON" ;
  dcat:mediaType "application/geo+json" ;
  dcat:byteSize "-5" .
_:b a dcat:Dataset ;
  dct:title "Zonder eigen adres" ;
  foaf:page <https://example.org/b> ;
  dcat:distribution _:d3 .
_:d3 a dcat:Distribution ; dct:license _:lic ; dcat:accessURL <bestanden/b.csv> .
_:lic a dct:LicenseDocument ; rdfs:label "Eigen voorwaarden" .
`,
    }
    // The older paging of Hydra, without a view.
    server.answers['/dcat?page=2'] = {
      type: 'application/x-turtle; charset=utf-8',
      body: `${PREFIXES}
<catalogus> hydra:totalItems 4 .
<?page=2> hydra:nextPage <?page=3> .
<ds/c> a dcat:Dataset ; dct:title "Derde" .
`,
    }
    server.answers['/dcat?page=3'] = { body: simplePage('Vierde') }
    const progress: CollectProgress[] = []
    const collected = await collectSource(
      { url: `${base}/dcat?page=1`, kind: 'dcat' },
      { onProgress: (p) => progress.push(p) },
    )
    expect(server.received.map((r) => r.url)).toEqual([
      '/dcat?page=1',
      '/dcat?page=2',
      '/dcat?page=3',
    ])
    expect(server.received[0]!.accept).toMatch(/^text\/turtle/)
    expect(server.received[0]!.accept).not.toMatch(/rdf\+xml/)
    expect(server.received[0]!.userAgent).toBe('Dataportaal-harvester/1.0')
    expect(progress).toEqual([
      { pages: 1, records: 2, expected: 4 },
      { pages: 2, records: 3, expected: 4 },
      { pages: 3, records: 4, expected: 4 },
    ])
    expect(collected.pages).toBe(3)
    expect(collected.expected).toBe(4)
    expect(collected.records.map((r) => r.title)).toEqual([
      'Bomen in de stad',
      'Zonder eigen adres',
      'Derde',
      'Vierde',
    ])
    const [a, b, c] = collected.records
    expect(a).toEqual({
      identifier: 'A-1',
      title: 'Bomen in de stad',
      description: 'Zonder taal',
      keywords: ['bomen', 'groen'],
      themeIris: ['http://publications.europa.eu/resource/authority/data-theme/ENVI'],
      groups: [],
      licence: 'http://publications.europa.eu/resource/authority/licence/CC_BY_4_0',
      modified: '2024-05-01T10:00:00Z',
      issued: '2023-01-01',
      landingPage: 'https://example.org/bomen',
      distributions: [
        {
          title: 'bomen.csv',
          url: 'https://example.org/bomen.csv',
          format: 'CSV',
          mediaType: 'text/csv',
          size: 1234,
        },
        {
          title: null,
          url: 'https://example.org/api',
          format: 'GeoJSON',
          mediaType: 'application/geo+json',
          size: null,
        },
      ],
    })
    expect(b).toMatchObject({
      identifier: '',
      licence: 'Eigen voorwaarden',
      landingPage: 'https://example.org/b',
      distributions: [{ url: `${base}/bestanden/b.csv` }],
    })
    // Without dct:identifier, the dataset's IRI (resolved against the page) identifies it.
    expect(c).toMatchObject({ identifier: `${base}/ds/c`, licence: null, keywords: [] })
  })

  it('reads a JSON-LD page, with a context on the source fetched within the same limits', async () => {
    server.answers['/context.jsonld'] = {
      type: 'application/ld+json',
      body: JSON.stringify({
        '@context': {
          dcat: 'http://www.w3.org/ns/dcat#',
          dct: 'http://purl.org/dc/terms/',
          hydra: 'http://www.w3.org/ns/hydra/core#',
          titel: { '@id': 'dct:title', '@language': 'nl' },
        },
      }),
    }
    server.answers['/catalogus.jsonld'] = {
      type: 'application/ld+json',
      body: JSON.stringify({
        '@context': `${base}/context.jsonld`,
        '@graph': [
          { '@id': 'catalogus', 'hydra:totalItems': 1 },
          {
            '@id': 'https://example.org/ds/j',
            '@type': 'dcat:Dataset',
            titel: 'Fietspaden',
            'dcat:keyword': [{ '@value': 'fiets', '@language': 'nl' }, 'verkeer'],
            'dcat:distribution': {
              '@type': 'dcat:Distribution',
              'dct:title': 'fietspaden.json',
              'dcat:downloadURL': { '@id': 'bestanden/fietspaden.json' },
              'dct:format': {
                '@id': 'http://publications.europa.eu/resource/authority/file-type/JSON',
              },
            },
          },
        ],
      }),
    }
    const collected = await collectSource({ url: `${base}/catalogus.jsonld`, kind: 'dcat' })
    expect(collected).toEqual({
      pages: 1,
      expected: 1,
      records: [
        expect.objectContaining({
          identifier: 'https://example.org/ds/j',
          title: 'Fietspaden',
          keywords: ['fiets', 'verkeer'],
          distributions: [
            {
              title: 'fietspaden.json',
              url: `${base}/bestanden/fietspaden.json`,
              format: 'JSON',
              mediaType: null,
              size: null,
            },
          ],
        }),
      ],
    })
  })

  it('fails the whole collection when page 3 of 5 fails, naming that page', async () => {
    for (let n = 1; n <= 5; n++) {
      server.answers[`/fail?page=${n}`] = { body: simplePage(`Pagina ${n}`, `?page=${n + 1}`) }
    }
    server.answers['/fail?page=3'] = { status: 500, body: 'kapot' }
    const progress: CollectProgress[] = []
    const error = await collectFailure(
      collectSource(
        { url: `${base}/fail?page=1`, kind: 'dcat' },
        { onProgress: (p) => progress.push(p) },
      ),
    )
    expect(error.message).toBe(`Pagina 3 kon niet worden opgehaald: HTTP 500 (${base}/fail?page=3)`)
    expect(progress.map((p) => p.pages)).toEqual([1, 2])
    expect(server.received.map((r) => r.url)).toEqual([
      '/fail?page=1',
      '/fail?page=2',
      '/fail?page=3',
    ])
  })

  it('refuses a page larger than the limit, counting the bytes as they come', async () => {
    server.answers['/groot'] = 'stream'
    const error = await collectFailure(
      collectSource({ url: `${base}/groot`, kind: 'dcat' }, { limits: { maxPageBytes: 1000 } }),
    )
    expect(error.message).toBe('Pagina 1 is groter dan 1.000 bytes.')
  })

  it('reads a compressed page, counting the bytes it unpacks to', async () => {
    const gzip = (body: string) => ({
      headers: { 'content-encoding': 'gzip' },
      body: gzipSync(body),
    })
    const brotli = (body: string) => ({
      headers: { 'content-encoding': 'br' },
      body: brotliCompressSync(body),
    })
    server.answers['/gzip'] = gzip(simplePage('Een', '/br'))
    server.answers['/br'] = brotli(simplePage('Twee'))
    const collected = await collectSource({ url: `${base}/gzip`, kind: 'dcat' })
    expect(collected.records.map((r) => r.title)).toEqual(['Een', 'Twee'])
    // A few hundred bytes that unpack to more than a page may hold.
    server.answers['/bom'] = gzip(`# ${'x'.repeat(100_000)}`)
    const error = await collectFailure(
      collectSource({ url: `${base}/bom`, kind: 'dcat' }, { limits: { maxPageBytes: 10_000 } }),
    )
    expect(error.message).toBe('Pagina 1 is groter dan 9,8 kB.')
  })

  it('stops at the most pages and records a source may have', async () => {
    for (let n = 1; n <= 3; n++) {
      server.answers[`/veel?page=${n}`] = { body: simplePage(`Pagina ${n}`, `?page=${n + 1}`) }
    }
    const source = { url: `${base}/veel?page=1`, kind: 'dcat' } as const
    const pages = await collectFailure(collectSource(source, { limits: { maxPages: 2 } }))
    expect(pages.message).toBe("De bron heeft meer dan 2 pagina's.")
    const records = await collectFailure(collectSource(source, { limits: { maxRecords: 1 } }))
    expect(records.message).toBe('De bron heeft meer dan 1 datasets.')
  })

  it('refuses a page that is not valid Turtle', async () => {
    server.answers['/ttl?page=1'] = { body: simplePage('Een', '?page=2') }
    server.answers['/ttl?page=2'] = { body: `${PREFIXES}\n<a> dct:title "niet afgesloten .` }
    const error = await collectFailure(collectSource({ url: `${base}/ttl?page=1`, kind: 'dcat' }))
    expect(error.message).toBe('Pagina 2 is geen geldige Turtle (fout op regel 9).')
  })

  it('stops at next-page links that go round in a circle', async () => {
    server.answers['/rond?page=1'] = { body: simplePage('Een', '?page=2') }
    server.answers['/rond?page=2'] = { body: simplePage('Twee', '?page=1') }
    const error = await collectFailure(collectSource({ url: `${base}/rond?page=1`, kind: 'dcat' }))
    expect(error.message).toMatch(/^Pagina 3 is een pagina die al is gelezen/)
    expect(server.received).toHaveLength(2)
  })

  it('follows no next-page link to another protocol than http(s)', async () => {
    server.answers['/ftp'] = { body: simplePage('Een', 'ftp://example.org/pagina-2') }
    const error = await collectFailure(collectSource({ url: `${base}/ftp`, kind: 'dcat' }))
    expect(error.message).toMatch(/^Pagina 2 heeft geen http- of https-adres/)
  })

  it('refuses a serialisation other than Turtle or JSON-LD', async () => {
    server.answers['/rdfxml'] = { type: 'application/rdf+xml', body: '<rdf:RDF/>' }
    const error = await collectFailure(collectSource({ url: `${base}/rdfxml`, kind: 'dcat' }))
    expect(error.message).toMatch(/^Pagina 1 is geen Turtle of JSON-LD maar application\/rdf\+xml/)
  })

  it('survives a thread that runs out of memory, failing the collection', async () => {
    const datasets = Array.from(
      { length: 60_000 },
      (_, n) => `<ds/${n}> a dcat:Dataset ; dct:title "Dataset ${n} ${'x'.repeat(40)}" .`,
    )
    server.answers['/zwaar'] = { body: `${PREFIXES}\n${datasets.join('\n')}` }
    const error = await collectFailure(
      collectSource({ url: `${base}/zwaar`, kind: 'dcat' }, { limits: { memoryMb: 16 } }),
    )
    expect(error.message).toBe(
      'De bron kon niet worden gelezen: het geheugen voor het lezen raakte vol.',
    )
    // It died reading the page, not before.
    expect(server.received.map((r) => r.url)).toEqual(['/zwaar'])
  })

  it('gives up on a page that does not answer in time', async () => {
    server.answers['/traag'] = 'hang'
    const error = await collectFailure(
      collectSource({ url: `${base}/traag`, kind: 'dcat' }, { limits: { requestTimeoutMs: 300 } }),
    )
    expect(error.message).toBe(`Pagina 1 gaf binnen 0,3 seconden geen antwoord (${base}/traag).`)
  })

  it('stops the whole collection after the overall time', async () => {
    server.answers['/traag'] = 'hang'
    const error = await collectFailure(
      collectSource({ url: `${base}/traag`, kind: 'dcat' }, { limits: { totalTimeoutMs: 1500 } }),
    )
    expect(error.message).toBe('Het ophalen van de bron duurde langer dan 1,5 seconden.')
  })
})

/** A CKAN package as package_search gives it, with what the collector reads. */
const ckanPackage = (n: number) => ({
  id: `id-${n}`,
  name: `dataset-${n}`,
  title: `Dataset ${n}`,
  notes: `Beschrijving ${n}`,
  license_id: 'cc-by',
  license_url: 'http://www.opendefinition.org/licenses/cc-by',
  metadata_created: '2023-01-01T09:00:00.000000',
  metadata_modified: `2024-0${n}-01T09:00:00.000000`,
  tags: [{ name: 'bomen', display_name: 'Bomen' }, { name: 'groen' }],
  groups: [{ name: 'natuur', title: 'Natuur en milieu' }, { name: 'stad' }],
  resources: [
    {
      name: `Tabel ${n}`,
      url: `https://ckan.example.nl/files/${n}.csv`,
      format: 'CSV',
      mimetype: 'text/csv',
      size: 2048,
    },
    { description: 'Alleen een beschrijving', url: 'https://ckan.example.nl/api', size: 'groot' },
  ],
})

const ckanPage = (count: number, packages: unknown[]) => ({
  type: 'application/json',
  body: JSON.stringify({ help: '…', success: true, result: { count, results: packages } }),
})

describe('collecting a CKAN API', () => {
  it('finds package_search from the site, its API or the action itself', () => {
    const action = 'https://ckan.example.nl/open/api/3/action/package_search'
    for (const url of [
      'https://ckan.example.nl/open',
      'https://ckan.example.nl/open/',
      'https://ckan.example.nl/open/api/3',
      'https://ckan.example.nl/open/api/3/',
      action,
    ]) {
      expect(ckanActionUrl(url)).toEqual({
        action: new URL(action),
        site: 'https://ckan.example.nl/open',
      })
    }
    expect(ckanActionUrl(`${action}?fq=organization:gemeente`).action.href).toBe(
      `${action}?fq=organization:gemeente`,
    )
  })

  // Sorted by id, so a package changed during the run does not move to another page.
  it('pages with rows and start until the count is reached, and maps every package', async () => {
    const path = '/ckan/api/3/action/package_search'
    server.answers[`${path}?rows=2&start=0&sort=id+asc`] = ckanPage(5, [
      ckanPackage(1),
      ckanPackage(2),
    ])
    server.answers[`${path}?rows=2&start=2&sort=id+asc`] = ckanPage(5, [
      ckanPackage(3),
      ckanPackage(4),
    ])
    server.answers[`${path}?rows=2&start=4&sort=id+asc`] = ckanPage(5, [{ name: 'alleen-naam' }])
    const progress: CollectProgress[] = []
    const collected = await collectSource(
      { url: `${base}/ckan`, kind: 'ckan' },
      { limits: { ckanPageSize: 2 }, onProgress: (p) => progress.push(p) },
    )
    expect(server.received.map((r) => r.url)).toEqual([
      `${path}?rows=2&start=0&sort=id+asc`,
      `${path}?rows=2&start=2&sort=id+asc`,
      `${path}?rows=2&start=4&sort=id+asc`,
    ])
    expect(progress).toEqual([
      { pages: 1, records: 2, expected: 5 },
      { pages: 2, records: 4, expected: 5 },
      { pages: 3, records: 5, expected: 5 },
    ])
    expect(collected.expected).toBe(5)
    expect(collected.records.map((r) => r.identifier)).toEqual([
      'id-1',
      'id-2',
      'id-3',
      'id-4',
      'alleen-naam',
    ])
    expect(collected.records[1]).toEqual({
      identifier: 'id-2',
      title: 'Dataset 2',
      description: 'Beschrijving 2',
      keywords: ['Bomen', 'groen'],
      themeIris: [],
      groups: ['Natuur en milieu', 'stad'],
      licence: 'cc-by',
      modified: '2024-02-01T09:00:00.000000',
      issued: '2023-01-01T09:00:00.000000',
      landingPage: `${base}/ckan/dataset/dataset-2`,
      distributions: [
        {
          title: 'Tabel 2',
          url: 'https://ckan.example.nl/files/2.csv',
          format: 'CSV',
          mediaType: 'text/csv',
          size: 2048,
        },
        {
          title: 'Alleen een beschrijving',
          url: 'https://ckan.example.nl/api',
          format: null,
          mediaType: null,
          size: null,
        },
      ],
    })
    expect(collected.records[4]).toMatchObject({
      title: null,
      licence: null,
      keywords: [],
      distributions: [],
      landingPage: `${base}/ckan/dataset/alleen-naam`,
    })
  })

  it('stops at a page without results, when the count was more than there is', async () => {
    const path = '/api/3/action/package_search'
    server.answers[`${path}?rows=100&start=0&sort=id+asc`] = ckanPage(500, [ckanPackage(1)])
    server.answers[`${path}?rows=100&start=1&sort=id+asc`] = ckanPage(500, [])
    const collected = await collectSource({ url: `${base}/api/3`, kind: 'ckan' })
    expect(collected).toMatchObject({ pages: 2, expected: 500 })
    expect(collected.records).toHaveLength(1)
  })

  it("fails on CKAN's error answer, named by its kind", async () => {
    server.answers['/api/3/action/package_search?rows=100&start=0&sort=id+asc'] = {
      status: 409,
      type: 'application/json',
      body: JSON.stringify({
        success: false,
        error: { message: 'Zoekopdracht ongeldig', __type: 'Validation Error' },
      }),
    }
    const error = await collectFailure(collectSource({ url: base, kind: 'ckan' }))
    expect(error.message).toBe(
      `Pagina 1 gaf een CKAN-fout: de zoekvraag is ongeldig, HTTP 409 (${base}/api/3/action/package_search?rows=100&start=0&sort=id+asc)`,
    )
  })
})

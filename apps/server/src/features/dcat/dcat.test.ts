import type { Quad } from 'n3'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestContext } from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'
import { insertHarvestSource, markHarvested } from '../harvesting/testing.ts'
import {
  EXPECTED_WARNINGS,
  parseJsonLd,
  parseRdfXml,
  parseTurtle,
  tripleLines,
  validateDcat,
} from '../../../test/rdf.ts'
import { CATALOGUE_PATH } from './graph.ts'
import { EU, NS } from './vocabulary.ts'

const PUBLIC_URL = 'https://data.voorbeeldstad.nl'
const SPECIAL = `Tabel <b> & "aanhalingen" 'enkel' — één café, ïjs, Ürün`
const ids: Record<string, string> = {}

const DATASET = `${NS.dcat}Dataset`
const TYPE = `${NS.rdf}type`

async function get(query = '', accept?: string) {
  return ctx.app.inject({
    url: `${CATALOGUE_PATH}${query}`,
    headers: accept ? { accept } : {},
  })
}

const turtle = async (query = '') => parseTurtle((await get(query)).body)

const datasetsOf = (quads: readonly Quad[]) =>
  quads
    .filter((q) => q.predicate.value === TYPE && q.object.value === DATASET)
    .map((q) => q.subject.value)

const datasetIri = (id: string) => `${PUBLIC_URL}/documenten/${id}#dataset`

async function addFile(id: string, fileName: string, mediaType: string, position: number) {
  await ctx.db.query(
    `insert into document_files (document_id, position, file_name, media_type, size_bytes, sha256)
     values ($1, $2, $3, $4, $5, $6)`,
    [id, position, fileName, mediaType, 1000 + position, 'b'.repeat(64)],
  )
}

const ctx = useTestContext({
  env: {
    PUBLIC_URL,
    PUBLISHER_URI: 'https://identifier.overheid.nl/tooi/id/gemeente/gm0363',
    PUBLISHER_NAME: 'Gemeente Voorbeeldstad',
    CONTACT_PHONE: '+31 (0)20 123 4567',
  },
})

beforeAll(async () => {
  const db = ctx.db
  ids.plain = await createDocument(db, { title: 'Zonder thema of beschrijving' })
  ids.special = await createDocument(db, {
    title: SPECIAL,
    description: `${SPECIAL}\n${'Lange beschrijving met diakrieten: coördinatie, reëel. '.repeat(170)}`,
    themes: ['Bevolking', 'Eigen thema zonder EU-thema'],
    labels: ['Intern label'],
    contentType: 'Kaart',
    file: {
      fileName: `kaart <&> "één".geojson`,
      mediaType: 'application/geo+json',
      sha256: 'c'.repeat(64),
      size: 5,
    },
  })
  await db.query(`update themes set eu_theme = 'SOCI' where name = 'Bevolking'`)
  ids.manyFiles = await createDocument(db, {
    title: 'Veel bestanden',
    description: 'Een dashboard met veel bijlagen.',
    contentType: 'Dashboard',
    themes: ['Bevolking'],
  })
  const types = [
    'text/csv',
    'application/pdf',
    'application/x-onbekend',
    'image/png',
    'text/csv; charset=utf-8',
  ]
  for (let n = 0; n < 40; n++)
    await addFile(ids.manyFiles, `bestand-${n}.dat`, types[n % types.length]!, n)
  // Loaded tables (features/tables): the GeoJSON's one, and a workbook's two sheets.
  await db.query(
    `insert into data_tables (file_id, sheet_index, sheet, load_status)
     select f.id, s.i, s.sheet, s.status
       from document_files f,
            (values (0, '2024', 'geladen'), (1, 'kladblad', 'mislukt'), (2, '2025 & "later"', 'geladen'))
              as s(i, sheet, status)
      where f.document_id = $1 and f.position = 0
     union all
     select f.id, 0, null, 'geladen' from document_files f where f.document_id = $2`,
    [ids.manyFiles, ids.special],
  )
  ids.otherLicence = await createDocument(db, { title: 'Andere licentie', fileText: 'a;b' })
  await db.query(`update documents set license = $2 where id = $1`, [
    ids.otherLicence,
    `Eigen <licentie> & "voorwaarden"`,
  ])
  ids.urlLicence = await createDocument(db, { title: 'Licentie als URL', fileText: 'a;b' })
  await db.query(
    `update documents set license = 'https://example.org/licentie?x=1&y=2' where id = $1`,
    [ids.urlLicence],
  )
  ids.bySource = await createDocument(db, {
    title: 'Bij de bron',
    description: 'Tabel bij het CBS.',
  })
  await db.query(
    `update documents set license = $2, source_url = 'https://opendata.cbs.nl/statline/#/CBS/nl/dataset/82010NED/table' where id = $1`,
    [ids.bySource, EU.licence('CC_BY_4_0')],
  )
  ids.report = await createDocument(db, {
    title: 'Een rapport',
    contentType: 'Rapport',
    fileText: 'x',
  })
  ids.pending = await createDocument(db, { title: 'Nog niet beoordeeld', status: 'openstaand' })
  ids.deleted = await createDocument(db, { title: 'Verwijderd', deleted: true })
  // Stored as documents stored a licence before its URI: still the listed licence.
  ids.old = await createDocument(db, {
    title: 'Oude dataset',
    fileText: 'a;b',
    license: 'cc-by-sa-4.0',
  })
  await db.query(`update documents set modified_at = '2019-05-01T10:00:00Z' where id = $1`, [
    ids.old,
  ])
  // Harvested from other catalogues: only the source the city publishes is in.
  ids.harvestedElsewhere = await createDocument(db, { title: 'Geoogst, niet gepubliceerd' })
  await markHarvested(
    db,
    ids.harvestedElsewhere,
    await insertHarvestSource(db, { name: 'Provincie', publish: false }),
    [{ title: 'Alles', url: 'https://provincie.example/alles.csv', format: 'CSV' }],
  )
  ids.harvested = await createDocument(db, {
    title: 'Geoogst en gepubliceerd',
    description: 'Bomen van de regio.',
    license: EU.licence('CC_BY_4_0'),
  })
  await markHarvested(
    db,
    ids.harvested,
    await insertHarvestSource(db, { name: 'Regio', publish: true }),
    [
      {
        title: 'Bomen (CSV)',
        url: 'https://regio.example/bomen.csv',
        format: 'csv',
        mediaType: 'text/csv',
        size: 1234567,
      },
      { title: 'Bomen als kaartlaag', url: 'https://regio.example/wms?laag=bomen', format: 'WMS' },
    ],
  )
})

describe('the catalogue', () => {
  it('holds every published data document, and nothing else', async () => {
    const datasets = datasetsOf(await turtle())
    const expected = [
      'plain',
      'special',
      'manyFiles',
      'otherLicence',
      'urlLicence',
      'bySource',
      'old',
      'harvested',
    ]
    expect(datasets.sort()).toEqual(expected.map((key) => datasetIri(ids[key]!)).sort())
  })

  it('speaks Turtle, JSON-LD and RDF/XML with the same graph', async () => {
    const ttl = await get('', 'text/turtle')
    const jsonld = await get('', 'application/ld+json')
    const rdfxml = await get('', 'application/rdf+xml')
    expect(ttl.headers['content-type']).toMatch(/^text\/turtle/)
    expect(jsonld.headers['content-type']).toMatch(/^application\/ld\+json/)
    expect(rdfxml.headers['content-type']).toMatch(/^application\/rdf\+xml/)
    const fromTurtle = tripleLines(parseTurtle(ttl.body))
    expect(fromTurtle.length).toBeGreaterThan(300)
    expect(tripleLines(await parseJsonLd(jsonld.body))).toEqual(fromTurtle)
    expect(tripleLines(await parseRdfXml(rdfxml.body))).toEqual(fromTurtle)
  })

  it('conforms to the DCAT-AP and DCAT-AP-NL shapes in every serialisation', async () => {
    for (const format of ['ttl', 'jsonld', 'rdf']) {
      const body = (await get(`?format=${format}`)).body
      const quads =
        format === 'ttl'
          ? parseTurtle(body)
          : format === 'jsonld'
            ? await parseJsonLd(body)
            : await parseRdfXml(body)
      const { violations, warnings } = await validateDcat(quads)
      expect(violations, format).toEqual([])
      // Recommended, but unknown to the portal: standards, documentation, data services.
      for (const warning of warnings) {
        expect(warning).toMatch(EXPECTED_WARNINGS)
      }
    }
  })

  it('is checked by shapes that do find a missing mandatory property', async () => {
    const quads = (await turtle()).filter((q) => q.predicate.value !== `${NS.dcat}theme`)
    const { violations } = await validateDcat(quads)
    expect(violations.length).toBeGreaterThanOrEqual(7)
    expect(violations.join('\n')).toMatch(/DatasetShape_theme_minCount/)
  })

  it("serves each loaded table's rows as a data service and points at its Table Schema", async () => {
    const quads = await turtle()
    const of = (subject: string, predicate: string) =>
      quads
        .filter((q) => q.subject.value === subject && q.predicate.value === predicate)
        .map((q) => q.object.value)
    const fileOf = async (id: string) =>
      (
        await ctx.db.query<{ id: string }>(
          'select id::text from document_files where document_id = $1 and position = 0',
          [id],
        )
      )[0]?.id ?? ''
    const geojson = await fileOf(ids.special!)
    const distribution = `${PUBLIC_URL}/documenten/${ids.special}#bestand-${geojson}`
    const api = `${PUBLIC_URL}/pubapi/documents/${ids.special}/files/${geojson}`
    const [service = ''] = of(distribution, `${NS.dcat}accessService`)
    expect(of(service, `${NS.rdf}type`)).toEqual([`${NS.dcat}DataService`])
    expect(of(service, `${NS.dcat}endpointURL`)).toEqual([`${api}/rows`])
    expect(of(service, `${NS.dcat}endpointDescription`)).toEqual([`${PUBLIC_URL}/api/docs/json`])
    expect(of(distribution, `${NS.dct}conformsTo`)).toEqual([`${api}/table/schema`])
    // A workbook: one service per loaded sheet, none for the sheet that failed.
    const book = await fileOf(ids.manyFiles!)
    const bookDistribution = `${PUBLIC_URL}/documenten/${ids.manyFiles}#bestand-${book}`
    const bookApi = `${PUBLIC_URL}/pubapi/documents/${ids.manyFiles}/files/${book}`
    expect(of(bookDistribution, `${NS.dct}conformsTo`).sort()).toEqual(
      [
        `${bookApi}/table/schema?sheet=2024`,
        `${bookApi}/table/schema?sheet=2025%20%26%20%22later%22`,
      ].sort(),
    )
    // One service per file (DCAT-AP-NL allows one), its sheets asked for with sheet=.
    expect(of(bookDistribution, `${NS.dcat}accessService`)).toHaveLength(1)
  })

  it('keeps texts with markup characters and diacritics intact', async () => {
    const quads = await turtle()
    const titles = quads
      .filter((q) => q.predicate.value === `${NS.dct}title`)
      .map((q) => q.object.value)
    expect(titles).toContain(SPECIAL)
    expect(titles).toContain(`kaart <&> "één".geojson`)
    const rdfxml = await parseRdfXml((await get('?format=rdf')).body)
    expect(rdfxml.map((q) => q.object.value)).toContain(SPECIAL)
  })

  it('fills the mandatory properties, with fallbacks where the portal has no value', async () => {
    const quads = await turtle()
    const of = (subject: string, predicate: string) =>
      quads
        .filter((q) => q.subject.value === subject && q.predicate.value === predicate)
        .map((q) => q.object.value)
    const plain = datasetIri(ids.plain!)
    expect(of(plain, `${NS.dcat}theme`)).toEqual([EU.dataTheme('GOVE')])
    expect(of(plain, `${NS.dct}description`)).toEqual(['Zonder thema of beschrijving'])
    expect(of(plain, `${NS.dct}publisher`)).toEqual([
      'https://identifier.overheid.nl/tooi/id/gemeente/gm0363',
    ])
    expect(of(plain, `${NS.dct}accessRights`)).toEqual([EU.accessRightPublic])
    expect(of(plain, `${NS.dcat}landingPage`)).toEqual([`${PUBLIC_URL}/documenten/${ids.plain}`])
    const special = datasetIri(ids.special!)
    expect(of(special, `${NS.dcat}theme`)).toEqual([EU.dataTheme('SOCI')])
    // Themes are keywords; labels are internal and never published.
    expect(of(special, `${NS.dcat}keyword`).sort()).toEqual([
      'Bevolking',
      'Eigen thema zonder EU-thema',
    ])
    expect(quads.some((q) => q.object.value === 'Intern label')).toBe(false)
    expect(of(datasetIri(ids.manyFiles!), `${NS.dcat}distribution`)).toHaveLength(40)
    const contact = of(datasetIri(ids.plain!), `${NS.dcat}contactPoint`)[0]!
    expect(of(contact, `${NS.vcard}hasTelephone`)).toEqual(['tel:+310201234567'])
  })

  it('maps the licences to the EU licence list, and describes others by their text', async () => {
    const quads = await turtle()
    const licences = quads
      .filter((q) => q.predicate.value === `${NS.dct}license`)
      .map((q) => q.object)
    const iris = new Set(licences.filter((t) => t.termType === 'NamedNode').map((t) => t.value))
    expect(iris).toEqual(
      new Set([
        EU.licence('CC0'),
        EU.licence('CC_BY_4_0'),
        EU.licence('CC_BYSA_4_0'),
        'https://example.org/licentie?x=1&y=2',
      ]),
    )
    const labelOf = (iri: string) =>
      quads.find((q) => q.subject.value === iri && q.predicate.value === `${NS.rdfs}label`)?.object
        .value
    expect(labelOf(EU.licence('CC_BY_4_0'))).toBe(
      'CC BY 4.0 (vrij te gebruiken met bronvermelding)',
    )
    const other = licences.find((t) => t.termType === 'BlankNode')!
    const label = quads.find(
      (q) => q.subject.equals(other) && q.predicate.value === `${NS.rdfs}label`,
    )
    expect(label?.object.value).toBe(`Eigen <licentie> & "voorwaarden"`)
  })

  it('gives a file its download URL, IANA media type, EU file type and size', async () => {
    const quads = await turtle()
    const of = (predicate: string) =>
      quads.filter((q) => q.predicate.value === predicate).map((q) => q.object.value)
    expect(of(`${NS.dcat}downloadURL`)).toContain(
      `${PUBLIC_URL}/pubapi/documents/${ids.otherLicence}/files/${
        (
          await ctx.db.query<{ id: string }>(
            'select id::text from document_files where document_id = $1',
            [ids.otherLicence],
          )
        )[0]!.id
      }`,
    )
    expect(of(`${NS.dcat}mediaType`)).toContain(
      'https://www.iana.org/assignments/media-types/text/csv',
    )
    expect(of(`${NS.dcat}mediaType`)).toContain(
      'https://www.iana.org/assignments/media-types/application/x-onbekend',
    )
    expect(of(`${NS.dct}format`)).toContain(EU.fileType('GEOJSON'))
    expect(of(`${NS.dcat}byteSize`)).toContain('1039')
  })

  it('gives a harvested dataset its links at the source as distributions, and holds no copy', async () => {
    const quads = await turtle()
    const objects = (subject: string, predicate: string) =>
      quads
        .filter((q) => q.subject.value === subject && q.predicate.value === predicate)
        .map((q) => q.object.value)
    const distributions = objects(datasetIri(ids.harvested!), `${NS.dcat}distribution`)
    expect(distributions).toHaveLength(2)
    const [csv, wms] = [
      'https://regio.example/bomen.csv',
      'https://regio.example/wms?laag=bomen',
    ].map((url) => distributions.find((d) => objects(d, `${NS.dcat}accessURL`).includes(url))!)
    expect(objects(csv!, `${NS.dct}title`)).toEqual(['Bomen (CSV)'])
    expect(objects(csv!, `${NS.dcat}downloadURL`)).toEqual(['https://regio.example/bomen.csv'])
    expect(objects(csv!, `${NS.dct}format`)).toEqual([EU.fileType('CSV')])
    expect(objects(csv!, `${NS.dcat}mediaType`)).toEqual([
      'https://www.iana.org/assignments/media-types/text/csv',
    ])
    expect(objects(csv!, `${NS.dcat}byteSize`)).toEqual(['1234567'])
    expect(objects(csv!, `${NS.dct}license`)).toEqual([EU.licence('CC_BY_4_0')])
    expect(objects(csv!, `${NS.dct}language`)).toEqual([EU.languageDutch])
    // A format the EU file types do not list, without media type or size: none of those.
    expect(objects(wms!, `${NS.dcat}downloadURL`)).toEqual(['https://regio.example/wms?laag=bomen'])
    expect(objects(wms!, `${NS.dct}format`)).toEqual([])
    expect(objects(wms!, `${NS.dcat}mediaType`)).toEqual([])
    expect(objects(wms!, `${NS.dcat}byteSize`)).toEqual([])
    expect(quads.map((q) => q.object.value)).not.toContain('https://provincie.example/alles.csv')
  })

  it('returns only what changed after modified_since', async () => {
    const recent = datasetsOf(await turtle('?modified_since=2020-01-01'))
    expect(recent).not.toContain(datasetIri(ids.old!))
    expect(recent).toHaveLength(7)
    const all = datasetsOf(await turtle('?modified_since=2019-01-01T00:00:00Z'))
    expect(all).toContain(datasetIri(ids.old!))
  })
})

describe('negotiation and paging', () => {
  it('answers Turtle to browsers and to no Accept at all, 406 to what it cannot give', async () => {
    expect((await get()).headers['content-type']).toMatch(/^text\/turtle/)
    const browser = await get('', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')
    expect(browser.headers['content-type']).toMatch(/^text\/turtle/)
    const ranked = await get('', 'text/turtle;q=0.5, application/rdf+xml')
    expect(ranked.headers['content-type']).toMatch(/^application\/rdf\+xml/)
    const refused = await get('', 'image/png')
    expect(refused.statusCode).toBe(406)
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect((await get('?format=jsonld', 'image/png')).statusCode).toBe(200)
  })

  it('links its pages with Hydra', async () => {
    const quads = await turtle()
    const of = (predicate: string) =>
      quads.filter((q) => q.predicate.value === predicate).map((q) => q.object.value)
    // The harvested dataset of a source the city does not publish is not counted either.
    expect(of(`${NS.hydra}totalItems`)).toEqual(['8'])
    expect(of(`${NS.hydra}first`)).toEqual([`${PUBLIC_URL}/catalogus?page=1`])
    expect(of(`${NS.hydra}last`)).toEqual([`${PUBLIC_URL}/catalogus?page=1`])
    expect(of(`${NS.hydra}next`)).toEqual([])
  })

  it('refuses bad input with 422 problem details, and a page past the last with 404', async () => {
    for (const query of [
      '?page=0',
      '?page=abc',
      '?page=1.5',
      '?page=100001',
      '?modified_since=gisteren',
      '?modified_since=2024-02-30x',
      '?format=xml',
    ]) {
      const response = await get(query)
      expect(response.statusCode, query).toBe(422)
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
    }
    expect((await get('?page=2')).statusCode).toBe(404)
  })
})

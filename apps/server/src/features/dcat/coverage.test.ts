import { scoreQuality } from '@dataportaal/contract'
import type { Quad } from 'n3'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestContext } from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'
import { EXPECTED_WARNINGS, parseTurtle, validateDcat } from '../../../test/rdf.ts'
import { qualityOf } from '../quality/service.ts'
import { CATALOGUE_PATH } from './graph.ts'
import { qualityInputsOfGraph } from './quality.ts'
import { NS } from './vocabulary.ts'

const PUBLIC_URL = 'https://data.voorbeeldstad.nl'
const CITY = 'https://identifier.overheid.nl/tooi/id/gemeente/gm0363'
const PROVINCE = 'https://identifier.overheid.nl/tooi/id/provincie/pv27'
let quads: Quad[]
const ids: Record<string, string> = {}

const datasetIri = (id: string) => `${PUBLIC_URL}/documenten/${id}#dataset`
const objects = (subject: string, predicate: string) =>
  quads
    .filter((q) => q.subject.value === subject && q.predicate.value === predicate)
    .map((q) => q.object)

const ctx = useTestContext({ env: { PUBLIC_URL, PUBLISHER_URI: CITY } })

beforeAll(async () => {
  const db = ctx.db
  ids.plain = await createDocument(db, { title: 'Zonder periode of gebied', fileText: 'a;b' })
  ids.covered = await createDocument(db, {
    title: 'Met periode en gebied',
    themes: ['Bevolking'],
    fileText: 'a;b',
  })
  await db.query(
    `update documents set temporal_start = '2020-01-01', temporal_end = '2023-12-31',
            spatial_uri = $2 where id = $1`,
    [ids.covered, PROVINCE],
  )
  ids.map = await createDocument(db, {
    title: 'Speeltuinen',
    contentType: 'Kaart',
    themes: ['Recreatie'],
    file: {
      fileName: 'speeltuinen.geojson',
      mediaType: 'application/geo+json',
      sha256: 'd'.repeat(64),
      size: 50,
    },
  })
  await db.query(`update documents set temporal_start = '2024-06-01' where id = $1`, [ids.map])
  // The table loader's statistics of the GeoJSON file: its geometry column's box.
  await db.query(
    `insert into data_tables (file_id, load_status, schema)
     select f.id, 'geladen', $2::jsonb from document_files f where f.document_id = $1`,
    [
      ids.map,
      JSON.stringify({
        fields: [
          {
            name: 'geometry',
            type: 'geojson',
            stats: {
              emptyCount: 0,
              distinctCount: 2,
              distinctCapped: false,
              examples: [],
              bbox: [4.7, 52.3, 5.0, 52.45],
            },
          },
        ],
        missingValues: [''],
      }),
    ],
  )
  quads = parseTurtle((await ctx.app.inject({ url: `${CATALOGUE_PATH}?page=1` })).body)
})

describe('the period and the area in the catalogue', () => {
  it('publishes dct:temporal with its start and end dates', () => {
    const [period] = objects(datasetIri(ids.covered!), `${NS.dct}temporal`)
    expect(objects(period!.value, `${NS.rdf}type`).map((t) => t.value)).toEqual([
      `${NS.dct}PeriodOfTime`,
    ])
    expect(objects(period!.value, `${NS.dcat}startDate`).map((t) => t.value)).toEqual([
      '2020-01-01',
    ])
    expect(objects(period!.value, `${NS.dcat}endDate`).map((t) => t.value)).toEqual(['2023-12-31'])
    // An open end is left out, not invented.
    const [open] = objects(datasetIri(ids.map!), `${NS.dct}temporal`)
    expect(objects(open!.value, `${NS.dcat}endDate`)).toEqual([])
    expect(objects(datasetIri(ids.plain!), `${NS.dct}temporal`)).toEqual([])
  })

  it("publishes the document's own area, else the city's", () => {
    expect(objects(datasetIri(ids.covered!), `${NS.dct}spatial`).map((t) => t.value)).toEqual([
      PROVINCE,
    ])
    expect(objects(datasetIri(ids.plain!), `${NS.dct}spatial`).map((t) => t.value)).toEqual([CITY])
    expect(objects(CITY, `${NS.rdf}type`).map((t) => t.value)).toContain(`${NS.dct}Location`)
  })

  it('publishes the box around the GeoJSON files as dcat:bbox', () => {
    const boxes = objects(datasetIri(ids.map!), `${NS.dct}spatial`).flatMap((area) =>
      objects(area.value, `${NS.dcat}bbox`),
    )
    expect(boxes.map((box) => box.value)).toEqual([
      'POLYGON((4.7 52.3, 5 52.3, 5 52.45, 4.7 52.45, 4.7 52.3))',
    ])
  })

  it('still conforms to the DCAT-AP-NL shapes', async () => {
    const { violations, warnings } = await validateDcat(quads)
    expect(violations).toEqual([])
    for (const warning of warnings) expect(warning).toMatch(EXPECTED_WARNINGS)
  })
})

describe("the portal's quality score", () => {
  it('is what the published graph earns, document by document', async () => {
    const fromGraph = qualityInputsOfGraph(quads, () => 'ok')
    const scores = await qualityOf(ctx.db, CITY, Object.values(ids))
    for (const id of Object.values(ids)) {
      expect(scores.get(id), id).toEqual(scoreQuality(fromGraph.get(datasetIri(id))!))
    }
    // Filled in: period, area, a theme as keyword, an open machine-readable file.
    expect(scores.get(ids.covered!)!.score).toBe(405)
    // No theme (keyword: 30) and no period (20).
    expect(scores.get(ids.plain!)!.score).toBe(355)
  })
})

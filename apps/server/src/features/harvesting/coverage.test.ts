import { Parser } from 'n3'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestDb } from '../../../test/db.ts'
import type {} from '../../db/client.ts'
import { recordsOf } from './collect/dcat-records.ts'
import { PageGraph } from './collect/rdf-graph.ts'
import { mapRecords } from './map.ts'
import type { HarvestedRecord } from './record.ts'
import { loadThemeVocabulary, type ThemeVocabulary } from './vocabulary.ts'

const PROVINCE = 'https://identifier.overheid.nl/tooi/id/provincie/pv27'

const record = (overrides: Partial<HarvestedRecord> = {}): HarvestedRecord => ({
  identifier: 'rec-1',
  title: 'Bomen in de stad',
  description: 'Alle bomen.',
  keywords: [],
  themeIris: [],
  groups: [],
  licence: 'cc-zero',
  modified: '2025-03-04',
  issued: null,
  landingPage: 'https://data.example.org/dataset/bomen',
  distributions: [],
  ...overrides,
})

let vocabulary: ThemeVocabulary
const db = useTestDb()

beforeAll(async () => {
  vocabulary = await loadThemeVocabulary(db)
})

const itemOf = (overrides: Partial<HarvestedRecord>) =>
  mapRecords([record(overrides)], vocabulary, 'Open data Voorbeeld').items[0]!

describe('the period and the area of a harvested record', () => {
  it('reads dct:temporal and dct:spatial from a DCAT page', () => {
    const quads = new Parser().parse(`
      @prefix dcat: <http://www.w3.org/ns/dcat#> . @prefix dct: <http://purl.org/dc/terms/> .
      @prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
      <https://bron.example/ds/1> a dcat:Dataset ; dct:title "Bomen"@nl ;
        dct:spatial <${PROVINCE}> ;
        dct:temporal [ a dct:PeriodOfTime ; dcat:startDate "2020-01-01"^^xsd:date ;
                       dcat:endDate "2023-12-31"^^xsd:date ] .`)
    const [harvested] = recordsOf(new PageGraph(quads))
    expect(harvested?.temporal).toEqual({ start: '2020-01-01', end: '2023-12-31' })
    expect(harvested?.spatial).toBe(PROVINCE)
  })

  it('keeps real dates and an http(s) area, and drops a period that ends before it starts', () => {
    expect(
      itemOf({ temporal: { start: '2020-01-01T00:00:00Z', end: null }, spatial: PROVINCE }),
    ).toMatchObject({ temporalStart: '2020-01-01', temporalEnd: null, spatial: PROVINCE })
    expect(itemOf({ temporal: { start: '2020-02-30', end: 'gisteren' } })).toMatchObject({
      temporalStart: null,
      temporalEnd: null,
    })
    expect(
      itemOf({ temporal: { start: '2024-01-01', end: '2020-01-01' } }).temporalStart,
    ).toBeNull()
    expect(itemOf({ spatial: 'urn:x-gebied:1' }).spatial).toBeNull()
  })

  it('fingerprints a record without period or area as before, and one with them differently', () => {
    const plain = itemOf({})
    expect(itemOf({ temporal: undefined, spatial: null }).fingerprint).toBe(plain.fingerprint)
    expect(itemOf({ spatial: PROVINCE }).fingerprint).not.toBe(plain.fingerprint)
  })
})

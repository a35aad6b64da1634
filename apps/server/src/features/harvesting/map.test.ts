import { DOCUMENT_LIMITS, EU_LICENCE_LIST } from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestDb } from '../../../test/db.ts'
import { addSynonyms } from '../../../test/factories.ts'
import type {} from '../../db/client.ts'
import { ensureNamed } from '../vocabulary/service.ts'
import { licenceUri } from './licences.ts'
import { mapRecords, type MappedItem } from './map.ts'
import type { HarvestedRecord } from './record.ts'
import { loadThemeVocabulary, type ThemeVocabulary } from './vocabulary.ts'

const CC0 = `${EU_LICENCE_LIST}CC0`
const CC_BY = `${EU_LICENCE_LIST}CC_BY_4_0`

const record = (overrides: Partial<HarvestedRecord> = {}): HarvestedRecord => ({
  identifier: 'rec-1',
  title: 'Bomen in de stad',
  description: 'Alle bomen.',
  keywords: [],
  themeIris: [],
  groups: [],
  licence: 'cc-zero',
  modified: '2025-03-04T10:11:12Z',
  issued: '2020-01-01',
  landingPage: 'https://data.example.org/dataset/bomen',
  distributions: [],
  ...overrides,
})

let vocabulary: ThemeVocabulary

const db = useTestDb()

beforeAll(async () => {
  await ensureNamed(db, 'themes', 'Natuur')
  await addSynonyms(db, 'Verkeer', ['Mobiliteit', 'Wegen'])
  // A synonym of two themes stands for neither.
  await addSynonyms(db, 'Wonen', ['Wijken'])
  await addSynonyms(db, 'Bevolking', ['Wijken'])
  await db.query(`update themes set eu_theme = 'TRAN' where name = 'Verkeer'`)
  // Two portal themes map to ENVI: the EU theme alone cannot choose.
  await db.query(`update themes set eu_theme = 'ENVI' where name in ('Natuur', 'Wonen')`)
  vocabulary = await loadThemeVocabulary(db)
})

const mapOne = (overrides: Partial<HarvestedRecord>) => {
  const mapped = mapRecords([record(overrides)], vocabulary, 'Open data Voorbeeld')
  return { item: mapped.items[0], refusal: mapped.refusals[0], mapped }
}
const itemOf = (overrides: Partial<HarvestedRecord>): MappedItem => {
  const { item, refusal } = mapOne(overrides)
  if (!item) throw new Error(`refused: ${refusal?.reason}`)
  return item
}
const reasonOf = (overrides: Partial<HarvestedRecord>) => mapOne(overrides).refusal?.reason

describe('licences', () => {
  it.each([
    ['cc-zero', CC0],
    ['CC0', CC0],
    ['cc0-1.0', CC0],
    ['CC-BY-4.0', CC_BY],
    ['cc-by', CC_BY],
    ['cc-by-sa', `${EU_LICENCE_LIST}CC_BYSA_4_0`],
    ['odc-odbl', `${EU_LICENCE_LIST}ODC_BL`],
    ['odc-by', `${EU_LICENCE_LIST}ODC_BY`],
    ['odc-pddl', `${EU_LICENCE_LIST}ODC_PDDL`],
    ['https://creativecommons.org/publicdomain/zero/1.0/', CC0],
    ['http://creativecommons.org/licenses/by/4.0/deed.nl', CC_BY],
    ['https://creativecommons.org/licenses/by/4.0', CC_BY],
    ['https://creativecommons.org/licenses/by-sa/4.0/legalcode', `${EU_LICENCE_LIST}CC_BYSA_4_0`],
    ['https://publications.europa.eu/resource/authority/licence/CC_BY_4_0', CC_BY],
    [`${EU_LICENCE_LIST}EUPL_1_2`, `${EU_LICENCE_LIST}EUPL_1_2`],
  ])('reads %s as %s', (given, uri) => {
    expect(licenceUri(given)).toBe(uri)
    expect(itemOf({ licence: given }).licence).toBe(uri)
  })

  it('refuses a record whose licence it does not know, or that has none', () => {
    expect(licenceUri('https://creativecommons.org/licenses/by-nc/4.0/')).toBeUndefined()
    expect(reasonOf({ licence: 'Alle rechten voorbehouden' })).toBe(
      'Onbekende licentie: Alle rechten voorbehouden',
    )
    expect(reasonOf({ licence: null })).toBe('Geen licentie')
    expect(reasonOf({ licence: '  ' })).toBe('Geen licentie')
  })
})

describe('titles and text', () => {
  it('cleans a title to one line without control characters', () => {
    expect(itemOf({ title: '  Bomen\u0000 in de\r\nstad\t2024 \u0085' }).title).toBe(
      'Bomen in de stad 2024',
    )
  })

  it('cuts a long title with an ellipsis', () => {
    const title = itemOf({ title: 'Lang '.repeat(100) }).title
    expect(title).toHaveLength(DOCUMENT_LIMITS.titleMax)
    expect(title.endsWith('…')).toBe(true)
  })

  it('refuses a record without a (long enough) title, naming it by its identifier', () => {
    expect(mapOne({ title: null }).refusal).toEqual({
      identifier: 'rec-1',
      title: null,
      reason: 'Geen titel',
    })
    expect(reasonOf({ title: ' a\u0001 ' })).toBe('Geen titel')
    // Three UTF-16 units, two characters: the database counts characters.
    expect(reasonOf({ title: '😀a' })).toBe('Geen titel')
    expect(itemOf({ title: '😀ab' }).title).toBe('😀ab')
  })

  it('keeps the lines of a description, without control characters, and cuts it', () => {
    expect(itemOf({ description: 'Regel 1\r\nRegel\u0007 2\n' }).description).toBe(
      'Regel 1\nRegel 2',
    )
    expect(itemOf({ description: 'x'.repeat(20_000) }).description).toHaveLength(
      DOCUMENT_LIMITS.descriptionMax,
    )
    expect(itemOf({ description: null }).description).toBe('')
  })

  it('takes the date of modified, else issued, and ignores what is no date', () => {
    expect(itemOf({}).date).toBe('2025-03-04')
    expect(itemOf({ modified: 'gisteren' }).date).toBe('2020-01-01')
    expect(itemOf({ modified: '2025-02-30', issued: null }).date).toBeNull()
  })
})

describe('identifiers', () => {
  it('refuses a record without an identifier, naming it by its position', () => {
    const mapped = mapRecords(
      [record(), record({ identifier: ' ', title: 'Zonder id' })],
      vocabulary,
      'Bron',
    )
    expect(mapped.refusals).toEqual([
      { identifier: 'record 2', title: 'Zonder id', reason: 'Geen identificatie' },
    ])
  })

  it('refuses an identifier longer than an index entry may be, in bytes', () => {
    expect(itemOf({ identifier: 'a'.repeat(1000) }).identifier).toHaveLength(1000)
    // 400 characters of three bytes each: short in characters, too long for the index.
    expect(reasonOf({ identifier: '€'.repeat(400) })).toBe('Identificatie langer dan 1000 bytes')
  })

  it('refuses the second record with the same identifier', () => {
    const mapped = mapRecords(
      [record(), record({ title: 'Tweede' }), record({ identifier: 'rec-2' })],
      vocabulary,
      'Bron',
    )
    expect(mapped.items.map((item) => item.identifier)).toEqual(['rec-1', 'rec-2'])
    expect(mapped.refusals).toEqual([
      { identifier: 'rec-1', title: 'Tweede', reason: 'Dubbele identificatie in de bron' },
    ])
    expect([...mapped.listed]).toEqual(['rec-1', 'rec-2'])
  })
})

describe('URLs and distributions', () => {
  it('refuses a landing page that is no http(s) URL', () => {
    expect(reasonOf({ landingPage: 'ftp://data.example.org/x' })).toBe(
      'Ongeldige URL: ftp://data.example.org/x',
    )
    expect(reasonOf({ landingPage: `https://example.org/${'a'.repeat(2000)}` })).toMatch(
      /^Ongeldige URL: /,
    )
    expect(itemOf({ landingPage: null }).sourceUrl).toBeNull()
  })

  it('stores a landing page and a link as valid IRIs, with what an IRI may not hold encoded', () => {
    const arcgis =
      'https://gis.example.org/arcgis/rest/services/{Bomen}/MapServer/0/query?where=a|b^c`d\\e&f=[1]'
    const item = itemOf({
      landingPage: `${arcgis}#kaart`,
      distributions: [
        { title: 'GeoJSON', url: arcgis, format: 'GeoJSON', mediaType: null, size: null },
      ],
    })
    const encoded =
      'https://gis.example.org/arcgis/rest/services/%7BBomen%7D/MapServer/0/query?where=a%7Cb%5Ec%60d%5Ce&f=%5B1%5D'
    expect(item.sourceUrl).toBe(`${encoded}#kaart`)
    expect(item.links.map((link) => link.url)).toEqual([encoded])
  })

  it('turns distributions into links, and refuses a record with a file without a URL', () => {
    const item = itemOf({
      distributions: [
        {
          title: 'Bomen CSV',
          url: 'https://data.example.org/bomen.csv',
          format: 'CSV',
          mediaType: 'text/csv',
          size: 1234,
        },
        {
          title: null,
          url: 'https://data.example.org/bomen.json',
          format: 'JSON',
          mediaType: null,
          size: -1,
        },
        {
          title: null,
          url: 'https://data.example.org/x',
          format: null,
          mediaType: null,
          size: null,
        },
      ],
    })
    expect(item.links).toEqual([
      {
        title: 'Bomen CSV',
        url: 'https://data.example.org/bomen.csv',
        format: 'CSV',
        mediaType: 'text/csv',
        size: 1234,
      },
      {
        // A format the portal knows by name gives its media type (the results name it).
        title: 'JSON',
        url: 'https://data.example.org/bomen.json',
        format: 'JSON',
        mediaType: 'application/json',
        size: null,
      },
      {
        title: 'Bestand',
        url: 'https://data.example.org/x',
        format: null,
        mediaType: null,
        size: null,
      },
    ])
    expect(
      reasonOf({
        distributions: [
          { title: 'Kaart', url: 'javascript:alert(1)', format: null, mediaType: null, size: null },
        ],
      }),
    ).toBe('Ongeldige URL bij bestand 1 (Kaart): javascript:alert(1)')
  })

  it('keeps at most 50 links', () => {
    const distributions = Array.from({ length: 60 }, (_, i) => ({
      title: `Deel ${i}`,
      url: `https://data.example.org/${i}.csv`,
      format: null,
      mediaType: null,
      size: null,
    }))
    expect(itemOf({ distributions }).links).toHaveLength(50)
  })
})

describe('themes', () => {
  it('maps keywords and groups by name or by the one theme they are a synonym of', () => {
    expect(itemOf({ keywords: ['natuur', 'Mobiliteit'], groups: ['Wijken'] }).themes).toEqual([
      'Natuur',
      'Verkeer',
    ])
  })

  it('maps an EU data theme only when no keyword or group gave a theme and one theme has it', () => {
    const tran = 'http://publications.europa.eu/resource/authority/data-theme/TRAN'
    const envi = 'http://publications.europa.eu/resource/authority/data-theme/ENVI'
    expect(itemOf({ themeIris: [tran] }).themes).toEqual(['Verkeer'])
    expect(itemOf({ themeIris: [tran], keywords: ['Natuur'] }).themes).toEqual(['Natuur'])
    expect(itemOf({ themeIris: [envi] }).themes).toEqual([])
  })

  it('counts what no portal theme stands for, once per record', () => {
    const gove = 'http://publications.europa.eu/resource/authority/data-theme/GOVE'
    const mapped = mapRecords(
      [
        record({ identifier: 'a', groups: ['Sport', 'sport'], themeIris: [gove] }),
        record({ identifier: 'b', keywords: ['Sport', 'Natuur'], themeIris: [gove] }),
        record({ identifier: 'c', keywords: ['Wijken'] }),
      ],
      vocabulary,
      'Bron',
    )
    expect(mapped.unmappedThemes).toEqual([
      { name: 'Overheid en publieke sector (EU-datathema)', count: 2 },
      { name: 'Sport', count: 2 },
      { name: 'Wijken', count: 1 },
    ])
  })

  it('gives a document at most 10 themes', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `Thema ${i + 1}`)
    for (const name of names) await ensureNamed(db, 'themes', name)
    const item = mapRecords([record({ keywords: names })], await loadThemeVocabulary(db), 'Bron')
      .items[0]
    expect(item?.themes).toEqual(names.slice(0, 10))
  })
})

describe('fingerprints', () => {
  it('is the same for the same record and differs when anything written differs', () => {
    const base = itemOf({}).fingerprint
    expect(itemOf({}).fingerprint).toBe(base)
    expect(itemOf({ description: 'Andere tekst.' }).fingerprint).not.toBe(base)
    expect(itemOf({ keywords: ['Natuur'] }).fingerprint).not.toBe(base)
    const renamed = mapRecords([record()], vocabulary, 'Andere bron').items[0]
    expect(renamed?.fingerprint).not.toBe(base)
  })
})

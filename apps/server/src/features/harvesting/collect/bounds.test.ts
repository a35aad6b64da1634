import { DOCUMENT_LIMITS } from '@dataportaal/contract'
import fc from 'fast-check'
import { Parser } from 'n3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HARVEST_MAPPING_LIMITS, createMappingContext, mapRecord, mapRecords } from '../map.ts'
import type { HarvestedDistribution, HarvestedRecord } from '../record.ts'
import type { ThemeVocabulary } from '../vocabulary.ts'
import { boundRecord } from './bounds.ts'
import { recordsOf } from './dcat-records.ts'
import { collectSource } from './index.ts'
import { PageGraph } from './rdf-graph.ts'
import { startTestSource, type TestSource } from './test-source.ts'

const VOCABULARY: ThemeVocabulary = {
  names: new Map([
    ['natuur', 'Natuur'],
    ['verkeer', 'Verkeer'],
  ]),
  synonyms: new Map([['groen', ['Natuur']]]),
  euThemes: new Map([['ENVI', ['Natuur']]]),
}

/**
 * Text as sources write it: short or far over every limit, with runs of what cleaning
 * removes or collapses, and characters cutting must not split.
 */
const token = fc.oneof(
  fc.constantFrom('a', 'B', 'é', '😀', '…', '/', '.', 'woord'),
  fc.string({
    unit: fc.constantFrom(' ', '\n', '\r', '\t', '\u0000'),
    minLength: 1,
    maxLength: 40,
  }),
)
const piece = fc.array(token, { maxLength: 300 }).map((tokens) => tokens.join(''))
const text = fc.oneof(
  piece,
  fc.tuple(piece, fc.integer({ min: 1, max: 60 })).map(([part, n]) => part.repeat(n)),
)
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null })
const prefixed = (...prefixes: string[]) =>
  fc.tuple(fc.constantFrom(...prefixes), text).map(([prefix, rest]) => `${prefix}${rest}`)
const url = prefixed('https://example.org/', ' http://data.example.nl/a?b=', 'ftp://x/', '')
const distribution: fc.Arbitrary<HarvestedDistribution> = fc.record({
  title: maybe(text),
  url: maybe(url),
  format: maybe(fc.oneof(fc.constantFrom('CSV', ' geojson '), text)),
  mediaType: maybe(fc.oneof(fc.constantFrom('text/csv'), text)),
  size: maybe(fc.nat()),
})
const record: fc.Arbitrary<HarvestedRecord> = fc.record({
  identifier: fc.oneof(prefixed('id-', ' '), text),
  title: maybe(text),
  description: maybe(text),
  keywords: fc.array(fc.oneof(fc.constantFrom('natuur', ' GROEN ', 'verkeer'), text), {
    maxLength: 4,
  }),
  themeIris: fc.array(
    prefixed('http://publications.europa.eu/resource/authority/data-theme/ENVI', 'x'),
    { maxLength: 2 },
  ),
  groups: fc.array(text, { maxLength: 2 }),
  licence: maybe(
    fc.oneof(
      fc.constantFrom('cc-by', ' CC0 ', 'https://creativecommons.org/licenses/by/4.0/'),
      text,
    ),
  ),
  modified: maybe(prefixed('2024-05-01', '2024-02-30', ' ')),
  issued: maybe(prefixed('2023-01-01T10:00:00Z', '')),
  landingPage: maybe(url),
  distributions: fc.array(distribution, { maxLength: 60 }),
})

describe('cutting records in the collecting thread', () => {
  it('maps a cut record as the whole one', () => {
    fc.assert(
      fc.property(record, (whole) => {
        const cut = boundRecord(whole)
        const fromCut = mapRecord(cut, createMappingContext(VOCABULARY, 'Bron'))
        const fromWhole = mapRecord(whole, createMappingContext(VOCABULARY, 'Bron'))
        expect(fromCut).toEqual(fromWhole)
      }),
      { numRuns: 300 },
    )
  })

  describe('through a source', () => {
    let source: TestSource
    beforeAll(async () => {
      source = await startTestSource()
    })
    afterAll(() => source.close())

    it('sends the server records no larger than what the portal stores', async () => {
      const long = (word: string, length: number) => word.repeat(Math.ceil(length / word.length))
      const files = Array.from(
        { length: 60 },
        (_, n) => `<ds/a#f${n}> dcat:downloadURL <https://example.org/${n}.csv> .`,
      )
      const body = `
@prefix dcat: <http://www.w3.org/ns/dcat#> .
@prefix dct: <http://purl.org/dc/terms/> .
${Array.from(
  { length: 4 },
  (_, n) => `<ds/${n}> a dcat:Dataset ;
  dct:identifier "${n}-${n === 0 ? long('x', 5_000) : 'kort'}" ;
  dct:title "${long('Titel ', 5_000)}" ;
  dct:description "${long('Een lange beschrijving. ', 1_000_000)}" ;
  dct:license <http://publications.europa.eu/resource/authority/licence/CC_BY_4_0> ;
  dcat:landingPage <https://example.org/${n < 2 ? long('pad/', 5_000) : 'kort'}> .`,
).join('\n')}
<ds/a> a dcat:Dataset ;
  dct:title "Veel bestanden" ;
  dct:license <http://publications.europa.eu/resource/authority/licence/CC0> ;
  dcat:distribution ${files.map((_, n) => `<ds/a#f${n}>`).join(', ')} .
${files.join('\n')}
`
      source.answers['/groot'] = { body }
      const collected = await collectSource({ url: `${source.base}/groot`, kind: 'dcat' })

      const [first] = collected.records
      expect(first?.description).toHaveLength(DOCUMENT_LIMITS.descriptionMax)
      expect(first?.title).toHaveLength(DOCUMENT_LIMITS.titleMax)
      expect(first?.identifier.length).toBeLessThan(1_010)
      expect(first?.landingPage?.length).toBeLessThan(2_010)
      expect(collected.records[4]?.distributions).toHaveLength(HARVEST_MAPPING_LIMITS.linksMax)
      const size = JSON.stringify(collected).length
      expect(size).toBeLessThan(100_000)

      // And the portal takes in from them exactly what it takes from the whole records.
      const whole = recordsOf(
        new PageGraph(new Parser({ baseIRI: `${source.base}/groot` }).parse(body)),
      )
      expect(mapRecords(collected.records, VOCABULARY, 'Bron')).toEqual(
        mapRecords(whole, VOCABULARY, 'Bron'),
      )
    })
  })
})

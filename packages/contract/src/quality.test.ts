import { describe, expect, it } from 'vitest'
import { qualityInputOf } from './quality-input.ts'
import { qualityRating, scoreQuality, type QualityInput } from './quality.ts'

const EU = 'http://publications.europa.eu/resource/authority'
const IANA = 'https://www.iana.org/assignments/media-types'

/**
 * A harvested dataset with three distributions, computed by hand with the points of
 * docs/publication.md ("How each point is earned"):
 *
 * Findability (max 100): keywords yes 30, theme yes 30, spatial yes 20, temporal no 0 = 80.
 *
 * Accessibility (max 100), the share of the 3 distributions times the points:
 *   accessURL reachable: A ok, B kapot, C onbekend (counts) -> 2/3 x 50 = 33.33 -> 33
 *   downloadURL present: A, B; C has none            -> 2/3 x 20 = 13.33 -> 13
 *   downloadURL reachable: A only (B kapot, C none)   -> 1/3 x 30 = 10
 *   = 33 + 13 + 10 = 56.
 *
 * Interoperability (max 110), the best distribution only, plus DCAT-AP compliance:
 *   A: CSV IRI, text/csv -> format 20 + media type 10 + both from vocabulary 10
 *      + non-proprietary 20 + machine-readable 20 = 80
 *   B: PDF IRI, no media type -> 20 + 0 + 5 (format only) + 0 + 0 = 25
 *   C: format 'WMS' (not an IRI), no media type -> 20 + 0 + 0 + 0 + 0 = 20
 *   best = A, 80; DCAT-AP compliance 30 -> 110.
 *
 * Reusability (max 75):
 *   licence present on A, B, C -> 3/3 x 20 = 20
 *   licence from the EU list on A, B (C a URL of its own) -> 2/3 x 10 = 6.67 -> 7
 *   access rights 10, from the EU list 5, contact point 20, publisher 0 (absent) = 35
 *   = 20 + 7 + 35 = 62.
 *
 * Contextuality (max 20): rights on none 0; byte size on A -> 1/3 x 5 = 1.67 -> 2;
 *   issued 5; modified 5 = 12.
 *
 * Total 80 + 56 + 110 + 62 + 12 = 320: 'goed' (221-350).
 */
const handComputed: QualityInput = {
  keywords: 2,
  themes: 1,
  spatial: true,
  temporal: false,
  accessRights: `${EU}/access-right/PUBLIC`,
  contactPoint: true,
  publisher: false,
  issued: true,
  modified: true,
  dcatApCompliant: true,
  distributions: [
    {
      accessUrl: 'ok',
      downloadUrl: 'ok',
      format: `${EU}/file-type/CSV`,
      mediaType: `${IANA}/text/csv`,
      licence: `${EU}/licence/CC_BY_4_0`,
      rights: false,
      byteSize: true,
    },
    {
      accessUrl: 'kapot',
      downloadUrl: 'kapot',
      format: `${EU}/file-type/PDF`,
      mediaType: null,
      licence: `${EU}/licence/CC0`,
      rights: false,
      byteSize: false,
    },
    {
      accessUrl: 'onbekend',
      downloadUrl: null,
      format: 'WMS',
      mediaType: null,
      licence: 'https://example.org/eigen-licentie',
      rights: false,
      byteSize: false,
    },
  ],
}

describe('scoreQuality', () => {
  it('equals the hand computation of one dataset', () => {
    const quality = scoreQuality(handComputed)
    expect(quality.dimensions).toEqual([
      { name: 'findability', score: 80, max: 100 },
      { name: 'accessibility', score: 56, max: 100 },
      { name: 'interoperability', score: 110, max: 110 },
      { name: 'reusability', score: 62, max: 75 },
      { name: 'contextuality', score: 12, max: 20 },
    ])
    expect(quality.score).toBe(320)
    expect(quality.max).toBe(405)
    expect(quality.rating).toBe('goed')
    // Most points first; equal points in the methodology's order.
    expect(quality.missing.map((gap) => [gap.metric, gap.points])).toEqual([
      ['temporal', 20],
      ['downloadUrlWorks', 20],
      ['accessUrl', 17],
      ['publisher', 10],
      ['downloadUrl', 7],
      ['rights', 5],
      ['licenceVocabulary', 3],
      ['byteSize', 3],
    ])
    expect(quality.missing.find((gap) => gap.metric === 'temporal')?.text).toMatch(/periode/)
  })

  it('places scores in the MQA bands at their edges', () => {
    expect([405, 351, 350, 221, 220, 121, 120, 0].map(qualityRating)).toEqual([
      'excellent',
      'excellent',
      'goed',
      'goed',
      'voldoende',
      'voldoende',
      'onvoldoende',
      'onvoldoende',
    ])
  })

  it('gives a dataset without distributions none of the distribution points', () => {
    const quality = scoreQuality({ ...handComputed, distributions: [] })
    expect(quality.dimensions.find((d) => d.name === 'accessibility')?.score).toBe(0)
    // Only DCAT-AP compliance is left of interoperability.
    expect(quality.dimensions.find((d) => d.name === 'interoperability')?.score).toBe(30)
  })
})

describe('qualityInputOf (a document as the catalogue publishes it)', () => {
  const csv = {
    themes: 1,
    temporal: null,
    spatial: null,
    licence: `${EU}/licence/CC0`,
    files: [{ mediaType: 'text/csv', size: 1200 }],
    links: [],
    source: null,
  }

  it('rises as the form is filled: period and area are worth 20 points each', () => {
    const bare = scoreQuality(qualityInputOf(csv)).score
    const withArea = scoreQuality(
      qualityInputOf({ ...csv, spatial: 'https://identifier.overheid.nl/tooi/id/gemeente/gm0363' }),
    ).score
    const withBoth = scoreQuality(
      qualityInputOf({
        ...csv,
        spatial: 'https://identifier.overheid.nl/tooi/id/gemeente/gm0363',
        temporal: { start: '2024-01-01', end: null },
      }),
    ).score
    expect(withArea - bare).toBe(20)
    expect(withBoth - withArea).toBe(20)
    expect(withBoth).toBe(405)
  })

  it('scores a PDF lower than a CSV: not machine-readable, not open', () => {
    const pdf = scoreQuality(
      qualityInputOf({ ...csv, files: [{ mediaType: 'application/pdf', size: 10 }] }),
    )
    expect(pdf.score).toBe(scoreQuality(qualityInputOf(csv)).score - 40)
    expect(pdf.missing.map((gap) => gap.metric)).toEqual(
      expect.arrayContaining(['nonProprietary', 'machineReadable']),
    )
  })

  it('loses a broken link’s accessibility points', () => {
    const link = {
      url: 'https://bron.example/data.csv',
      format: 'CSV',
      mediaType: 'text/csv',
      size: null,
    }
    const ok = scoreQuality(
      qualityInputOf({ ...csv, files: [], links: [{ ...link, state: 'ok' }] }),
    )
    const broken = scoreQuality(
      qualityInputOf({ ...csv, files: [], links: [{ ...link, state: 'kapot' }] }),
    )
    expect(ok.score - broken.score).toBe(80)
  })
})

import { z } from 'zod'
import type { LinkState } from './links.ts'

/**
 * The metadata-quality score of one document as data.europa.eu's Metadata Quality Assessment
 * (MQA) computes it for a dataset, 405 points over five dimensions. How each point is earned,
 * with the methodology's source, is in docs/publication.md ("How each point is earned"). The
 * one function below is what the upload form shows live and what the server answers.
 */

export const QUALITY_MAX = 405

export const QUALITY_DIMENSIONS = [
  'findability',
  'accessibility',
  'interoperability',
  'reusability',
  'contextuality',
] as const
export type QualityDimensionName = (typeof QUALITY_DIMENSIONS)[number]

/** The MQA's rating bands, best first: a score is in the first band whose minimum it reaches. */
export const QUALITY_RATINGS = [
  { rating: 'excellent', min: 351, label: 'Uitstekend' },
  { rating: 'goed', min: 221, label: 'Goed' },
  { rating: 'voldoende', min: 121, label: 'Voldoende' },
  { rating: 'onvoldoende', min: 0, label: 'Onvoldoende' },
] as const
export const QualityRating = z.enum(['excellent', 'goed', 'voldoende', 'onvoldoende'])
export type QualityRating = z.infer<typeof QualityRating>

export function qualityRating(score: number): QualityRating {
  return (QUALITY_RATINGS.find((band) => score >= band.min) ?? QUALITY_RATINGS[3]).rating
}

/** The MQA's metrics: where each is measured, its points and its dimension. */
export const QUALITY_METRICS = {
  keywords: { dimension: 'findability', points: 30, on: 'dataset' },
  themes: { dimension: 'findability', points: 30, on: 'dataset' },
  spatial: { dimension: 'findability', points: 20, on: 'dataset' },
  temporal: { dimension: 'findability', points: 20, on: 'dataset' },
  accessUrl: { dimension: 'accessibility', points: 50, on: 'distribution' },
  downloadUrl: { dimension: 'accessibility', points: 20, on: 'distribution' },
  downloadUrlWorks: { dimension: 'accessibility', points: 30, on: 'distribution' },
  format: { dimension: 'interoperability', points: 20, on: 'distribution' },
  mediaType: { dimension: 'interoperability', points: 10, on: 'distribution' },
  vocabulary: { dimension: 'interoperability', points: 10, on: 'distribution' },
  nonProprietary: { dimension: 'interoperability', points: 20, on: 'distribution' },
  machineReadable: { dimension: 'interoperability', points: 20, on: 'distribution' },
  dcatAp: { dimension: 'interoperability', points: 30, on: 'dataset' },
  licence: { dimension: 'reusability', points: 20, on: 'distribution' },
  licenceVocabulary: { dimension: 'reusability', points: 10, on: 'distribution' },
  accessRights: { dimension: 'reusability', points: 10, on: 'dataset' },
  accessRightsVocabulary: { dimension: 'reusability', points: 5, on: 'dataset' },
  contactPoint: { dimension: 'reusability', points: 20, on: 'dataset' },
  publisher: { dimension: 'reusability', points: 10, on: 'dataset' },
  rights: { dimension: 'contextuality', points: 5, on: 'distribution' },
  byteSize: { dimension: 'contextuality', points: 5, on: 'distribution' },
  issued: { dimension: 'contextuality', points: 5, on: 'dataset' },
  modified: { dimension: 'contextuality', points: 5, on: 'dataset' },
} as const satisfies Record<
  string,
  { dimension: QualityDimensionName; points: number; on: 'dataset' | 'distribution' }
>
export type QualityMetric = keyof typeof QUALITY_METRICS
export const QualityMetricName = z.enum(
  Object.keys(QUALITY_METRICS) as [QualityMetric, ...QualityMetric[]],
)

/** What the portal's users read for a metric the document misses (Dutch). */
export const QUALITY_GAPS: Record<QualityMetric, string> = {
  keywords: 'Kies een of meer thema’s: die worden de trefwoorden (dcat:keyword).',
  themes: 'Kies een thema dat bij een EU-datathema hoort (dcat:theme).',
  spatial: 'Vul het gebied in waarover het gaat (dct:spatial).',
  temporal: 'Vul de periode in waarover het gaat (dct:temporal).',
  accessUrl:
    'Zorg voor een bereikbaar bestand of een werkende link naar de gegevens (dcat:accessURL).',
  downloadUrl: 'Voeg een bestand toe dat te downloaden is (dcat:downloadURL).',
  downloadUrlWorks: 'Zorg dat elk bestand en elke downloadlink bereikbaar is (dcat:downloadURL).',
  format: 'Geef het bestandsformaat op (dct:format).',
  mediaType: 'Geef het mediatype op (dcat:mediaType).',
  vocabulary: 'Gebruik een formaat van de EU-lijst en een IANA-mediatype.',
  nonProprietary: 'Voeg een bestand toe in een open formaat, zoals CSV, JSON of GeoJSON.',
  machineReadable: 'Voeg een machineleesbaar bestand toe, zoals CSV, JSON of XLSX.',
  dcatAp: 'De beschrijving voldoet niet aan DCAT-AP.',
  licence: 'Kies een licentie (dct:license).',
  licenceVocabulary: 'Kies een licentie uit de lijst (EU-licentielijst).',
  accessRights: 'De toegangsrechten ontbreken (dct:accessRights).',
  accessRightsVocabulary: 'De toegangsrechten komen niet van de EU-lijst.',
  contactPoint: 'Het contactpunt ontbreekt (dcat:contactPoint).',
  publisher: 'De uitgever ontbreekt (dct:publisher).',
  rights: 'De rechtenverklaring ontbreekt (dct:rights).',
  byteSize: 'De bestandsgrootte is niet bekend (dcat:byteSize).',
  issued: 'De publicatiedatum ontbreekt (dct:issued).',
  modified: 'De wijzigingsdatum ontbreekt (dct:modified).',
}

/** One dcat:Distribution as the catalogue publishes it. */
export interface QualityDistribution {
  /** What the link checker knows of dcat:accessURL; the portal's own files are 'ok'. */
  accessUrl: LinkState
  /** What the link checker knows of dcat:downloadURL; null when there is none. */
  downloadUrl: LinkState | null
  /** dct:format: an EU file-type IRI, or the name a source gave; null when absent. */
  format: string | null
  /** dcat:mediaType: an IANA media-type IRI or `type/subtype`; null when absent. */
  mediaType: string | null
  /** dct:license: an IRI, or a licence's text; null when absent. */
  licence: string | null
  rights: boolean
  byteSize: boolean
}

/** One dcat:Dataset as the catalogue publishes it (what the score is computed from). */
export interface QualityInput {
  keywords: number
  themes: number
  spatial: boolean
  temporal: boolean
  /** dct:accessRights: an IRI; null when absent. */
  accessRights: string | null
  contactPoint: boolean
  publisher: boolean
  issued: boolean
  modified: boolean
  /** Whether the dataset's DCAT-AP(-NL) description passes the SHACL shapes. */
  dcatApCompliant: boolean
  distributions: QualityDistribution[]
}

export const QualityGap = z
  .object({
    metric: QualityMetricName,
    points: z.number().int().describe('What filling it in would add'),
    text: z.string().describe('What to do, in Dutch'),
  })
  .meta({ id: 'QualityGap' })
export type QualityGap = z.infer<typeof QualityGap>

export const DocumentQuality = z
  .object({
    score: z.number().int(),
    max: z.literal(QUALITY_MAX),
    rating: QualityRating,
    dimensions: z.array(
      z.object({
        name: z.enum(QUALITY_DIMENSIONS),
        score: z.number().int(),
        max: z.number().int(),
      }),
    ),
    missing: z.array(QualityGap).describe('The metrics not (fully) earned, most points first'),
  })
  .meta({ id: 'DocumentQuality' })
export type DocumentQuality = z.infer<typeof DocumentQuality>

const EU_FILE_TYPE = 'http://publications.europa.eu/resource/authority/file-type/'
const EU_LICENCE = 'http://publications.europa.eu/resource/authority/licence/'
const EU_ACCESS_RIGHT = 'http://publications.europa.eu/resource/authority/access-right/'
const IANA_MEDIA_TYPE = 'https://www.iana.org/assignments/media-types/'

/**
 * Formats of the EU file-type list that data.europa.eu counts as non-proprietary (its
 * vocabulary edp-non-proprietary-format) and as machine-readable (edp-machine-readable-format,
 * of which the portal counts the structured data formats; docs/publication.md).
 */
const NON_PROPRIETARY = new Set([
  'BMP',
  'CSV',
  'DBF',
  'GEOJSON',
  'GPKG',
  'GZIP',
  'HTML',
  'ICS',
  'JPEG2000',
  'JSON',
  'JSON_LD',
  'KML',
  'KMZ',
  'NETCDF',
  'ODS',
  'PNG',
  'RDF_N_QUADS',
  'RDF_N_TRIPLES',
  'RDF_TRIG',
  'RDF_TURTLE',
  'RDF_XML',
  'RSS',
  'RTF',
  'TAR',
  'TIFF',
  'TSV',
  'TXT',
  'WMS_SRVC',
  'XML',
  'ZIP',
])
const MACHINE_READABLE = new Set([
  'CSV',
  'TSV',
  'JSON',
  'JSON_LD',
  'GEOJSON',
  'GML',
  'GPKG',
  'KML',
  'XML',
  'RDF_XML',
  'RDF_TURTLE',
  'RDF_N_TRIPLES',
  'RDF_N_QUADS',
  'RDF_TRIG',
  'XLS',
  'XLSX',
  'ODS',
  'NETCDF',
  'SHP',
  'ICS',
  'RSS',
  'ATOM',
  'DBF',
  'WMS_SRVC',
  'WFS_SRVC',
  'WMTS_SRVC',
])

/** The EU file-type code of a dct:format (its IRI, or the name a source gave: `csv`). */
function fileTypeCode(format: string): string {
  const value = format.trim()
  return (value.startsWith(EU_FILE_TYPE) ? value.slice(EU_FILE_TYPE.length) : value).toUpperCase()
}

const inIana = (mediaType: string) =>
  mediaType.startsWith(IANA_MEDIA_TYPE) ||
  /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i.test(mediaType.trim())

type Earned = Partial<Record<QualityMetric, number>>

/** A distribution's interoperability points, each metric as a share of its points (0..1). */
function interoperabilityOf(distribution: QualityDistribution): Earned {
  const format = distribution.format === null ? null : fileTypeCode(distribution.format)
  const formatListed = distribution.format?.trim().startsWith(EU_FILE_TYPE) ?? false
  const mediaListed = distribution.mediaType !== null && inIana(distribution.mediaType)
  return {
    format: format === null ? 0 : 1,
    mediaType: distribution.mediaType === null ? 0 : 1,
    vocabulary: (Number(formatListed) + Number(mediaListed)) / 2,
    nonProprietary: format !== null && NON_PROPRIETARY.has(format) ? 1 : 0,
    machineReadable: format !== null && MACHINE_READABLE.has(format) ? 1 : 0,
  }
}

const worth = (earned: Earned) =>
  Object.entries(earned).reduce(
    (sum, [metric, share]) => sum + share * QUALITY_METRICS[metric as QualityMetric].points,
    0,
  )

/** A link counts as reachable unless the link checker found it broken ('kapot'). */
const reachable = (state: LinkState | null) => state !== null && state !== 'kapot'

/**
 * The score of one dataset. Dataset metrics earn all their points or none. A distribution
 * metric earns its points times the share of the distributions that meet it, except for
 * interoperability, where the MQA counts only the distribution with the most points. Each
 * metric's points are rounded to a whole number; the dimensions and the total are their sums.
 */
export function scoreQuality(input: QualityInput): DocumentQuality {
  const share: Record<QualityMetric, number> = {
    keywords: input.keywords > 0 ? 1 : 0,
    themes: input.themes > 0 ? 1 : 0,
    spatial: input.spatial ? 1 : 0,
    temporal: input.temporal ? 1 : 0,
    accessUrl: 0,
    downloadUrl: 0,
    downloadUrlWorks: 0,
    format: 0,
    mediaType: 0,
    vocabulary: 0,
    nonProprietary: 0,
    machineReadable: 0,
    dcatAp: input.dcatApCompliant ? 1 : 0,
    licence: 0,
    licenceVocabulary: 0,
    accessRights: input.accessRights !== null ? 1 : 0,
    accessRightsVocabulary: input.accessRights?.startsWith(EU_ACCESS_RIGHT) ? 1 : 0,
    contactPoint: input.contactPoint ? 1 : 0,
    publisher: input.publisher ? 1 : 0,
    rights: 0,
    byteSize: 0,
    issued: input.issued ? 1 : 0,
    modified: input.modified ? 1 : 0,
  }
  const distributions = input.distributions
  if (distributions.length > 0) {
    const part = (test: (d: QualityDistribution) => boolean) =>
      distributions.filter(test).length / distributions.length
    share.accessUrl = part((d) => reachable(d.accessUrl))
    share.downloadUrl = part((d) => d.downloadUrl !== null)
    share.downloadUrlWorks = part((d) => reachable(d.downloadUrl))
    share.licence = part((d) => d.licence !== null)
    share.licenceVocabulary = part((d) => d.licence?.startsWith(EU_LICENCE) ?? false)
    share.rights = part((d) => d.rights)
    share.byteSize = part((d) => d.byteSize)
    // The first of the distributions with the most interoperability points.
    const best = distributions
      .map(interoperabilityOf)
      .reduce((top, next) => (worth(next) > worth(top) ? next : top))
    Object.assign(share, best)
  }

  const points = Object.fromEntries(
    (Object.keys(QUALITY_METRICS) as QualityMetric[]).map((metric) => [
      metric,
      Math.round(share[metric] * QUALITY_METRICS[metric].points),
    ]),
  ) as Record<QualityMetric, number>

  const dimensions = QUALITY_DIMENSIONS.map((name) => {
    const metrics = (Object.keys(QUALITY_METRICS) as QualityMetric[]).filter(
      (metric) => QUALITY_METRICS[metric].dimension === name,
    )
    return {
      name,
      score: metrics.reduce((sum, metric) => sum + points[metric], 0),
      max: metrics.reduce((sum, metric) => sum + QUALITY_METRICS[metric].points, 0),
    }
  })
  const score = dimensions.reduce((sum, dimension) => sum + dimension.score, 0)
  const missing = (Object.keys(QUALITY_METRICS) as QualityMetric[])
    .map((metric) => ({
      metric,
      points: QUALITY_METRICS[metric].points - points[metric],
      text: QUALITY_GAPS[metric],
    }))
    .filter((gap) => gap.points > 0)
    .sort((a, b) => b.points - a.points)
  return { score, max: QUALITY_MAX, rating: qualityRating(score), dimensions, missing }
}

/** The metadata quality of one catalogue (the portal's own documents, or a harvest source's). */
export const CatalogueQuality = z
  .object({
    catalogue: z
      .string()
      .describe("The harvest source's name, or 'Eigen documenten' for the portal's own"),
    own: z.boolean().describe("The portal's own documents (not harvested)"),
    documents: z.number().int().nonnegative(),
    average: z.number().describe('Average score, one decimal'),
    bands: z.object({
      excellent: z.number().int().nonnegative(),
      goed: z.number().int().nonnegative(),
      voldoende: z.number().int().nonnegative(),
      onvoldoende: z.number().int().nonnegative(),
    }),
    gaps: z
      .array(z.object({ metric: QualityMetricName, text: z.string(), documents: z.number().int() }))
      .describe('The most common gaps, most documents first'),
  })
  .meta({ id: 'CatalogueQuality' })
export type CatalogueQuality = z.infer<typeof CatalogueQuality>

/** Gaps per catalogue on the dashboard. */
export const QUALITY_TOP_GAPS = 5

/** The figures of one catalogue from its documents' scores. */
export function summariseQuality(
  catalogue: { name: string; own: boolean },
  scores: readonly DocumentQuality[],
): CatalogueQuality {
  const bands = { excellent: 0, goed: 0, voldoende: 0, onvoldoende: 0 }
  const gaps = new Map<QualityMetric, number>()
  let total = 0
  for (const quality of scores) {
    total += quality.score
    bands[quality.rating] += 1
    for (const gap of quality.missing) gaps.set(gap.metric, (gaps.get(gap.metric) ?? 0) + 1)
  }
  return {
    catalogue: catalogue.name,
    own: catalogue.own,
    documents: scores.length,
    average: scores.length === 0 ? 0 : Math.round((total / scores.length) * 10) / 10,
    bands,
    gaps: [...gaps]
      .sort((a, b) => b[1] - a[1])
      .slice(0, QUALITY_TOP_GAPS)
      .map(([metric, documents]) => ({ metric, text: QUALITY_GAPS[metric], documents })),
  }
}

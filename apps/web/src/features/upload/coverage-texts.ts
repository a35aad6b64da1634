import type { QualityDimensionName, QualityRating } from '@dataportaal/contract'
import { formatNumber } from '../../shared/format.ts'

/** The Dutch texts of the period, the area and the metadata-quality score in the form. */
export const COVERAGE_TEXTS = {
  temporal: 'Periode',
  temporalHint: 'Over welke periode gaat het? Laat een kant leeg als die open is.',
  temporalStart: 'Van',
  temporalEnd: 'Tot en met',
  suggestion: (start: string, end: string) =>
    `De datumkolommen van de tabel lopen van ${start} tot en met ${end}.`,
  useSuggestion: 'Deze periode invullen',
  spatial: 'Gebied',
  spatialHint: (city: string | undefined) =>
    city
      ? `De URI van het gebied waar het over gaat. Leeg: de gemeente (${city}).`
      : 'De URI van het gebied waar het over gaat. Leeg: de gemeente.',

  quality: 'Kwaliteit metadata',
  score: (score: number, max: number) =>
    `Kwaliteit metadata: ${formatNumber(score)} van ${formatNumber(max)}`,
  ratings: {
    excellent: 'uitstekend',
    goed: 'goed',
    voldoende: 'voldoende',
    onvoldoende: 'onvoldoende',
  } satisfies Record<QualityRating, string>,
  explanation:
    'Zo beoordeelt data.europa.eu de beschrijving als data.overheid.nl haar overneemt (de Metadata Quality Assessment).',
  missing: 'Wat nog punten oplevert:',
  gap: (text: string, points: number) => `${text} (${formatNumber(points)} punten)`,
  complete: 'Alle punten zijn behaald.',
  dimensions: {
    findability: 'Vindbaarheid',
    accessibility: 'Toegankelijkheid',
    interoperability: 'Uitwisselbaarheid',
    reusability: 'Herbruikbaarheid',
    contextuality: 'Context',
  } satisfies Record<QualityDimensionName, string>,
} as const

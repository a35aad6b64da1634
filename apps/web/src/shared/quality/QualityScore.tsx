import { QUALITY_RATINGS, type DocumentQuality } from '@dataportaal/contract'
import { formatNumber } from '../format.ts'

export const QUALITY_SCORE_TEXTS = {
  label: 'Kwaliteit metadata',
  score: (score: number, max: number, rating: string) =>
    `${formatNumber(score)} van ${formatNumber(max)} (${rating})`,
  missing: 'Wat nog punten oplevert',
  gap: (text: string, points: number) => `${text} (${formatNumber(points)} punten)`,
} as const

const ratingLabel = (rating: DocumentQuality['rating']) =>
  (QUALITY_RATINGS.find((band) => band.rating === rating)?.label ?? rating).toLowerCase()

/** A document's metadata-quality score ('355 van 405 (uitstekend)') with its gaps folded. */
export function QualityScore({ quality }: { quality: DocumentQuality }) {
  return (
    <span className="portal-quality-score">
      {QUALITY_SCORE_TEXTS.score(quality.score, quality.max, ratingLabel(quality.rating))}
      {quality.missing.length > 0 && (
        <details className="portal-quality-score__missing">
          <summary>{QUALITY_SCORE_TEXTS.missing}</summary>
          <ul>
            {quality.missing.map((gap) => (
              <li key={gap.metric}>{QUALITY_SCORE_TEXTS.gap(gap.text, gap.points)}</li>
            ))}
          </ul>
        </details>
      )}
    </span>
  )
}

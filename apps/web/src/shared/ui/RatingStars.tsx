import { formatRating } from '../format.ts'
import { StarIcon } from './icons.tsx'

/** The average rating as five stars, with the number and count in text for everyone. */
export function RatingStars({ average, count }: { average: number | null; count: number }) {
  if (average === null || count === 0) {
    return <span className="portal-rating portal-rating--none">Nog niet beoordeeld</span>
  }
  const label = `Gemiddeld ${formatRating(average)} van 5 sterren (${count} ${count === 1 ? 'beoordeling' : 'beoordelingen'})`
  return (
    <span className="portal-rating" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon key={star} filled={average >= star - 0.25} />
      ))}
      <span aria-hidden="true" className="portal-rating__text">
        {formatRating(average)} ({count})
      </span>
    </span>
  )
}

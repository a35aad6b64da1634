import { Fragment, useId, useRef } from 'react'
import { useAuth } from '../../shared/auth/AuthContext.tsx'
import { userUseOf, type CachedDocument } from '../../shared/documents/cache.ts'
import { StarIcon } from '../../shared/ui/icons.tsx'
import { Button } from '../../shared/ui/nlds.ts'
import { useRateDocument } from './api.ts'
import { RATING_TEXTS as TEXTS } from './texts.ts'
import './ratings.css'

const STARS = [1, 2, 3, 4, 5] as const

/**
 * The user's own rating: five native radio buttons drawn as stars (Tab reaches the group,
 * the arrows choose), and a button to take the rating back. Nothing for a visitor.
 */
export function RatingInput({ document }: { document: CachedDocument }) {
  const { authenticated } = useAuth()
  const rate = useRateDocument(document.contentUID)
  const id = useId()
  const firstStar = useRef<HTMLInputElement>(null)
  if (!authenticated) return null

  const own = userUseOf(document).rating
  const failure = rate.isError
    ? rate.variables === null
      ? TEXTS.resetFailed
      : TEXTS.saveFailed
    : ''
  return (
    <fieldset className="utrecht-form-fieldset utrecht-form-fieldset--html-fieldset portal-rating-input">
      <legend className="utrecht-form-fieldset__legend utrecht-form-fieldset__legend--html-legend portal-rating-input__legend">
        {TEXTS.legend}
      </legend>
      <div className="portal-rating-input__stars">
        {STARS.map((stars) => (
          <Fragment key={stars}>
            <input
              ref={stars === 1 ? firstStar : undefined}
              id={`${id}-${stars}`}
              type="radio"
              name={id}
              value={stars}
              checked={own === stars}
              className="portal-rating-input__radio"
              onChange={() => rate.mutate(stars)}
            />
            <label htmlFor={`${id}-${stars}`} className="portal-rating-input__star">
              <StarIcon filled={own !== null && stars <= own} />
              <span className="portal-visually-hidden">{TEXTS.stars(stars)}</span>
            </label>
          </Fragment>
        ))}
      </div>
      <p className="utrecht-paragraph portal-rating-input__own">
        {own === null ? TEXTS.none : TEXTS.yours(own)}
      </p>
      {own !== null && (
        <Button
          appearance="subtle-button"
          className="portal-rating-input__reset"
          onClick={() => {
            rate.mutate(null)
            // The button goes away with the rating: keep the focus in the group.
            firstStar.current?.focus()
          }}
        >
          {TEXTS.reset}
        </Button>
      )}
      <p role="status" className="portal-rating-input__message">
        {failure}
      </p>
    </fieldset>
  )
}

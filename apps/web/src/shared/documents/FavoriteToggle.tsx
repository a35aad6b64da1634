import { useAuth } from '../auth/AuthContext.tsx'
import { StarIcon } from '../ui/icons.tsx'
import { Button } from '../ui/nlds.ts'
import type { CachedDocument } from './cache.ts'
import { useFavoriteToggle } from './favorite.ts'
import { FAVORITE_TEXTS as TEXTS } from './favorite-texts.ts'
import './favorite.css'

export interface FavoriteToggleProps {
  document: Pick<CachedDocument, 'contentUID' | 'contentUserUse'> & { title: string }
  /**
   * 'icon' in lists: the star alone, named with the document's title so every star in the
   * list says what it is for. 'labelled' on the document's own page: star and 'Favoriet'.
   */
  variant?: 'icon' | 'labelled'
}

/**
 * The favourite star for a signed-in employee (nothing for a visitor): a toggle button that
 * changes at once and flips back, with a message, when the server refuses.
 */
export function FavoriteToggle({ document, variant = 'icon' }: FavoriteToggleProps) {
  const { authenticated } = useAuth()
  const toggle = useFavoriteToggle(document.contentUID)
  if (!authenticated) return null

  const favorited = document.contentUserUse?.favorited ?? false
  const action = favorited ? TEXTS.remove : TEXTS.add
  const failure = toggle.isError ? (toggle.variables ? TEXTS.addFailed : TEXTS.removeFailed) : ''
  return (
    <span className={`portal-favorite portal-favorite--${variant}`}>
      <Button
        appearance="subtle-button"
        className="portal-favorite__button"
        pressed={favorited}
        aria-label={variant === 'icon' ? TEXTS.named(action, document.title) : action}
        onClick={() => toggle.mutate(!favorited)}
      >
        <StarIcon filled={favorited} className="portal-icon portal-favorite__star" />
        {variant === 'labelled' && TEXTS.visible}
      </Button>
      <span role="status" className="portal-favorite__message">
        {failure}
      </span>
    </span>
  )
}

import { NO_VALUE_BUCKET } from '@dataportaal/contract'
import { useAuth } from '../auth/AuthContext.tsx'
import { Button } from '../ui/nlds.ts'
import { isFollowing, useFollowTheme, useFollowedThemes } from './api.ts'
import { FOLLOWING_TEXTS as TEXTS } from './texts.ts'
import './following.css'

const NOT_A_THEME = new Set<string>([NO_VALUE_BUCKET.tags, NO_VALUE_BUCKET.themes])

/**
 * Follow or unfollow a theme, for a signed-in employee (nothing for a visitor, nor for the
 * 'Geen thema' bucket). Shown once the followed themes are known, so it never shows a wrong state.
 */
export function FollowThemeButton({ theme }: { theme: string }) {
  const { authenticated } = useAuth()
  const followed = useFollowedThemes(authenticated)
  const follow = useFollowTheme(theme)
  if (!authenticated || NOT_A_THEME.has(theme) || !followed.data) return null

  const following = isFollowing(followed.data, theme)
  const failure = follow.isError
    ? follow.variables
      ? TEXTS.followFailed(theme)
      : TEXTS.unfollowFailed(theme)
    : ''
  return (
    <span className="portal-follow">
      <Button
        appearance="secondary-action-button"
        className="portal-follow__button"
        pressed={following}
        aria-label={following ? TEXTS.unfollow(theme) : TEXTS.follow(theme)}
        onClick={() => follow.mutate(!following)}
      >
        {following ? TEXTS.unfollowShort : TEXTS.followShort}
      </Button>
      <span role="status" className="portal-follow__message">
        {failure}
      </span>
    </span>
  )
}

/** Every Dutch text of following themes, together for review. */
export const FOLLOWING_TEXTS = {
  follow: (theme: string) => `Volg thema ${theme}`,
  unfollow: (theme: string) => `Ontvolg thema ${theme}`,
  /** Visible on the button; each is the start of the button's full name above. */
  followShort: 'Volg',
  unfollowShort: 'Ontvolg',
  followFailed: (theme: string) => `Thema ${theme} volgen is niet gelukt. Probeer het opnieuw.`,
  unfollowFailed: (theme: string) =>
    `Thema ${theme} ontvolgen is niet gelukt. Probeer het opnieuw.`,
}

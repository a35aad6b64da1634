/** The Dutch texts of the feeds, together so they can be reviewed as Dutch. */

const either = (values: readonly string[]) => values.join(' of ')

export const FEED_TEXTS = {
  /** 'Nieuwe documenten over Wonen – Dataportaal Voorbeeldstad' */
  title: (subject: string | null, portalName: string) =>
    subject ? `Nieuwe documenten ${subject} – ${portalName}` : `Nieuwe documenten – ${portalName}`,
  subtitle: (portalName: string) =>
    `De documenten die ${portalName} het laatst heeft gepubliceerd, nieuwste eerst.`,
  /** The subject when the feed follows exactly one theme. */
  theme: (name: string) => `over ${name}`,
  noTheme: 'zonder thema',
  /** The subject of any other search: its parts below, joined by commas. */
  search: (parts: readonly string[]) => `bij de zoekopdracht ${parts.join(', ')}`,
  query: (text: string) => `‘${text}’`,
  themes: (names: readonly string[]) => `thema ${either(names)}`,
  contentTypes: (names: readonly string[]) => `soort ${either(names)}`,
  sources: (names: readonly string[]) => `bron ${either(names)}`,
  wooCategories: (names: readonly string[]) => `Woo-informatiecategorie ${either(names)}`,
  minRating: (stars: number) => `minstens ${stars} ${stars === 1 ? 'ster' : 'sterren'}`,
  dateFrom: (date: string) => `datum vanaf ${date}`,
  dateTo: (date: string) => `datum tot en met ${date}`,
}

import { formatNumber } from '../../shared/format.ts'

export const THEMES_TEXTS = {
  heading: 'Thema’s',
  intro:
    'De documenten van de gemeente, geordend per thema. Kies een thema voor de documenten erin.',
  loading: 'Thema’s worden geladen…',
  error: 'De thema’s konden niet worden geladen.',
  emptyHeading: 'Nog geen thema’s',
  emptyBody: 'Er zijn nog geen gepubliceerde documenten met een thema.',
}

export const THEME_TEXTS = {
  eyebrow: 'Thema',
  loading: 'De documenten in dit thema worden geladen…',
  error: 'De documenten in dit thema konden niet worden geladen.',
  errorHint: 'Probeer het later nog eens.',
  retry: 'Opnieuw proberen',
  notFound: 'Thema niet gevonden',
  notFoundBody: (name: string) => `Er is geen thema ‘${name}’.`,
  allThemes: 'Bekijk alle thema’s',
  empty: 'Er zijn nog geen gepubliceerde documenten in dit thema.',
  pastTheEnd: 'Deze pagina bestaat niet (meer).',
  firstPage: 'Naar de eerste pagina',
  listLabel: (name: string) => `Documenten in ${name}`,
  total: (count: number) =>
    `${formatNumber(count)} ${count === 1 ? 'document' : 'documenten'}, nieuwste eerst`,
  pageOf: (page: number, pages: number) => `, pagina ${page} van ${pages}`,
  pageSuffix: (page: number) => ` – pagina ${page}`,
  feed: (name: string) => `Volg nieuwe documenten in ${name} (Atom-feed)`,
  feedTitle: (name: string) => `Nieuwe documenten in ${name}`,
  searchAll: (name: string) => `Zoek en filter binnen ${name}`,
  followersHeading: 'Collega’s die dit thema volgen',
  followersLoading: 'Volgers worden geladen…',
  followersError: 'De volgers konden niet worden geladen.',
  followerCount: (count: number) =>
    count === 0
      ? 'Nog geen collega’s volgen dit thema.'
      : `${formatNumber(count)} ${count === 1 ? 'collega volgt' : 'collega’s volgen'} dit thema:`,
}

import { formatNumber } from '../../shared/format.ts'

/** Every Dutch text of the /favorieten screen, together for review. */
export const FAVORITES_PAGE_TEXTS = {
  title: 'Favorieten',
  pageTitle: (page: number) => (page > 1 ? `Favorieten – pagina ${page}` : 'Favorieten'),
  purpose: 'Hier vindt u de documenten die u als favoriet hebt gemarkeerd.',
  visitor:
    'Deze pagina is alleen beschikbaar voor medewerkers van de gemeente. Log in met uw werkaccount om verder te gaan.',
  signIn: 'Inloggen',
  loading: 'Uw favorieten worden geladen…',
  error: 'Uw favorieten konden niet worden geladen.',
  retry: 'Opnieuw proberen',
  total: (total: number) =>
    total === 1 ? 'U hebt 1 favoriet.' : `U hebt ${formatNumber(total)} favorieten.`,
  pageOf: (page: number, pageCount: number) => ` Pagina ${page} van ${formatNumber(pageCount)}.`,
  listLabel: 'Uw favorieten',
  meta: { type: 'Soort', source: 'Bron', date: 'Datum' },
  themes: 'Thema’s',
  removed: (title: string) => `${title} is uit uw favorieten verwijderd.`,
  removeFailed: (title: string) =>
    `${title} kon niet uit uw favorieten worden verwijderd. Probeer het later opnieuw.`,
  emptyHeading: 'U hebt nog geen favorieten',
  emptyBody:
    'Markeer een document als favoriet met de ster bij een zoekresultaat of op de pagina van het document. Het staat dan hier, zodat u het snel terugvindt.',
  emptySearch: 'Zoek in alle datasets en documenten',
  paginationLabel: 'Paginering van uw favorieten',
}

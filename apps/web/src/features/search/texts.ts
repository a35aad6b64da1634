import { formatNumber } from '../../shared/format.ts'
import type { FacetName } from '../../shared/search-state.ts'

/** Every Dutch text of the /zoeken screen, together so they can be reviewed as Dutch. */
export const SEARCH_PAGE_TEXTS = {
  heading: (query: string) => (query ? `Zoekresultaten voor "${query}"` : 'Alle documenten'),
  pageSuffix: (page: number) => ` – pagina ${page}`,
  total: (total: number) => (total === 1 ? '1 resultaat' : `${formatNumber(total)} resultaten`),
  pageOf: (page: number, pageCount: number) => `, pagina ${page} van ${formatNumber(pageCount)}`,
  updating: 'Bezig met bijwerken…',
  loading: 'Zoekresultaten laden…',
  error: 'De zoekresultaten konden niet worden geladen.',
  errorHint: 'Probeer het opnieuw. Lukt het dan nog niet, probeer het later nog eens.',
  retry: 'Opnieuw proberen',

  sortLabel: 'Sorteren op',
  /** The buttons that submit the forms without JavaScript. */
  applySort: 'Sorteren',
  applyFilters: 'Filters toepassen',
  sort: { relevance: 'Relevantie', date: 'Datum', rating: 'Waardering' },

  resultsLabel: 'Zoekresultaten',
  meta: {
    type: 'Soort',
    source: 'Bron',
    date: 'Datum',
    formats: 'Bestanden',
  },
  themes: 'Thema’s',

  filtersHeading: 'Filteren',
  showFilters: 'Filters tonen',
  hideFilters: 'Filters verbergen',
  activeFilterCount: (count: number) =>
    count === 1 ? '(1 actief filter)' : `(${count} actieve filters)`,
  chooseGroups: 'Filters kiezen',
  chooseGroupsLegend: 'Welke filters wilt u zien?',
  facetNames: {
    categoryType: 'Soort',
    tags: 'Thema',
    labels: 'Label',
    source: 'Bron',
    wooCategory: 'Woo-informatiecategorie',
    rating: 'Waardering',
    date: 'Jaar',
  } satisfies Record<FacetName, string>,
  allValues: { rating: 'Alle waarderingen', date: 'Alle jaren' },
  noValues: 'Geen keuzes bij deze resultaten.',
  ratingValue: (stars: number) =>
    stars === 5 ? '5 sterren' : `${stars} ${stars === 1 ? 'ster' : 'sterren'} of meer`,
  showMore: (count: number) => `Toon alle ${formatNumber(count)}`,
  showLess: 'Toon minder',
  bucket: (label: string, count: number) => `${label} (${formatNumber(count)})`,

  activeFilters: 'Actieve filters',
  /** Around a chip's visible 'Thema: Wonen', for screen readers. */
  removeFilter: { before: 'Filter', after: 'verwijderen' },
  clearFilters: 'Alle filters wissen',
  dateFrom: (date: string) => `vanaf ${date}`,
  dateTo: (date: string) => `tot en met ${date}`,

  /** The Atom feed of the search shown, linked below the results. */
  feed: {
    all: { link: 'Volg alle nieuwe documenten (Atom-feed)', title: 'Nieuwe documenten' },
    theme: (name: string) => ({
      link: `Volg het thema ${name} (Atom-feed)`,
      title: `Nieuwe documenten over ${name}`,
    }),
    search: {
      link: 'Volg deze zoekopdracht (Atom-feed)',
      title: 'Nieuwe documenten bij deze zoekopdracht',
    },
    withoutLabels: 'De feed is openbaar en filtert daarom niet op labels.',
  },

  /** 'Bedoelde u …' and the words the typo correction also looked for. */
  spelling: {
    didYouMean: 'Bedoelde u:',
    suggestionTotal: (total: number) =>
      total === 1 ? '(1 resultaat)' : `(${formatNumber(total)} resultaten)`,
    /** Read out with the number of results. */
    didYouMeanStatus: (query: string) => `. Bedoelde u: ${query}?`,
    alsoSearched: (word: string, alternatives: string[]) =>
      `Voor "${word}" is ook gezocht naar: ${alternatives.join(', ')}.`,
  },

  empty: {
    heading: (query: string) =>
      query ? `Geen resultaten voor "${query}"` : 'Geen documenten gevonden',
    withFilters: 'Geen enkel document past bij uw zoekopdracht en de gekozen filters.',
    withoutFilters: 'Geen enkel document past bij uw zoekopdracht.',
    emptyCatalogue: 'Er zijn nog geen documenten gepubliceerd.',
    tryHeading: 'Wat kunt u proberen?',
    spelling: 'Controleer de spelling van uw zoekwoorden.',
    fewerWords: 'Gebruik minder of algemenere zoekwoorden.',
    fewerFilters: 'Gebruik minder filters.',
    withoutFiltersButton: 'Zoek zonder filters',
    browseAll: 'Bekijk alle documenten',
    outOfRange: (page: number) =>
      `Pagina ${formatNumber(page)} bestaat niet bij deze zoekopdracht.`,
    firstPage: 'Naar de eerste pagina',
  },
}

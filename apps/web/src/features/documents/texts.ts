/** Every Dutch text of the document page and its previews, together so they can be reviewed. */
export const texts = {
  pageTitle: 'Document',
  loading: 'Het document wordt geladen…',
  notFoundTitle: 'Document niet gevonden',
  notFoundBody:
    'Dit document bestaat niet (meer) of is niet openbaar. Misschien is het verwijderd, of is de link niet volledig overgenomen.',
  notFoundSearch: 'Zoek in alle datasets en documenten',
  errorTitle: 'Het document kon niet worden geladen',
  errorBody: 'Er ging iets mis bij het ophalen. Probeer het over een moment opnieuw.',
  retry: 'Opnieuw proberen',

  status: {
    openstaand: 'Dit document wacht op validatie en is nog niet openbaar.',
    afgekeurd: 'Dit document is afgekeurd en is niet openbaar.',
  },
  aboutHeading: 'Over dit document',
  contentType: 'Soort',
  source: 'Bron',
  date: 'Datum',
  published: 'Gepubliceerd',
  modified: 'Laatst gewijzigd',
  license: 'Licentie',
  wooCategory: 'Woo-informatiecategorie',
  owner: 'Aangeleverd door',
  /** A harvested document: when a run last found it, and at which harvest source. */
  harvested: 'Opgehaald',
  harvestedFrom: (source: string) => ` uit ${source}`,
  sourceUrl: 'Oorspronkelijke bron',
  sourceUrlLink: 'Bekijk bij de bron',
  themes: 'Thema’s',
  rating: 'Waardering',
  noDescription: 'Bij dit document is geen beschrijving gegeven.',

  filesHeading: 'Bestanden',
  noFiles: 'Bij dit document horen geen bestanden.',
  /** Only the owner and admins get the reason, so only they see this. */
  notSearchable: (reason: string | null | undefined) =>
    `De inhoud van dit bestand is niet doorzoekbaar. ${reason ?? ''}`.trim(),
  linksHeading: 'Bestanden bij de bron',
  linksIntro: 'Deze bestanden staan bij de bron van dit document; de links openen ze daar.',
  download: 'Downloaden',
  downloadFailed: 'Downloaden is mislukt. Probeer het opnieuw.',
  fileDetails: (format: string, size: string) => `${format}, ${size}`,

  previewHeading: (fileName: string) => `Voorbeeld van ${fileName}`,
  previewLoading: 'Het voorbeeld wordt geladen…',
  previewFailed:
    'Het voorbeeld kan niet worden getoond. U kunt het bestand hierboven wel downloaden.',
  tooLarge: (size: string) =>
    `Dit bestand is te groot voor een voorbeeld (${size}). Download het bestand om het te bekijken.`,

  csvCaptionFirst: (rows: number) =>
    `De eerste ${rows} ${rows === 1 ? 'rij' : 'rijen'} van het bestand`,
  csvCaptionAll: (rows: number) => `Alle ${rows} ${rows === 1 ? 'rij' : 'rijen'} van het bestand`,
  csvRegion: (fileName: string) => `Tabel met de eerste rijen van ${fileName}`,
  csvEmpty: 'Dit bestand bevat geen rijen met gegevens.',

  mapLabel: (count: number) => `Kaart met ${count} ${count === 1 ? 'object' : 'objecten'}`,
  mapHelp:
    'Versleep de kaart of gebruik de pijltjestoetsen om te verschuiven, en de knoppen, plus of min om te zoomen.',
  mapEmpty: 'Dit bestand bevat geen objecten met een locatie.',
  mapUnsupportedCrs:
    'Dit bestand gebruikt een ander coördinatenstelsel dan lengte- en breedtegraden; de kaart kan het niet tonen.',
  mapTableSummary: (shown: number, total: number) =>
    total === 1
      ? 'Gegevens van het object'
      : shown === total
        ? `Gegevens van alle ${total} objecten`
        : `Gegevens van de eerste ${shown} van ${total} objecten`,
  mapTableCaption: 'Eigenschappen per object',
  zoomIn: 'Inzoomen',
  zoomOut: 'Uitzoomen',
  popupClose: 'Sluiten',

  pdfPage: (page: number, total: number) => `Pagina ${page} van ${total}`,
  pdfShowing: (shown: number, total: number) =>
    `${shown} van ${total} ${total === 1 ? 'pagina' : 'pagina’s'} getoond.`,
  pdfMore: 'Meer pagina’s tonen',
  pdfPassword: 'Dit PDF-bestand is beveiligd met een wachtwoord. Download het om het te openen.',
} as const

import { downloadTexts } from '../../shared/documents/DownloadLink.tsx'

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
  download: downloadTexts.download,
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
  /** The table of a file, read through the Data API. */
  table: {
    heading: (fileName: string) => `Tabel ${fileName}`,
    loadingInfo: 'De tabel wordt opgehaald…',
    loading: 'De tabel wordt geladen…',
    loadingHint: 'Dit kan even duren bij een groot bestand; de pagina vult zich vanzelf aan.',
    failed: (reason: string | undefined) =>
      `Deze tabel kon niet worden geladen${reason ? `: ${reason}` : '.'} U kunt het bestand hierboven wel downloaden.`,
    none: 'Dit bestand bevat geen tabel die kan worden getoond. U kunt het hierboven downloaden.',
    unavailable:
      'De tabel kan nu niet worden getoond. Probeer het over een moment opnieuw, of download het bestand hierboven.',
    sheet: 'Blad',
    region: (name: string) => `Rijen van ${name}, horizontaal te verschuiven`,
    caption: (name: string, rows: string) => `${name}: ${rows}`,
    nameWithSheet: (fileName: string, sheet: string) => `${fileName}, blad ${sheet}`,
    rowCount: (count: number, formatted: string) => `${formatted} ${count === 1 ? 'rij' : 'rijen'}`,
    found: (count: number, formatted: string) =>
      `${formatted} ${count === 1 ? 'rij' : 'rijen'} gevonden`,
    range: (first: string, last: string, total: string) => `Rij ${first}–${last} van ${total}`,
    noRows: 'Geen rijen gevonden met deze filters.',
    pastEnd: 'Deze pagina bestaat niet: de tabel heeft minder rijen.',
    firstPage: 'Naar de eerste pagina',
    emptyTable: 'Deze tabel bevat geen rijen.',
    badQuery: 'De filters konden niet worden toegepast',
    rowsFailed: 'De rijen konden niet worden opgehaald. Probeer het opnieuw.',
    retry: 'Opnieuw proberen',
    pagination: (name: string) => `Pagina’s van tabel ${name}`,
    download: 'Download selectie als CSV',
    downloadHint: 'Alle rijen die aan de filters voldoen, in de gekozen volgorde.',
    downloadName: (fileName: string) => `${fileName.replace(/\.[^.]*$/, '')}-selectie.csv`,
    yes: 'ja',
    no: 'nee',
    geometry: (kind: string) => `geometrie (${kind})`,

    filters: {
      legend: 'Filteren',
      legendOf: (name: string) => `in ${name}`,
      search: 'Zoeken in de hele tabel',
      searchHint: 'Zoekt in alle tekstkolommen.',
      perColumn: 'Filters per kolom',
      contains: 'bevat',
      from: 'van',
      to: 'tot en met',
      bool: 'waarde',
      all: 'alle',
      yes: 'ja',
      no: 'nee',
      empty: 'lege cellen',
      emptyAll: 'alle rijen',
      emptyOnly: 'alleen leeg',
      notEmpty: 'niet leeg',
      apply: 'Filter toepassen',
      clear: 'Wis filters',
      active: (count: number) => (count === 1 ? '1 filter actief' : `${count} filters actief`),
    },

    dictionary: {
      heading: 'Gegevenswoordenboek',
      intro: 'Wat elke kolom bevat, met wat de portal bij het laden zag.',
      region: (name: string) => `Gegevenswoordenboek van ${name}, horizontaal te verschuiven`,
      column: 'Kolom',
      title: 'Titel',
      type: 'Type',
      unit: 'Eenheid',
      description: 'Beschrijving',
      empty: 'Lege cellen',
      distinct: 'Verschillende waarden',
      minMax: 'Laagste – hoogste',
      examples: 'Voorbeelden',
      atLeast: (count: string) => `meer dan ${count}`,
    },

    editor: {
      open: 'Gegevenswoordenboek bewerken',
      heading: 'Gegevenswoordenboek bewerken',
      intro: 'Beschrijf per kolom wat erin staat. Een ander type laat de tabel opnieuw laden.',
      title: 'Titel',
      description: 'Beschrijving',
      unit: 'Eenheid',
      type: 'Type',
      save: 'Opslaan',
      cancel: 'Annuleren',
      saved: 'Het gegevenswoordenboek is opgeslagen.',
      backToValidation:
        'Het document wacht nu op validatie door een beheerder; tot dan is het niet openbaar.',
      reloading: 'De tabel wordt opnieuw geladen met het nieuwe type.',
      failed: 'Het opslaan is niet gelukt. Probeer het opnieuw.',
      invalid: 'Niet alles is goed ingevuld.',
      tooLong: (max: number) => `Gebruik hoogstens ${max} tekens.`,
    },
  },
} as const

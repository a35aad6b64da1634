import type { DocumentStatus, SelfValidationBlock } from '@dataportaal/contract'
import { formatNumber } from '../../shared/format.ts'

/** Every Dutch text of /validatie, together so they can be reviewed. */
export const VALIDATION_TEXTS = {
  heading: 'Data validatie',
  purpose: 'Hier keuren beheerders geüploade documenten goed of af.',
  pageSuffix: (page: number) => ` – pagina ${page}`,
  intro:
    'Beoordeel nieuwe en gewijzigde documenten. Een goedgekeurd document is meteen voor iedereen te vinden; bij afkeuren ziet de uploader de categorie en uw toelichting.',

  privacyPending: 'Goedkeuren kan pas als de controle op persoonsgegevens klaar is.',
  privacyOpen: 'Goedkeuren kan pas als alle mogelijke persoonsgegevens zijn beoordeeld.',

  tabsLabel: 'Lijsten',
  tabs: {
    openstaand: 'Open',
    goedgekeurd: 'Goedgekeurd',
    afgekeurd: 'Afgekeurd',
    verwijderd: 'Verwijderd',
  } satisfies Record<DocumentStatus | 'verwijderd', string>,
  listLabel: {
    openstaand: 'Documenten die op validatie wachten',
    goedgekeurd: 'Goedgekeurde documenten',
    afgekeurd: 'Afgekeurde documenten',
  } satisfies Record<DocumentStatus, string>,
  total: {
    openstaand: (n: number) =>
      n === 1
        ? '1 document wacht op validatie.'
        : `${formatNumber(n)} documenten wachten op validatie.`,
    goedgekeurd: (n: number) =>
      n === 1 ? '1 goedgekeurd document.' : `${formatNumber(n)} goedgekeurde documenten.`,
    afgekeurd: (n: number) =>
      n === 1 ? '1 afgekeurd document.' : `${formatNumber(n)} afgekeurde documenten.`,
  } satisfies Record<DocumentStatus, (n: number) => string>,
  empty: {
    openstaand: 'Er wachten geen documenten op validatie. Goed bezig!',
    goedgekeurd: 'Er zijn nog geen goedgekeurde documenten.',
    afgekeurd: 'Er zijn geen afgekeurde documenten.',
  } satisfies Record<DocumentStatus, string>,
  pageOf: (page: number, pageCount: number) => ` Pagina ${page} van ${formatNumber(pageCount)}.`,
  pageOutOfRange: 'Op deze pagina staan geen documenten.',
  firstPage: 'Naar de eerste pagina',
  loading: 'De documenten worden geladen…',
  error: 'De documenten konden niet worden geladen.',
  errorHint: 'Probeer het opnieuw. Lukt het dan nog niet, probeer het later nog eens.',
  retry: 'Opnieuw proberen',

  meta: {
    uploader: 'Geüpload door',
    unknownUploader: 'Onbekend (import)',
    modified: 'Datum',
    type: 'Soort',
    source: 'Bron',
    published: 'Gepubliceerd',
  },
  description: 'Beschrijving',
  noDescription: 'Geen beschrijving.',
  readMore: 'Hele beschrijving lezen',
  readLess: 'Beschrijving inkorten',
  files: 'Bestanden',
  noFiles: 'Geen bestanden.',
  notSearchable: (reason: string | null | undefined) =>
    `Inhoud niet doorzoekbaar. ${reason ?? ''}`.trim(),
  reading: 'De inhoud wordt gelezen; daarna is hij doorzoekbaar.',
  /** 'Opnieuw lezen' of a file whose text could not be read. */
  reread: {
    button: 'Opnieuw lezen',
    started: (fileName: string) =>
      `"${fileName}" wordt opnieuw gelezen. Lukt dat, dan is de inhoud over enkele minuten doorzoekbaar.`,
    failed: 'Opnieuw lezen is niet gelukt. Probeer het opnieuw.',
  },
  download: 'Downloaden',
  downloadFailed: 'Downloaden is niet gelukt.',
  openDocument: 'Bekijk het document met voorbeelden',
  disapprovedBecause: (category: string | null) =>
    category ? `Afgekeurd: ${category}` : 'Afgekeurd',
  /** Completes a button's name for screen readers: 'Goedkeuren' of which document. */
  actionOf: (title: string) => title,

  /** Four eyes: said instead of the buttons, when the admin may not decide it themselves. */
  selfValidation: {
    uploaded: 'U heeft dit document zelf geüpload. Een andere beheerder moet het beoordelen.',
    lastEdited:
      'U heeft dit document als laatste bewerkt. Een andere beheerder moet het beoordelen.',
  } satisfies Record<SelfValidationBlock, string>,

  approve: 'Goedkeuren',
  disapprove: 'Afkeuren',
  busy: 'Bezig…',
  approved: (title: string) => `"${title}" is goedgekeurd en gepubliceerd.`,
  disapproved: (title: string) => `"${title}" is afgekeurd. De uploader ziet uw toelichting.`,
  alreadyDone: (title: string, outcome: string) =>
    `"${title}" was al ${outcome}. Er is niets gewijzigd.`,
  outcome: {
    goedgekeurd: 'goedgekeurd',
    afgekeurd: 'afgekeurd',
    openstaand: 'open',
  } satisfies Record<DocumentStatus, string>,
  failed: 'Dat is niet gelukt. Probeer het opnieuw.',
  gone: 'Dit document bestaat niet (meer). De lijst is bijgewerkt.',
  listRefreshed: 'De lijst is bijgewerkt.',

  deleted: {
    heading: 'Verwijderde documenten',
    intro:
      'Een verwijderd document is nergens meer te zien, maar blijft een tijd bewaard. Tot de datum bij het document kunt u het herstellen; daarna wordt het met zijn bestanden definitief verwijderd.',
    listLabel: 'Verwijderde documenten die nog te herstellen zijn',
    total: (n: number) =>
      n === 1 ? '1 verwijderd document.' : `${formatNumber(n)} verwijderde documenten.`,
    empty: 'Er zijn geen verwijderde documenten.',
    loading: 'De verwijderde documenten worden geladen…',
    error: 'De verwijderde documenten konden niet worden geladen.',
    meta: {
      deletedBy: 'Verwijderd door',
      unknownPerson: 'Onbekend',
      /** A harvested document its source no longer lists (docs/harvesting.md). */
      withdrawn: 'Ingetrokken: de bron biedt het niet meer aan',
      deletedAt: 'Verwijderd op',
      status: 'Status',
      uploader: 'Geüpload door',
      type: 'Soort',
    },
    status: {
      openstaand: 'Wacht op validatie',
      goedgekeurd: 'Goedgekeurd',
      afgekeurd: 'Afgekeurd',
    } satisfies Record<DocumentStatus, string>,
    purgeOn: 'Wordt definitief verwijderd op',
    daysLeft: (days: number) =>
      days === 0 ? '(vandaag)' : days === 1 ? '(nog 1 dag)' : `(nog ${formatNumber(days)} dagen)`,
    restore: 'Herstellen',
    restored: {
      goedgekeurd: (title: string) =>
        `"${title}" is hersteld. Het document is weer gepubliceerd en voor iedereen te vinden.`,
      openstaand: (title: string) =>
        `"${title}" is hersteld. Het document staat weer in de lijst Open en wacht op validatie.`,
      afgekeurd: (title: string) =>
        `"${title}" is hersteld. Het document is weer afgekeurd; de uploader ziet het bij Mijn data.`,
    } satisfies Record<DocumentStatus, (title: string) => string>,
    viewRestored: 'Bekijk het herstelde document',
    gone: 'Dit document kan niet meer worden hersteld: de bewaartermijn is voorbij of het is al hersteld. De lijst is bijgewerkt.',
    failed: 'Herstellen is niet gelukt. Probeer het opnieuw.',
  },

  dialog: {
    heading: 'Document afkeuren',
    intro: (title: string) =>
      `Waarom keurt u "${title}" af? De uploader ziet de categorie en de toelichting bij Mijn data.`,
    category: 'Categorie',
    chooseCategory: 'Kies een categorie',
    description: 'Toelichting',
    descriptionHint: (max: number) =>
      `Wat moet de uploader aanpassen? Hoogstens ${formatNumber(max)} tekens.`,
    confirm: 'Afkeuren',
    cancel: 'Annuleren',
    busy: 'Bezig met afkeuren…',
  },
} as const

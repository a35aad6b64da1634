import type { DocumentStatus } from '@dataportaal/contract'
import { formatNumber } from '../../shared/format.ts'

/** Every Dutch text of /data and of deleting a document, together so they can be reviewed. */
export const MY_DATA_TEXTS = {
  heading: 'Mijn data',
  pageSuffix: (page: number) => ` – pagina ${page}`,
  intro:
    'Hier vindt u de documenten en datasets die u zelf hebt geüpload, in elke status. Een nieuw of gewijzigd document is pas openbaar nadat een beheerder het heeft goedgekeurd.',
  upload: 'Data uploaden',
  total: (total: number) =>
    total === 1
      ? 'U hebt 1 document geüpload.'
      : `U hebt ${formatNumber(total)} documenten geüpload.`,
  pageOf: (page: number, pageCount: number) => ` Pagina ${page} van ${formatNumber(pageCount)}.`,
  listLabel: 'Mijn documenten',
  loading: 'Uw documenten worden geladen…',
  error: 'Uw documenten konden niet worden geladen.',
  errorHint: 'Probeer het opnieuw. Lukt het dan nog niet, probeer het later nog eens.',
  retry: 'Opnieuw proberen',
  emptyHeading: 'U hebt nog geen documenten geüpload',
  emptyBody:
    'Deel een dataset, rapport of kaart met collega’s en inwoners. Na goedkeuring door een beheerder is het voor iedereen te vinden.',
  emptyAction: 'Upload uw eerste document',
  pageOutOfRange: 'Op deze pagina staan geen documenten.',
  firstPage: 'Naar de eerste pagina',

  status: {
    openstaand: 'Wacht op validatie',
    goedgekeurd: 'Goedgekeurd',
    afgekeurd: 'Afgekeurd',
  } satisfies Record<DocumentStatus, string>,
  statusLabel: 'Status',
  meta: { type: 'Soort', source: 'Bron', modified: 'Laatst gewijzigd', formats: 'Bestanden' },
  disapprovedHeading: (category: string | null) =>
    category ? `Afgekeurd: ${category}` : 'Afgekeurd door een beheerder',
  disapprovedHint: 'Pas het document aan; daarna beoordeelt een beheerder het opnieuw.',

  edit: 'Bewerken',
  delete: 'Verwijderen',
  /** Completes a button's name for screen readers: 'Bewerken' of which document. */
  actionOf: (title: string) => title,

  banners: {
    uploaded:
      'Uw document is geüpload. Het wacht nu op validatie door een beheerder; daarna is het voor iedereen te vinden.',
    uploadFailed:
      'Het uploaden is niet gelukt. Er is niets opgeslagen. Probeer het opnieuw; lukt het dan nog niet, probeer het later nog eens.',
    tryAgain: 'Opnieuw uploaden',
    deleted: 'Het document is verwijderd.',
  },

  dialog: {
    heading: 'Document verwijderen?',
    body: (title: string) =>
      `Weet u zeker dat u "${title}" wilt verwijderen? Het document en de bestanden verdwijnen meteen uit het dataportaal.`,
    confirm: 'Ja, verwijderen',
    cancel: 'Annuleren',
    busy: 'Bezig met verwijderen…',
    failed: 'Verwijderen is niet gelukt. Probeer het opnieuw.',
  },
} as const

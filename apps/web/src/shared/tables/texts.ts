import type { FieldType, ReportErrorType } from '@dataportaal/contract'
import { formatNumber } from '../format.ts'

/** The Dutch words for the Data API's types and report, shared by the document page and /validatie. */
export const TABLE_TEXTS = {
  fieldTypes: {
    integer: 'geheel getal',
    number: 'getal',
    boolean: 'ja/nee',
    date: 'datum',
    datetime: 'datum en tijd',
    string: 'tekst',
    geojson: 'geometrie',
  } satisfies Record<FieldType, string>,

  report: {
    heading: 'Kwaliteitsrapport',
    /** After a heading: which table it is about, for a page with several. */
    ofName: (name: string) => `van ${name}`,
    loading: 'Het rapport wordt geladen…',
    failed: 'Het kwaliteitsrapport kon niet worden opgehaald.',
    pending: 'De tabel wordt geladen; het rapport volgt als dat klaar is.',
    notLoaded: (reason: string | undefined) =>
      `De tabel kon niet worden geladen. ${reason ?? ''}`.trim(),
    valid: 'Geen problemen gevonden.',
    intro: 'De tabel is geladen, maar niet alles in het bestand klopte:',
    firstErrors: 'De eerste meldingen',
    row: 'Rij',
    column: 'Kolom',
    message: 'Melding',
    countsLabel: 'Aantal meldingen per soort',
    /** Before a count that is about one column. */
    inColumn: (name: string) => `Kolom ‘${name}’: `,
    counts: {
      'blank-label': (n: number) =>
        `${formatNumber(n)} ${n === 1 ? 'kolom' : 'kolommen'} zonder naam`,
      'duplicate-label': (n: number) =>
        `${formatNumber(n)} ${n === 1 ? 'kolomnaam komt' : 'kolomnamen komen'} dubbel voor`,
      'extra-cell': (n: number) =>
        `${formatNumber(n)} ${n === 1 ? 'rij' : 'rijen'} met meer cellen dan kolommen`,
      'missing-cell': (n: number) =>
        `${formatNumber(n)} ${n === 1 ? 'rij' : 'rijen'} met minder cellen dan kolommen`,
      'type-error': (n: number) =>
        `${formatNumber(n)} ${n === 1 ? 'waarde past' : 'waarden passen'} niet bij het type van de kolom`,
      'blank-row': (n: number) => `${formatNumber(n)} lege ${n === 1 ? 'rij' : 'rijen'}`,
      'table-cut': () => 'De tabel is afgekapt: het bestand heeft meer rijen dan het maximum',
    } satisfies Record<ReportErrorType, (count: number) => string>,
  },
} as const

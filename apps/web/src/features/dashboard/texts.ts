import type { DashboardPeriod, DocumentStatus } from '@dataportaal/contract'
import { formatNumber } from '../../shared/format.ts'

const n = formatNumber
/** A heading inside a sentence; only its first letter, for 'Woo' keeps its capital. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)

/** Every text of /dashboard, together so it can be read as Dutch. */
export const DASHBOARD_TEXTS = {
  heading: 'Dashboard',
  purpose: 'Hier zien beheerders de statistieken van het portaal.',
  intro:
    'Cijfers over de catalogus en over het gebruik van het portaal. De gekozen periode geldt voor openingen, zoekvragen en actieve medewerkers; uploads per maand tonen altijd de laatste 12 maanden.',
  periodLabel: 'Periode',
  period: {
    '7d': 'Laatste 7 dagen',
    '30d': 'Laatste 30 dagen',
    '90d': 'Laatste 90 dagen',
    '365d': 'Laatste 365 dagen',
  } satisfies Record<DashboardPeriod, string>,
  range: (from: string, to: string) => `Van ${from} tot en met ${to}.`,
  generatedAt: (time: string) => `Cijfers van ${time}; ze worden elke minuut ververst.`,
  loading: 'Statistieken worden geladen…',
  error: 'De statistieken konden niet worden geladen.',
  errorHint: 'Probeer het opnieuw. Blijft het misgaan, neem dan contact op met de servicedesk.',
  retry: 'Opnieuw proberen',
  keyFigures: 'Kerncijfers',
  tiles: {
    documents: 'Documenten',
    averageRating: 'Gemiddelde waardering',
    noRating: 'Nog geen waarderingen',
    ratingCount: (count: number) => (count === 1 ? '1 waardering' : `${n(count)} waarderingen`),
    activeEmployees: 'Actieve medewerkers',
    activeIn: (period: string) => period.toLowerCase(),
    opens: 'Geopende documenten',
    dataRequests: 'Datavragen nog niet bezorgd',
    allDelivered: 'Alle datavragen zijn bezorgd',
    dataRequestParts: ({
      waiting,
      held,
      failed,
    }: {
      waiting: number
      held: number
      failed: number
    }) =>
      [
        failed > 0 && `${n(failed)} mislukt, opnieuw te versturen door de technisch beheerder`,
        held > 0 && `${n(held)} wacht${held === 1 ? '' : 'en'} op een mailserver`,
        waiting > 0 && `${n(waiting)} wordt verstuurd`,
      ]
        .filter(Boolean)
        .join('; '),
    subscriptions: 'E-mailabonnementen',
    subscriptionParts: ({
      confirmed,
      sent,
      bounced,
    }: {
      confirmed: number
      sent: number
      bounced: number
    }) =>
      `${n(confirmed)} bevestigd; ${n(sent)} ${sent === 1 ? 'bericht' : 'berichten'} verstuurd, ${n(bounced)} onbestelbaar`,
  },
  showTable: 'Toon als tabel',
  count: 'Aantal',
  empty: 'Geen gegevens in deze periode.',
  statuses: {
    openstaand: 'Openstaand',
    goedgekeurd: 'Goedgekeurd',
    afgekeurd: 'Afgekeurd',
  } satisfies Record<DocumentStatus, string>,
  charts: {
    byStatus: { heading: 'Documenten per status', column: 'Status' },
    byContentType: { heading: 'Documenten per soort', column: 'Soort' },
    byTheme: {
      heading: 'Documenten per thema',
      column: 'Thema',
      note: 'Een document met meer thema’s telt bij elk thema mee.',
      rest: (count: number) => `Overige thema’s (${n(count)})`,
      none: 'Geen thema',
    },
    byWooCategory: {
      heading: 'Documenten per Woo-informatiecategorie',
      column: 'Woo-informatiecategorie',
      empty: 'Nog geen documenten met een Woo-informatiecategorie.',
    },
    uploads: { heading: 'Uploads per maand', column: 'Maand' },
    opens: { heading: 'Geopende documenten per dag', column: 'Dag' },
    topDocuments: {
      heading: 'Meest geopende documenten',
      column: 'Document',
      empty: 'In deze periode is geen document geopend.',
    },
    topQueries: {
      heading: 'Meest gezochte zoekvragen',
      column: 'Zoekvraag',
      empty: 'In deze periode is niet met tekst gezocht.',
    },
    zeroResults: {
      heading: 'Zoekvragen zonder resultaten',
      column: 'Zoekvraag',
      empty: 'In deze periode had elke zoekvraag resultaten.',
    },
  },
  /** The chart's text alternative: what it shows and its largest value. */
  barSummary: (
    heading: string,
    top: { label: string; count: number } | undefined,
    total: number,
  ) =>
    top
      ? `Staafdiagram ${lowerFirst(heading)}: ${n(total)} in totaal, de meeste bij ${top.label} (${n(top.count)}).`
      : `Staafdiagram ${lowerFirst(heading)}: geen gegevens.`,
  lineSummary: (
    heading: string,
    total: number,
    peak: { label: string; count: number } | undefined,
  ) =>
    peak && peak.count > 0
      ? `Lijndiagram ${lowerFirst(heading)}: ${n(total)} in totaal, het meest op ${peak.label} (${n(peak.count)}).`
      : `Lijndiagram ${lowerFirst(heading)}: geen gegevens in deze periode.`,
}

import { HARVEST_LIMITS, type HarvestRunStatus, type HarvestTrigger } from '@dataportaal/contract'
import { formatNumber } from '../../shared/format.ts'

const n = formatNumber

/** Every Dutch text of /harvesten, together so it can be read as Dutch. */
export const HARVEST_TEXTS = {
  title: 'Harvesten uit andere catalogi',
  intro:
    'Hier haalt het portaal de datasets van andere catalogi binnen, volgens een vast schema of wanneer u erom vraagt. Wat een bron niet meer aanbiedt, wordt hier ook ingetrokken; biedt de bron het later weer aan, dan komt het terug.',
  retry: 'Opnieuw proberen',

  sourcesHeading: 'Bronnen',
  loading: 'De bronnen worden geladen…',
  loadFailed: 'De bronnen konden niet worden geladen.',
  empty: 'Er zijn nog geen bronnen. Voeg hieronder de eerste bron toe met ‘Bron toevoegen’.',
  columns: {
    name: 'Naam',
    kind: 'Soort',
    sourceName: 'Bron in portaal',
    schedule: 'Schema',
    trusted: 'Vertrouwd',
    enabled: 'Status',
    documents: 'Documenten',
    lastRun: 'Laatste run',
    actions: 'Acties',
  },
  yes: 'Ja',
  no: 'Nee',
  on: 'Aan',
  off: 'Uit',
  never: 'Nog niet opgehaald',
  runNow: 'Nu ophalen',
  starting: 'Bezig met starten…',
  edit: 'Bewerken',
  report: 'Verslag',
  of: (name: string) => `van ${name}`,
  runBlockedActive: 'Er loopt al een run van deze bron.',
  runBlockedOff: 'De bron staat uit; zet hem eerst aan.',
  runStarted: (name: string) =>
    `Het ophalen van ‘${name}’ is gestart. Het verslag staat hieronder.`,
  runFailedToStart: (name: string, reason: string | undefined) =>
    `Het ophalen van ‘${name}’ kon niet worden gestart. ${reason ?? 'Probeer het later opnieuw.'}`,

  form: {
    addHeading: 'Bron toevoegen',
    editHeading: (name: string) => `Bron bewerken: ${name}`,
    name: 'Naam',
    nameHint: `Hoe beheerders de bron kennen. Hoogstens ${HARVEST_LIMITS.nameMax} tekens.`,
    url: 'URL',
    urlHint:
      'Het adres van de DCAT-catalogus of van de CKAN-API, bijvoorbeeld https://data.voorbeeld.nl/api/3/action/package_search.',
    kind: 'Soort bron',
    sourceName: 'Bronnaam in het portaal',
    sourceNameHint:
      'De bron die de opgehaalde documenten in het portaal krijgen, zoals bij een upload.',
    schedule: 'Schema',
    scheduleHint: 'Hoe vaak het portaal de bron vanzelf ophaalt.',
    options: 'Instellingen',
    trusted: 'Vertrouwd',
    trustedHint:
      'Documenten direct publiceren, zonder validatie. Anders wachten ze in Data Validatie, ook na elke wijziging bij de bron.',
    publish: 'Publiceren',
    publishHint: 'Opnemen in de eigen DCAT-catalogus en Woo-sitemaps.',
    enabled: 'Aan',
    enabledHint:
      'Staat de bron uit, dan slaat het schema hem over en kan hij niet worden opgehaald.',
    add: 'Bron toevoegen',
    save: 'Wijzigingen opslaan',
    saving: 'Bezig met opslaan…',
    cancel: 'Annuleren',
    added: (name: string) => `De bron ‘${name}’ is toegevoegd.`,
    saved: (name: string) => `De wijzigingen van ‘${name}’ zijn opgeslagen.`,
    failed: 'De bron kon niet worden opgeslagen. Probeer het later opnieuw.',
  },

  reportHeading: (name: string) => `Verslag van ‘${name}’`,
  runsLoading: 'De runs worden geladen…',
  runsFailed: 'De runs van deze bron konden niet worden geladen.',
  noRuns: 'Deze bron is nog niet opgehaald.',
  runPicker: 'Run',
  runPickerHint: `De nieuwste eerst; de laatste ${HARVEST_LIMITS.runsListed} runs.`,
  runOption: (when: string, status: string, dryRun: boolean) =>
    `${when}: ${status}${dryRun ? ' (proefrun)' : ''}`,
  status: {
    queued: 'In de wachtrij',
    running: 'Bezig',
    succeeded: 'Geslaagd',
    failed: 'Mislukt',
  } satisfies Record<HarvestRunStatus, string>,
  trigger: {
    manual: 'met de hand gestart',
    schedule: 'volgens het schema',
    cli: 'vanaf de opdrachtregel',
  } satisfies Record<HarvestTrigger, string>,
  dryRun: 'Proefrun',
  dryRunHint: 'Een proefrun leest de bron maar verandert niets in het portaal.',
  runFacts: {
    status: 'Status',
    trigger: 'Gestart',
    queuedAt: 'In de wachtrij gezet',
    startedAt: 'Begonnen',
    finishedAt: 'Klaar',
  },
  progressLabel: 'Voortgang',
  progress: (pages: number, records: number, expected: number | null) =>
    `Pagina ${n(pages)} gelezen, ${n(records)}${expected === null ? '' : ` van ${n(expected)}`} records`,
  pagesRead: (pages: number) => `Pagina ${n(pages)} gelezen.`,
  waiting: 'De run wacht tot hij aan de beurt is.',
  failedTitle: 'Deze run is mislukt. Er is niets in het portaal veranderd.',
  countsHeading: 'Resultaat',
  counts: {
    created: 'Nieuw',
    updated: 'Bijgewerkt',
    withdrawn: 'Ingetrokken',
    unchanged: 'Ongewijzigd',
    refused: 'Geweigerd',
  },
  refusalsHeading: 'Geweigerde records',
  refusalColumns: { identifier: 'Identificatie', title: 'Titel', reason: 'Reden' },
  noTitle: 'Zonder titel',
  refusalsCapped: (shown: number, total: number) =>
    `De eerste ${n(shown)} van ${n(total)} geweigerde records; de rest staat niet in het verslag.`,
  unmappedHeading: 'Onbekende thema’s',
  unmappedHint:
    'Deze thema’s, trefwoorden of groepen van de bron horen bij geen thema van het portaal. Voeg ze op de pagina Thema’s toe als thema of als synoniem van een thema; de volgende run neemt ze dan over.',
  themesLink: 'Naar Thema’s',
  unmappedColumns: { name: 'Naam', count: 'Aantal' },
}

const dateTimeFormat = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long', timeStyle: 'short' })

/** An ISO timestamp → '24 november 2026 om 14:05', as the report says when something happened. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date)
}

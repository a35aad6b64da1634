import type { FileProblem, LinkPlace } from '@dataportaal/contract'
import { formatDate, formatNumber } from '../../shared/format.ts'

/** Every Dutch text of the section 'Links en bestanden' of /validatie, together. */
export const LINKS_TEXTS = {
  heading: 'Links en bestanden',
  intro:
    'Het dataportaal controleert regelmatig of de links naar bestanden en bronpagina’s van documenten nog werken, en of de opgeslagen bestanden nog compleet en ongewijzigd zijn. Een link heet kapot als hij drie controles op rij niet werkte. Niets wordt vanzelf hersteld.',
  lastChecks: (links: string | null, files: string | null) =>
    [
      links
        ? `Links het laatst gecontroleerd op ${formatDate(links)}.`
        : 'Links nog niet gecontroleerd.',
      files
        ? `Bestanden het laatst gecontroleerd op ${formatDate(files)}.`
        : 'Bestanden nog niet gecontroleerd.',
    ].join(' '),
  loading: 'De controles worden geladen…',
  error: 'De controles konden niet worden geladen.',
  retry: 'Opnieuw proberen',

  links: {
    heading: 'Kapotte links',
    empty: 'Geen kapotte links gevonden.',
    shown: (shown: number, total: number) =>
      shown < total ? `De eerste ${formatNumber(shown)} van ${formatNumber(total)}.` : '',
    columns: { document: 'Document', link: 'Link', error: 'Fout', since: 'Kapot sinds' },
    place: {
      bestand: 'Bestand',
      bronpagina: 'Bronpagina',
    } satisfies Record<LinkPlace, string>,
    noAnswer: 'Geen antwoord',
  },
  files: {
    heading: 'Beschadigde bestanden',
    empty: 'Alle opgeslagen bestanden zijn compleet en ongewijzigd.',
    columns: { document: 'Document', file: 'Bestand', problem: 'Probleem', since: 'Gevonden op' },
    problem: {
      ontbreekt: 'Ontbreekt in de opslag',
      gewijzigd: 'Inhoud past niet meer bij de SHA-256',
    } satisfies Record<FileProblem, string>,
    restoreHint:
      'Zet een beschadigd bestand terug uit de back-up (zie de beheerdocumentatie); de volgende controle ziet het dan weer als in orde.',
  },
  since: (iso: string | null) => (iso ? formatDate(iso) : ''),
} as const

import {
  PRIVACY_KIND_NAMES,
  type PrivacyKind,
  type PrivacyResolution,
  type PrivacyStatus,
} from '@dataportaal/contract'
import { formatNumber } from '../../shared/format.ts'

/** Every Dutch text of the personal-data check, together so they can be reviewed. */
export const PRIVACY_TEXTS = {
  heading: 'Mogelijke persoonsgegevens',
  intro:
    'Het portaal zoekt in de titel, de beschrijving en de bestanden naar gegevens die op persoonsgegevens lijken. Alleen u en de beheerders zien dit; het wordt nooit gepubliceerd.',
  status: {
    'niet-gecontroleerd': 'Niet (volledig) gecontroleerd',
    'geen-bevindingen': 'Gecontroleerd: niets gevonden',
    bevindingen: 'Mogelijke persoonsgegevens gevonden; een beheerder moet ze beoordelen',
    beoordeeld: 'Gecontroleerd en beoordeeld door een beheerder',
  } satisfies Record<PrivacyStatus, string>,
  pending: 'De controle op persoonsgegevens loopt nog; wat ze vindt verschijnt hier vanzelf.',
  kind: (kind: PrivacyKind) => PRIVACY_KIND_NAMES[kind],
  where: (fileName: string | undefined, location: string) =>
    fileName ? `${fileName}, ${location}` : location,
  count: (n: number) => (n === 1 ? '1 keer' : `${formatNumber(n)} keer`),
  labels: {
    kind: 'Soort',
    where: 'Waar',
    masked: 'Gevonden (gemaskeerd)',
    context: 'Context',
    count: 'Aantal',
    judgement: 'Oordeel',
  },
  resolution: {
    'geen-persoonsgegeven': 'Geen persoonsgegeven',
    'mag-openbaar': 'Mag openbaar',
  } satisfies Record<PrivacyResolution, string>,
  judged: (resolution: string, by: string | undefined, reason: string) =>
    `${resolution}${by ? ` (${by})` : ''}: ${reason}`,
  open: 'Nog niet beoordeeld',
  ownerNote: (note: string) => `Toelichting eigenaar: ${note}`,
  unscannedHeading: 'Niet gecontroleerd',
  unscannedPart: (fileName: string | undefined) => fileName ?? 'Titel en beschrijving',
  checkedByHand: (by: string | undefined, reason: string) =>
    `Met de hand gecontroleerd${by ? ` door ${by}` : ''}: ${reason}`,

  note: {
    button: 'Geen persoonsgegeven',
    reason: 'Waarom is dit geen persoonsgegeven?',
    hint: 'De beheerder leest uw toelichting bij de beoordeling.',
    save: 'Toelichting opslaan',
    cancel: 'Annuleren',
    saved: 'Uw toelichting is opgeslagen. Een beheerder beoordeelt de bevinding.',
    failed: 'De toelichting kon niet worden opgeslagen. Probeer het opnieuw.',
  },

  review: {
    heading: 'Persoonsgegevens beoordelen',
    counts: 'Open bevindingen',
    countOf: (kind: PrivacyKind, n: number) => `${PRIVACY_KIND_NAMES[kind]}: ${formatNumber(n)}`,
    finding: (kind: PrivacyKind, where: string) => `${PRIVACY_KIND_NAMES[kind]} in ${where}`,
    choice: 'Uw oordeel',
    mustGo: 'Moet weg (afkeuren)',
    reason: 'Reden',
    unscannedChoice: 'Met de hand gecontroleerd',
    unscannedReason: 'Wat heeft u gecontroleerd?',
    submit: 'Beoordeling opslaan',
    nothingChosen: 'Kies bij ten minste één bevinding een oordeel.',
    reasonMissing: 'Vul bij elk oordeel een reden in.',
    saved: 'De beoordeling is opgeslagen.',
    failed: 'De beoordeling kon niet worden opgeslagen. Probeer het opnieuw.',
    mustGoReason: (kind: PrivacyKind, where: string, masked: string) =>
      `Mogelijke persoonsgegevens: ${PRIVACY_KIND_NAMES[kind]} in ${where} (${masked}). Haal deze gegevens weg en upload het document opnieuw.`,
    selfReview:
      'U heeft dit document zelf geüpload of als laatste bewerkt; een andere beheerder moet de persoonsgegevens beoordelen.',
  },

  published: {
    heading: 'Gepubliceerd met mogelijke persoonsgegevens',
    intro:
      'Deze gepubliceerde documenten bevatten mogelijke persoonsgegevens die nog niemand heeft beoordeeld. Ze blijven gepubliceerd tot u ze beoordeelt, laat aanpassen of verwijdert.',
    loading: 'De lijst wordt geladen…',
    error: 'De lijst kon niet worden geladen.',
    source: (owner: string | null, harvest: string | null) =>
      harvest ? `Geoogst uit ${harvest}` : owner ? `Geüpload door ${owner}` : 'Import',
    more: (n: number) => `En nog ${formatNumber(n)} andere documenten.`,
  },
} as const

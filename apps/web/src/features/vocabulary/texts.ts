import { THESAURUS_LIMITS, VOCABULARY_LIMITS } from '@dataportaal/contract'
import { formatNumber } from '../../shared/format.ts'

/** 'op geen enkel document', 'op 1 document', 'op 12 documenten'. */
const onDocuments = (count: number) =>
  count === 0
    ? 'op geen enkel document'
    : `op ${formatNumber(count)} ${count === 1 ? 'document' : 'documenten'}`

/** The words of one vocabulary screen: /thema (themes) or /tag (labels). */
export interface VocabularyTexts {
  title: string
  intro: string
  newItem: string
  newItemHint: string
  add: string
  adding: string
  added: (name: string) => string
  addFailed: string
  duplicate: (name: string) => string
  listHeading: string
  filter: string
  filterHint: string
  count: (shown: number, total: number) => string
  empty: string
  noMatch: (filter: string) => string
  loading: string
  loadFailed: string
  retry: string
  columns: { name: string; documents: string; actions: string }
  delete: string
  deleteDialog: {
    heading: (name: string) => string
    body: (count: number) => string
    confirm: string
    cancel: string
    busy: string
    failed: string
  }
  deleted: (name: string) => string
  pagination: string
}

const shared = {
  newItemHint: `Hoogstens ${VOCABULARY_LIMITS.nameMax} tekens. Hoofdletters tellen niet mee: ‘Wonen’ en ‘wonen’ zijn dezelfde naam.`,
  adding: 'Bezig met toevoegen…',
  filterHint: 'Toont de namen waarin deze tekst voorkomt.',
  loading: 'Bezig met laden…',
  retry: 'Opnieuw proberen',
  delete: 'Verwijderen',
}

const deleteDialog = {
  cancel: 'Annuleren',
  busy: 'Bezig met verwijderen…',
}

export const THEME_TEXTS: VocabularyTexts = {
  ...shared,
  title: "Thema's",
  intro:
    'Beheer de thema’s waarmee documenten worden ingedeeld, en per thema de synoniemen en verwante termen (de thesaurus). Zoeken gebruikt een wijziging meteen.',
  newItem: 'Nieuw thema',
  add: 'Thema toevoegen',
  added: (name) => `Het thema ‘${name}’ is toegevoegd.`,
  addFailed: 'Het thema kon niet worden toegevoegd. Probeer het later opnieuw.',
  duplicate: (name) => `Er bestaat al een thema met deze naam: ${name}.`,
  listHeading: 'Alle thema’s',
  filter: 'Thema’s filteren',
  count: (shown, total) =>
    shown === total
      ? `${formatNumber(total)} ${total === 1 ? 'thema' : 'thema’s'}`
      : `${formatNumber(shown)} van ${formatNumber(total)} thema’s`,
  empty: 'Er zijn nog geen thema’s. Voeg hierboven het eerste thema toe.',
  noMatch: (filter) => `Geen thema’s gevonden met ‘${filter}’.`,
  loadFailed: 'De thema’s konden niet worden geladen.',
  columns: { name: 'Thema', documents: 'Documenten', actions: 'Acties' },
  deleteDialog: {
    ...deleteDialog,
    heading: (name) => `Thema ‘${name}’ verwijderen?`,
    body: (count) =>
      `Dit thema staat ${onDocuments(count)}. Het verdwijnt van ${count === 1 ? 'dat document' : 'die documenten'}, uit de thesaurus en uit de gevolgde thema’s van medewerkers. Dit kan niet ongedaan worden gemaakt.`,
    confirm: 'Thema verwijderen',
    failed: 'Het thema kon niet worden verwijderd. Probeer het later opnieuw.',
  },
  deleted: (name) => `Het thema ‘${name}’ is verwijderd.`,
  pagination: 'Paginering van de thema’s',
}

export const LABEL_TEXTS: VocabularyTexts = {
  ...shared,
  title: 'Labels',
  intro:
    'Beheer de labels die medewerkers aan documenten hangen. Labels zijn alleen zichtbaar voor medewerkers.',
  newItem: 'Nieuw label',
  add: 'Label toevoegen',
  added: (name) => `Het label ‘${name}’ is toegevoegd.`,
  addFailed: 'Het label kon niet worden toegevoegd. Probeer het later opnieuw.',
  duplicate: (name) => `Er bestaat al een label met deze naam: ${name}.`,
  listHeading: 'Alle labels',
  filter: 'Labels filteren',
  count: (shown, total) =>
    shown === total
      ? `${formatNumber(total)} ${total === 1 ? 'label' : 'labels'}`
      : `${formatNumber(shown)} van ${formatNumber(total)} labels`,
  empty: 'Er zijn nog geen labels. Voeg hierboven het eerste label toe.',
  noMatch: (filter) => `Geen labels gevonden met ‘${filter}’.`,
  loadFailed: 'De labels konden niet worden geladen.',
  columns: { name: 'Label', documents: 'Documenten', actions: 'Acties' },
  deleteDialog: {
    ...deleteDialog,
    heading: (name) => `Label ‘${name}’ verwijderen?`,
    body: (count) =>
      `Dit label staat ${onDocuments(count)}. Het verdwijnt van ${count === 1 ? 'dat document' : 'die documenten'}. Dit kan niet ongedaan worden gemaakt.`,
    confirm: 'Label verwijderen',
    failed: 'Het label kon niet worden verwijderd. Probeer het later opnieuw.',
  },
  deleted: (name) => `Het label ‘${name}’ is verwijderd.`,
  pagination: 'Paginering van de labels',
}

export const THESAURUS_TEXTS = {
  synonyms: 'Synoniemen',
  related: 'Verwante termen',
  none: 'geen',
  edit: 'Thesaurus bewerken',
  editOf: (name: string) => `van ${name}`,
  heading: (name: string) => `Thesaurus van ‘${name}’`,
  description:
    'Zet elke term op een eigen regel. Wie zoekt op een synoniem, vindt de documenten van dit thema. Verwante termen zijn ‘zie ook’-verwijzingen, bijvoorbeeld naar een ander thema.',
  synonymsHint: 'Eén synoniem per regel.',
  relatedHint: 'Eén term per regel.',
  save: 'Opslaan',
  saving: 'Bezig met opslaan…',
  cancel: 'Annuleren',
  saved: (name: string) => `De synoniemen en verwante termen van ‘${name}’ zijn opgeslagen.`,
  failed: 'De thesaurus kon niet worden opgeslagen. Probeer het later opnieuw.',
  loadFailed: 'De synoniemen en verwante termen konden niet worden geladen; bewerken kan nu niet.',
  tooLong: (term: string) =>
    `‘${term.length > 30 ? `${term.slice(0, 30)}…` : term}’ is langer dan ${VOCABULARY_LIMITS.nameMax} tekens.`,
  tooMany: `Hoogstens ${THESAURUS_LIMITS.termsMax} termen.`,
  control: 'Een term mag geen tabs of andere stuurtekens bevatten.',
}

/** The EU data theme of each theme, which the DCAT catalogue publishes as dcat:theme. */
export const EU_THEME_TEXTS = {
  column: 'EU-datathema',
  label: (name: string) => `EU-datathema van ${name}`,
  none: 'Niet gekoppeld',
  saved: (name: string) => `EU-datathema van ‘${name}’ is opgeslagen.`,
  failed: (name: string, reason: string | undefined) =>
    `Het EU-datathema van ‘${name}’ kon niet worden opgeslagen. ${reason ?? 'Probeer het later opnieuw.'}`,
}

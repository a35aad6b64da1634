import { formatNumber } from '../../shared/format.ts'

/** Every Dutch text of the upload and edit form, together so they can be reviewed. */
export const UPLOAD_TEXTS = {
  uploadHeading: 'Data uploaden',
  uploadIntro:
    'Deel een dataset, rapport, kaart of ander document. Na het uploaden beoordeelt een beheerder het; daarna is het voor iedereen te vinden.',
  uploadPurpose: 'Hier uploadt u een nieuw document of een nieuwe dataset.',
  editHeading: 'Document bewerken',
  editIntro:
    'Na het opslaan beoordeelt een beheerder het document opnieuw. Tot dan is het niet openbaar.',
  editPurpose: 'Hier past u een document aan dat u hebt geüpload.',
  editNotAllowed:
    'Alleen wie dit document heeft geüpload en beheerders kunnen het bewerken. U kunt het wel bekijken.',
  backToDocument: 'Terug naar het document',
  loading: 'Het formulier wordt geladen…',
  loadError: 'Het formulier kon niet worden geladen.',
  loadErrorHint: 'Probeer het opnieuw. Lukt het dan nog niet, probeer het later nog eens.',
  retry: 'Opnieuw proberen',
  notFoundTitle: 'Document niet gevonden',
  notFoundBody: 'Dit document bestaat niet (meer), of u hebt er geen toegang toe.',

  title: 'Titel',
  titleHint: (min: number, max: number) => `Tussen ${min} en ${max} tekens.`,
  description: 'Beschrijving',
  descriptionHint: 'Waar gaat het over, hoe is het gemaakt, waar kunt u het voor gebruiken?',
  charactersLeft: (left: number) =>
    left >= 0
      ? `Nog ${formatNumber(left)} ${left === 1 ? 'teken' : 'tekens'} over.`
      : `${formatNumber(-left)} ${left === -1 ? 'teken' : 'tekens'} te veel.`,
  contentType: 'Soort',
  source: 'Bron',
  sourceHint:
    'De afdeling of het systeem waar het vandaan komt, bijvoorbeeld Onderzoek en Statistiek.',
  themes: 'Thema’s',
  themesHint: 'Kies de thema’s waar het over gaat. Zo vinden anderen het makkelijker.',
  noThemes: 'Er zijn nog geen thema’s om uit te kiezen.',
  wooCategory: 'Woo-informatiecategorie',
  wooCategoryHint: 'Alleen voor documenten die de gemeente openbaar maakt onder de Woo.',
  wooCategoryNone: 'Geen (geen Woo-document)',
  license: 'Licentie',
  licenseHint: 'Onder welke voorwaarden mogen anderen het gebruiken?',
  licenseOther: 'Andere licentie',
  licenseOtherLabel: 'Naam of omschrijving van de licentie',

  files: 'Bestanden',
  filesHint: (types: string, maxMb: number) =>
    `Eén of meer bestanden, samen hoogstens ${formatNumber(maxMb)} MB. Toegestaan: ${types}.`,
  addFiles: 'Bestanden kiezen',
  addMoreFiles: 'Meer bestanden kiezen',
  newFiles: 'Nieuwe bestanden',
  removeNewFile: 'Niet uploaden',
  existingFiles: 'Huidige bestanden',
  keep: 'Behouden',
  remove: 'Verwijderen',

  submitUpload: 'Uploaden',
  submitEdit: 'Wijzigingen opslaan',
  cancel: 'Annuleren',
  progressLabel: 'Voortgang van het uploaden',
  progressText: (percent: number) => `Bezig met uploaden: ${percent}%`,
  progressAnnouncement: (percent: number) => `Uploaden ${percent} procent`,
  processing: 'Bestanden worden gecontroleerd…',

  // The document's own fields speak with the contract's messages (UploadForm); these are
  // what only the form checks (the files, a licence of one's own) and what the server adds.
  errors: {
    licenseMissing: 'Vul de naam van de licentie in.',
    filesMissing: 'Kies minstens één bestand.',
    filesTooMany: (max: number) => `Kies hoogstens ${max} bestanden tegelijk.`,
    fileTooLarge: (maxMb: number) => `Het bestand is te groot (maximaal ${formatNumber(maxMb)} MB)`,
    fileTooLargeNamed: (name: string, maxMb: number) =>
      `${name}: het bestand is te groot (maximaal ${formatNumber(maxMb)} MB).`,
    filesTooLarge: (maxMb: number) =>
      `De bestanden zijn samen te groot (maximaal ${formatNumber(maxMb)} MB).`,
    fileTypeRefused: (name: string, types: string) =>
      `${name}: dit soort bestand kan niet worden geüpload. Toegestaan: ${types}.`,
    fileEmpty: (name: string) => `${name}: dit bestand is leeg.`,
    refusedType: 'Dit soort bestand kan niet worden geüpload.',
    invalid: 'De invoer voldoet niet aan de regels.',
  },

  editResult: {
    saved:
      'Uw wijzigingen zijn opgeslagen. Het document wacht nu op validatie door een beheerder; tot dan is het niet openbaar.',
    failed:
      'Het opslaan van uw wijzigingen is niet gelukt. Het document is niet veranderd. Probeer het opnieuw.',
    tryAgain: 'Opnieuw bewerken',
  },
} as const

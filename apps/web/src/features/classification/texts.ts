/** Every Dutch text of the themes and labels on the document page, together for review. */
export const CLASSIFICATION_TEXTS = {
  heading: 'Thema’s en labels',
  intro: 'Voeg thema’s en labels toe of haal ze weg, zodat collega’s dit document beter vinden.',
  theme: {
    heading: 'Thema’s',
    none: 'Dit document heeft nog geen thema’s.',
    add: 'Thema toevoegen',
    hint: 'Typ een deel van een thema of synoniem en kies uit de lijst.',
    remove: (name: string) => `Thema ${name} verwijderen`,
    added: (name: string) => `Thema ${name} is toegevoegd.`,
    removed: (name: string) => `Thema ${name} is verwijderd.`,
    removeFailed: (name: string) =>
      `Thema ${name} kon niet worden verwijderd. Probeer het opnieuw.`,
  },
  label: {
    heading: 'Labels',
    none: 'Dit document heeft nog geen labels.',
    add: 'Label toevoegen',
    hint: 'Labels zijn intern: alleen medewerkers zien ze.',
    remove: (name: string) => `Label ${name} verwijderen`,
    added: (name: string) => `Label ${name} is toegevoegd.`,
    removed: (name: string) => `Label ${name} is verwijderd.`,
    removeFailed: (name: string) =>
      `Label ${name} kon niet worden verwijderd. Probeer het opnieuw.`,
  },
  synonym: (synonym: string, term: string) => `${synonym} (synoniem van ${term})`,
  submit: 'Toevoegen',
  suggestions: 'Suggesties',
  suggestionCount: (count: number) =>
    count === 1 ? '1 suggestie beschikbaar' : `${count} suggesties beschikbaar`,
  addFailed: 'Toevoegen is niet gelukt. Probeer het later opnieuw.',
}

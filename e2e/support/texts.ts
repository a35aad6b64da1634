/**
 * The Dutch texts the journeys look for, as the specification and issue 3 quote them
 * (they must appear exactly as written).
 */
export const TEXTS = {
  firstVisitHeading: 'Bent u op zoek naar',
  publicPortal: 'Het openbare Dataportaal',
  employeeSignIn: 'Inloggen voor medewerkers',
  contrastToggle: 'Hoog contrast',
  notSignedIn: 'Niet ingelogd',
  signIn: 'Inloggen',
  faqLink: 'FAQ',
  dataQuestionLink: 'Datavraag',
  searchPlaceholder: 'Zoek datasets, rapporten, kaarten en meer',
  emptyQueryPlaceholder: 'Typ uw zoekterm in de balk',
  searchSubmit: 'Zoeken',
} as const

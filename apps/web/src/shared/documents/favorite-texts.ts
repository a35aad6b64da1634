/** Every Dutch text of the favourite star (also used by /favorieten), together for review. */
export const FAVORITE_TEXTS = {
  add: 'Markeer als favoriet',
  remove: 'Verwijder uit favorieten',
  /** In a list the star alone is shown; its name says which document it is for. */
  named: (action: string, title: string) => `${action}: ${title}`,
  /** Visible next to the star on the document page; part of both names above. */
  visible: 'Favoriet',
  addFailed: 'Markeren als favoriet is niet gelukt. Probeer het later opnieuw.',
  removeFailed: 'Verwijderen uit uw favorieten is niet gelukt. Probeer het later opnieuw.',
}

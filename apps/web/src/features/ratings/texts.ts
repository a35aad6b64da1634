/** Every Dutch text of the rating on the document page, together for review. */
export const RATING_TEXTS = {
  legend: 'Uw beoordeling',
  stars: (stars: number) => (stars === 1 ? '1 ster' : `${stars} sterren`),
  yours: (stars: number) => `U gaf dit document ${stars === 1 ? '1 ster' : `${stars} sterren`}.`,
  none: 'U hebt dit document nog niet beoordeeld.',
  reset: 'Beoordeling verwijderen',
  saveFailed: 'Uw beoordeling kon niet worden opgeslagen. Probeer het later opnieuw.',
  resetFailed: 'Uw beoordeling kon niet worden verwijderd. Probeer het later opnieuw.',
}

/** The Dutch texts of the screens a visitor or an employee without the role may not use. */
export const SIGN_IN_TEXTS = {
  visitor:
    'Deze pagina is alleen beschikbaar voor medewerkers van de gemeente. Log in met uw werkaccount om verder te gaan.',
  notAdmin: 'Deze pagina is alleen beschikbaar voor beheerders van het dataportaal.',
  coming: 'Deze functie wordt op dit moment aan het dataportaal toegevoegd.',
  signIn: 'Inloggen',
  home: 'Naar de startpagina',
}

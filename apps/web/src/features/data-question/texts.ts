import { formatNumber } from '../../shared/format.ts'

/** Every text of /datavraag, together so they can be read as Dutch. */
export const DATA_QUESTION_TEXTS = {
  title: 'Datavraag',
  intro:
    'Zoekt u gegevens die niet op het dataportaal staan? Of heeft u een vraag over een dataset of document? Stel dan een datavraag aan het datateam van de gemeente.',
  whatTitle: 'Wat kunt u vragen?',
  what: [
    'Gegevens die de gemeente heeft maar nog niet publiceert, bijvoorbeeld cijfers over een wijk of een periode.',
    'Uitleg bij een dataset: wat de cijfers betekenen, hoe ze zijn verzameld of hoe vaak ze worden bijgewerkt.',
    'Een ander bestandsformaat of een fout die u in de gegevens hebt gevonden.',
  ],
  notTitle: 'Wat kunt u hier niet vragen?',
  not: 'Vragen over uw persoonlijke situatie, zoals een aanvraag, een melding of een bezwaar. Die stelt u via de website van de gemeente.',
  cityLink: 'Naar de website van de gemeente',

  formTitle: 'Stel uw vraag',
  formIntro: 'Velden met (verplicht) moet u invullen.',
  name: 'Naam',
  email: 'E-mailadres',
  emailHint: 'Op dit adres krijgt u antwoord.',
  organisation: 'Organisatie',
  organisationHint: 'Bijvoorbeeld uw bedrijf, school of vereniging. Niet verplicht.',
  subject: 'Onderwerp',
  message: 'Uw vraag',
  messageHint:
    'Beschrijf zo precies mogelijk welke gegevens u zoekt, over welk gebied en welke periode.',
  charactersLeft: (count: number) =>
    count >= 0
      ? `Nog ${formatNumber(count)} tekens over.`
      : `${formatNumber(-count)} tekens te veel.`,
  consent:
    'Ik geef toestemming dat de gemeente mijn gegevens gebruikt om mijn vraag te beantwoorden.',
  consentHint: 'Lees in de privacyverklaring hoe de gemeente met uw gegevens omgaat:',
  privacyLink: 'privacyverklaring (opent in een nieuw venster)',
  honeypot: 'Laat dit veld leeg',
  submit: 'Versturen',
  sending: 'Versturen…',

  failedTitle: 'Uw vraag is niet verstuurd',
  failed:
    'Er ging iets mis bij het versturen. Wat u hebt ingevuld staat er nog; probeer het later opnieuw.',
  tooMany: 'U hebt het afgelopen uur al veel vragen gestuurd. Probeer het later opnieuw.',

  dialog: {
    sendingTitle: 'Uw vraag wordt verstuurd',
    sending: 'Een moment geduld…',
    sentTitle: 'Bedankt voor uw vraag',
    sent: 'Uw vraag is ontvangen en doorgestuurd naar het datateam van de gemeente.',
    next: 'U ontvangt binnen 5 werkdagen antwoord op het e-mailadres dat u hebt opgegeven. Heeft het datateam meer tijd nodig, dan hoort u dat binnen die termijn.',
    reference: (id: string) => `Uw kenmerk: ${id}`,
    close: 'Sluiten',
  },
} as const

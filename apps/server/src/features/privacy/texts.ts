import { PRIVACY_APPROVAL_MESSAGES } from '@dataportaal/contract'

/** The privacy feature's Dutch messages, together so they can be read as Dutch. */
export const PRIVACY_TEXTS = {
  approvalBlocked: PRIVACY_APPROVAL_MESSAGES.blocked,
  scanPending: PRIVACY_APPROVAL_MESSAGES.pending,
  selfReview:
    'U kunt de mogelijke persoonsgegevens van een document dat u zelf heeft geüpload of als laatste heeft bewerkt niet zelf beoordelen. Een andere beheerder moet dat doen.',
  findingGone: 'Deze bevinding bestaat niet (meer). Laad de pagina opnieuw.',
  notUnscanned:
    'Dit deel van het document is wel gecontroleerd; er valt niets met de hand te beoordelen.',
  fileInterrupted: 'De controle van dit bestand is steeds afgebroken.',
  metadataInterrupted: 'De controle van titel en beschrijving is steeds afgebroken.',
  metadataPart: 'titel en beschrijving',
  titleLocation: 'titel',
  descriptionLocation: 'beschrijving',
} as const

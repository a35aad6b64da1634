import type { SelfValidationBlock } from '@dataportaal/contract'
import type { Employee } from '../../auth/viewer.ts'
import type { Config } from '../../config.ts'

/** The city's choice (ALLOW_SELF_VALIDATION): a city with a single admin turns the rule off. */
export type FourEyesRule = Config['validation']

/** Who put the document in its current form: its uploader and the last one to save an edit. */
export interface Authorship {
  ownerId: string | null
  modifiedBy: string | null
}

export const SELF_VALIDATION_REFUSED =
  'U kunt een document dat u zelf heeft geüpload of als laatste heeft bewerkt niet zelf valideren. Een andere beheerder moet het beoordelen.'

/**
 * Four eyes (docs/decisions.md, 'Validation'): an admin does not approve or disapprove a document
 * they uploaded or last edited, so every publication is seen by a second person. Answers
 * why not, or null when they may.
 */
export function selfValidationBlock(
  admin: Employee,
  document: Authorship,
  rule: FourEyesRule,
): SelfValidationBlock | null {
  if (rule.allowSelfValidation) return null
  if (document.ownerId === admin.id) return 'uploaded'
  if (document.modifiedBy === admin.id) return 'lastEdited'
  return null
}

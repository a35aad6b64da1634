import type { DocumentAbilities, DocumentStatus } from '@dataportaal/contract'
import { isAdmin, isEmployee, type Admin, type Viewer } from '../../auth/viewer.ts'
import { ForbiddenError } from '../../shared/errors.ts'
import {
  selfValidationBlock,
  SELF_VALIDATION_REFUSED,
  type Authorship,
  type FourEyesRule,
} from './four-eyes.ts'

/**
 * Every rule about who may do what with a document, in one place (outline's
 * `server/policies`). Who may call a route at all is the route's `config.access`
 * (`http/access.ts`); this policy decides what a caller may do with a particular document,
 * and what the answers show them.
 */

/** What the rules need to know of a live (not deleted) document. */
export interface DocumentFacts {
  ownerId: string | null
  status: DocumentStatus
}

const owns = (viewer: Viewer, document: DocumentFacts | undefined) =>
  isEmployee(viewer) && document?.ownerId != null && document.ownerId === viewer.id

const ownerOrAdmin = (viewer: Viewer, document: DocumentFacts | undefined) =>
  isAdmin(viewer) || owns(viewer, document)

/** Rules about one document: whose it is and where it stands decide. */
const DOCUMENT_RULES = {
  // The rule `visibleTo` states in SQL: approved ones for all, the own ones, all for admins.
  read: (viewer: Viewer, document: DocumentFacts | undefined) =>
    document?.status === 'goedgekeurd' || ownerOrAdmin(viewer, document),
  // Changing metadata and files; also who sees why a file's text could not be read.
  edit: ownerOrAdmin,
  delete: ownerOrAdmin,
  // A disapproval's category and reason: for the uploader, who must act on it, and admins.
  readStatusReason: ownerOrAdmin,
  // The personal-data check's findings (issue 32): never public, for the owner and admins.
  readPrivacy: ownerOrAdmin,
  // Marking a finding 'geen persoonsgegeven' with a reason: the owner's note to the reviewer.
  notePrivacy: owns,
}

/** Rules that depend on the viewer alone, the same for every document they see. */
const VIEWER_RULES = {
  // Approving and disapproving (the four-eyes rule refuses on top: authorizeDecision).
  validate: (viewer: Viewer) => isAdmin(viewer),
  // Having a file whose text could not be read read again (after an outage, a raised limit).
  rereadFiles: (viewer: Viewer) => isAdmin(viewer),
  // Owners' account ids go to employees only; visitors see the name.
  seeOwnerId: (viewer: Viewer) => isEmployee(viewer),
}

export type DocumentAction = keyof typeof DOCUMENT_RULES
export type ViewerAction = keyof typeof VIEWER_RULES
export type Action = DocumentAction | ViewerAction

const RULES: Record<Action, (viewer: Viewer, document?: DocumentFacts) => boolean> = {
  ...DOCUMENT_RULES,
  ...VIEWER_RULES,
}

/** What a refusal says; only `edit` and `delete` reach a caller today (findEditable). */
const REFUSALS: Record<Action, string> = {
  read: 'Dit document bestaat niet of u mag het niet zien.',
  edit: 'Alleen de eigenaar van dit document of een beheerder mag het wijzigen.',
  delete: 'Alleen de eigenaar van dit document of een beheerder mag het verwijderen.',
  readStatusReason: 'Alleen de uploader en beheerders lezen de reden van een afkeuring.',
  readPrivacy: 'Alleen de eigenaar en beheerders zien de mogelijke persoonsgegevens.',
  notePrivacy:
    'Alleen de eigenaar van dit document kan een bevinding als geen persoonsgegeven markeren.',
  validate: 'Alleen beheerders valideren documenten.',
  rereadFiles: 'Alleen beheerders laten een bestand opnieuw lezen.',
  seeOwnerId: 'Alleen medewerkers zien wie een document heeft geüpload.',
}

/** Whether `viewer` may do `action` (with `document`, for the rules about one document). */
export function can(viewer: Viewer, action: DocumentAction, document: DocumentFacts): boolean
export function can(viewer: Viewer, action: ViewerAction): boolean
export function can(viewer: Viewer, action: Action, document?: DocumentFacts): boolean {
  return RULES[action](viewer, document)
}

/** As `can`, but refuses with a ForbiddenError that says who may. */
export function authorize(viewer: Viewer, action: DocumentAction, document: DocumentFacts): void
export function authorize(viewer: Viewer, action: ViewerAction): void
export function authorize(viewer: Viewer, action: Action, document?: DocumentFacts): void {
  if (!RULES[action](viewer, document)) throw new ForbiddenError(REFUSALS[action])
}

/**
 * An admin's approval or disapproval: `validate`, and then four eyes (docs/decisions.md),
 * a refusal of its own with its own message.
 */
export function authorizeDecision(admin: Admin, document: Authorship, rule: FourEyesRule) {
  authorize(admin, 'validate')
  if (selfValidationBlock(admin, document, rule)) throw new ForbiddenError(SELF_VALIDATION_REFUSED)
}

/** What the document page may offer this viewer, so the web need not repeat the rules. */
export const abilitiesOf = (viewer: Viewer, document: DocumentFacts): DocumentAbilities => ({
  edit: can(viewer, 'edit', document),
  delete: can(viewer, 'delete', document),
  readStatusReason: can(viewer, 'readStatusReason', document),
  validate: can(viewer, 'validate'),
})

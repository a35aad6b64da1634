import type { DocumentDetail } from '@dataportaal/contract'
import type { AuthState } from '../auth/auth-state.ts'

/**
 * Whether to offer editing and deleting: to the owner and to admins. Only decides what is shown;
 * the server checks every call itself (design decisions, "Admin").
 */
export const canEditDocument = (
  user: Pick<AuthState, 'authenticated' | 'isAdmin' | 'userAADId'>,
  document: Pick<DocumentDetail, 'owner'>,
) =>
  user.authenticated &&
  (user.isAdmin || (user.userAADId !== '' && document.owner?.id === user.userAADId))

import type { DocumentStatus } from '@dataportaal/contract'

export const VALIDATION_PATH = '/validatie'

/** The lists of /validatie: one per status, and the deleted documents an admin can restore. */
export type ValidationView = DocumentStatus | 'verwijderd'

/** /validatie for the open list's first page; other lists and pages in the query. */
export function validationHref(view: ValidationView = 'openstaand', page = 1): string {
  const params = new URLSearchParams()
  if (view !== 'openstaand' || page > 1) params.set('status', view)
  if (page > 1) params.set('offset', String(page))
  const query = params.toString()
  return query ? `${VALIDATION_PATH}?${query}` : VALIDATION_PATH
}

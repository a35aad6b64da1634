import type { DocumentStatus } from '@dataportaal/contract'

export const VALIDATION_PATH = '/validatie'

/** /validatie for the open list's first page; other lists and pages in the query. */
export function validationHref(status: DocumentStatus = 'openstaand', page = 1): string {
  const params = new URLSearchParams()
  if (status !== 'openstaand' || page > 1) params.set('status', status)
  if (page > 1) params.set('offset', String(page))
  const query = params.toString()
  return query ? `${VALIDATION_PATH}?${query}` : VALIDATION_PATH
}

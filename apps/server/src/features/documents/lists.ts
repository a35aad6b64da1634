import type { OwnDocumentsQuery, ValidationQuery } from '@dataportaal/contract'
import type { Viewer } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import { HttpProblem } from '../../http/problem.ts'
import { pageOfDocuments } from './document-page.ts'
import { canValidate, hasOwnDocuments } from './permissions.ts'
import { visibleTo } from './visibility.ts'

/** Last modified first: what changed most recently is what its owner or a validator looks for. */
const LAST_MODIFIED = 'd.modified_at desc, d.id'

/** The caller's own documents, in every status or in one (their open count: `openstaand`). */
export function listOwnDocuments(db: Queryable, viewer: Viewer, query: OwnDocumentsQuery) {
  if (!hasOwnDocuments(viewer)) throw new HttpProblem(403, 'Alleen medewerkers hebben documenten.')
  return pageOfDocuments(db, viewer, query, {
    where: (params) => {
      const conditions = [visibleTo(viewer, params), `d.owner_id = ${params.add(viewer.id)}`]
      if (query.status) conditions.push(`d.status = ${params.add(query.status)}`)
      return conditions.join(' and ')
    },
    orderBy: LAST_MODIFIED,
  })
}

/** Every document in one status, for validation by an admin. */
export function listForValidation(db: Queryable, viewer: Viewer, query: ValidationQuery) {
  if (!canValidate(viewer)) throw new HttpProblem(403, 'Alleen beheerders valideren documenten.')
  return pageOfDocuments(db, viewer, query, {
    where: (params) =>
      [visibleTo(viewer, params), `d.status = ${params.add(query.status)}`].join(' and '),
    orderBy: LAST_MODIFIED,
  })
}

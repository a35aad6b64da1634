import { isEmployee, type Viewer } from '../../auth/viewer.ts'
import type { Params } from '../../db/params.ts'

/**
 * The one place that says which documents a viewer may see, as an SQL condition on `d`:
 * visitors only approved ones, employees approved ones plus their own, admins all.
 * Deleted documents are seen by no one.
 */
export function visibleTo(viewer: Viewer, params: Params, alias = 'd'): string {
  const live = `${alias}.deleted_at is null`
  if (!isEmployee(viewer)) return `${alias}.status = 'goedgekeurd' and ${live}`
  if (viewer.isAdmin) return live
  return `(${alias}.status = 'goedgekeurd' or ${alias}.owner_id = ${params.add(viewer.id)}) and ${live}`
}

/**
 * The same rule on a search entry `se` (migration 0016): an entry exists only for a live
 * document, and `public` says it is approved.
 */
export function entryVisibleTo(viewer: Viewer, params: Params, alias = 'se'): string {
  if (!isEmployee(viewer)) return `${alias}.public`
  if (viewer.isAdmin) return 'true'
  return `(${alias}.public or ${alias}.owner_id = ${params.add(viewer.id)})`
}

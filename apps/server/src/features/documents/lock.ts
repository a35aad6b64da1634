import type { DocumentStatus } from '@dataportaal/contract'
import type { Employee } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import { NotFoundError } from '../../shared/errors.ts'
import { authorize } from './policy.ts'
import { visibleTo } from './visibility.ts'

/** What a change to a document needs of it: the audit log names it, the policy judges it. */
export interface LockedDocument {
  id: string
  title: string
  status: DocumentStatus
  ownerId: string | null
}

/** The row lock to take: none (only look), or PostgreSQL's `for no key update` / `for update`. */
export type RowLock = 'for no key update' | 'for update' | 'none'

/**
 * Locks a document the viewer sees for the rest of the transaction, or refuses with 404.
 * `for no key update` (the default) makes concurrent changes to one document (ratings,
 * themes) take turns, so each recount or search-index refresh sees every change committed
 * before it; `for update` is for rewriting or deleting the document itself.
 */
export async function lockVisibleDocument(
  tx: Queryable,
  viewer: Employee,
  documentId: string,
  lock: RowLock = 'for no key update',
): Promise<LockedDocument> {
  const params = new Params()
  const [row] = await tx.query<LockedDocument & Record<string, unknown>>(
    `select d.id::text as id, d.title, d.status, d.owner_id as "ownerId" from documents d
      where d.id = ${params.add(documentId)}::uuid and ${visibleTo(viewer, params)}
      ${lock === 'none' ? '' : lock}`,
    params.values,
  )
  if (!row) throw new NotFoundError()
  return row
}

/**
 * The document as the viewer may edit or delete it, locked: 404 when they cannot see it, 403
 * when it is neither theirs nor are they an admin.
 */
export async function lockEditableDocument(
  tx: Queryable,
  viewer: Employee,
  documentId: string,
  action: 'edit' | 'delete',
  lock: RowLock = 'for update',
): Promise<LockedDocument> {
  const document = await lockVisibleDocument(tx, viewer, documentId, lock)
  authorize(viewer, action, document)
  return document
}

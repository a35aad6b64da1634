import type { DocumentList, FavoriteState, FavoritesQuery } from '@dataportaal/contract'
import type { Employee } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import { NotFoundError } from '../../shared/errors.ts'
import { pageOfDocuments, visibleTo } from '../documents/index.ts'

// Favourites are personal: each signed-in employee keeps their own (routes: access 'employee').

/**
 * Marks or unmarks a document the caller may see as a favourite; doing it twice changes
 * nothing. 404 for a document that does not exist, is deleted or is not visible.
 */
export async function setFavorite(
  db: Queryable,
  employee: Employee,
  documentId: string,
  favorited: boolean,
): Promise<FavoriteState> {
  const params = new Params()
  const doc = `select d.id from documents d
                where d.id = ${params.add(documentId)}::uuid and ${visibleTo(employee, params)}`
  const me = params.add(employee.id)
  // Data-modifying CTEs run whether or not the outer query reads them.
  const change = favorited
    ? `insert into favorites (employee_id, document_id) select ${me}, id from doc
         on conflict do nothing`
    : `delete from favorites f using doc where f.document_id = doc.id and f.employee_id = ${me}`
  const [row] = await db.query<{ found: boolean }>(
    `with doc as (${doc}), change as (${change} returning 1)
     select exists (select 1 from doc) as found`,
    params.values,
  )
  if (!row?.found) throw new NotFoundError()
  return { favorited }
}

/** The caller's favourites they may still see, newest favourite first. */
export function listFavorites(
  db: Queryable,
  employee: Employee,
  query: FavoritesQuery,
): Promise<DocumentList> {
  return pageOfDocuments(db, employee, query, {
    join: (params) =>
      `join favorites fav on fav.document_id = d.id and fav.employee_id = ${params.add(employee.id)}`,
    where: (params) => visibleTo(employee, params),
    orderBy: 'fav.created_at desc, d.id',
  })
}

import type { RatingState } from '@dataportaal/contract'
import { isEmployee, type Employee, type Viewer } from '../../auth/viewer.ts'
import type { Db, Queryable } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import { HttpProblem, notFound } from '../../http/problem.ts'
import { visibleTo } from '../documents/visibility.ts'

/** Any signed-in employee may rate any document they see, once (a new rating replaces it). */
export const canRate = (viewer: Viewer): viewer is Employee => isEmployee(viewer)

/**
 * Locks the document's row for this transaction, or answers 404 when the caller may not
 * see it. Concurrent ratings of one document thus take turns, so each recount below sees
 * every rating committed before it and the last one written is complete.
 */
async function lockVisibleDocument(tx: Queryable, viewer: Employee, documentId: string) {
  const params = new Params()
  const rows = await tx.query(
    `select 1 from documents d
      where d.id = ${params.add(documentId)}::uuid and ${visibleTo(viewer, params)}
      for no key update`,
    params.values,
  )
  if (rows.length === 0) throw notFound()
}

/** Recomputes the document's average and count from its ratings. */
async function recount(tx: Queryable, documentId: string) {
  const [row] = await tx.query<{ rating_avg: number | null; rating_count: number }>(
    `update documents d set rating_count = s.n, rating_avg = s.avg
       from (select count(*)::int as n, avg(rating)::real as avg
               from ratings where document_id = $1) s
      where d.id = $1
     returning d.rating_avg::float8 as rating_avg, d.rating_count`,
    [documentId],
  )
  return row ?? { rating_avg: null, rating_count: 0 }
}

/**
 * Sets (1..5) or, with `null`, removes the caller's rating of a document, and updates the
 * document's average and count in the same transaction.
 */
export async function rateDocument(
  db: Db,
  viewer: Viewer,
  documentId: string,
  rating: number | null,
): Promise<RatingState> {
  if (!canRate(viewer)) throw new HttpProblem(403, 'Alleen medewerkers geven waarderingen.')
  const employee = viewer
  const totals = await db.transaction(async (tx) => {
    await lockVisibleDocument(tx, employee, documentId)
    if (rating === null) {
      await tx.query('delete from ratings where employee_id = $1 and document_id = $2', [
        employee.id,
        documentId,
      ])
    } else {
      await tx.query(
        `insert into ratings (employee_id, document_id, rating) values ($1, $2, $3)
         on conflict (employee_id, document_id)
         do update set rating = excluded.rating, rated_at = now()`,
        [employee.id, documentId, rating],
      )
    }
    return recount(tx, documentId)
  })
  return presentRating(rating, totals)
}

/** The average as documents show it: one decimal. */
const presentRating = (
  rating: number | null,
  totals: { rating_avg: number | null; rating_count: number },
): RatingState => ({
  rating,
  averageRating: totals.rating_avg === null ? null : Math.round(totals.rating_avg * 10) / 10,
  ratingCount: totals.rating_count,
})

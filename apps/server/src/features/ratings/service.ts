import type { RatingState } from '@dataportaal/contract'
import type { Employee } from '../../auth/viewer.ts'
import type { Db, Queryable } from '../../db/client.ts'
import { lockVisibleDocument, roundedAverage } from '../documents/index.ts'

// Any signed-in employee may rate any document they see, once (a new rating replaces it);
// the routes' access 'employee' lets only them in.

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
  employee: Employee,
  documentId: string,
  rating: number | null,
): Promise<RatingState> {
  const totals = await db.transaction(async (tx) => {
    // Concurrent ratings of one document take turns on its row, so each recount sees every
    // rating committed before it and the last one written is complete.
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

const presentRating = (
  rating: number | null,
  totals: { rating_avg: number | null; rating_count: number },
): RatingState => ({
  rating,
  averageRating: roundedAverage(totals.rating_avg),
  ratingCount: totals.rating_count,
})

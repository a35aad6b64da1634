import { createHash } from 'node:crypto'
import type { FileProblem } from '@dataportaal/contract'
import type { Queryable } from '../../db/client.ts'
import type { FileStore } from '../../storage/file-store.ts'

/** What the scrub found of one stored file: null when it is there and whole. */
async function inspect(store: FileStore, sha256: string): Promise<FileProblem | null> {
  if (!(await store.exists(sha256))) return 'ontbreekt'
  const hash = createHash('sha256')
  // Streamed, as a download is: one chunk hashed at a time, the event loop free in between.
  for await (const chunk of await store.read(sha256)) hash.update(chunk as Buffer)
  return hash.digest('hex') === sha256 ? null : 'gewijzigd'
}

/**
 * Checks stored files: each must exist and hash to its name. What it finds is recorded in
 * `file_checks` (since when, kept while the problem stays) and never repaired: a missing
 * or changed file is for an admin to restore from a backup. Answers the files with a problem.
 */
export async function scrubFiles(
  db: Queryable,
  store: FileStore,
  sha256s: readonly string[],
): Promise<Array<{ sha256: string; problem: FileProblem }>> {
  const found: Array<{ sha256: string; problem: FileProblem }> = []
  for (const sha256 of sha256s) {
    const problem = await inspect(store, sha256)
    if (problem) found.push({ sha256, problem })
    await db.query(
      `insert into file_checks as c (sha256, problem, problem_since, last_checked_at)
       values ($1, $2::text, case when $2::text is null then null else now() end, now())
       on conflict (sha256) do update
          set problem = excluded.problem, last_checked_at = excluded.last_checked_at,
              problem_since = case when excluded.problem is null then null
                                   when c.problem = excluded.problem then c.problem_since
                                   else now() end`,
      [sha256, problem],
    )
  }
  return found
}

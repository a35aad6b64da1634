import { openPglite } from '../../apps/server/src/db/client.ts'
import { EXTRACT_TEXT_JOB } from '../../apps/server/src/features/uploads/extraction-job.ts'

/** Where the text extraction of the uploaded files stood when the server stopped. */
export interface ExtractionOutcome {
  /** Files of the uploads by `extraction_status` (pending, done, failed). */
  files: Record<string, number>
  /** Their extraction jobs by status, with attempts and time from upload to finish. */
  jobs: { status: string; count: number; maxAttempts: number; p50s: number; maxs: number }[]
  /** `last_error` of some jobs that failed. */
  failures: string[]
}

/**
 * Reads the stopped server's PGlite database in its DATA_DIR (it is locked while the server
 * runs, so this comes after the stop).
 */
export async function readExtractionOutcome(
  dataDir: string,
  documentIds: readonly string[],
): Promise<ExtractionOutcome> {
  const db = await openPglite(dataDir)
  try {
    const files = await db.query<{ status: string; count: number }>(
      `select extraction_status as status, count(*)::int as count
         from document_files where document_id = any($1::uuid[])
        group by 1 order by 1`,
      [documentIds],
    )
    const jobs = await db.query<{
      status: string
      count: number
      max_attempts: number
      p50: number | null
      max: number | null
    }>(
      `select j.status, count(*)::int as count, max(j.attempts)::int as max_attempts,
              percentile_cont(0.5) within group
                (order by extract(epoch from j.finished_at - j.created_at))::float8 as p50,
              max(extract(epoch from j.finished_at - j.created_at))::float8 as max
         from jobs j
         join document_files f on f.id::text = j.payload->>'fileId'
        where j.kind = $2 and f.document_id = any($1::uuid[])
        group by 1 order by 1`,
      [documentIds, EXTRACT_TEXT_JOB],
    )
    const failures = await db.query<{ last_error: string }>(
      `select distinct j.last_error from jobs j
         join document_files f on f.id::text = j.payload->>'fileId'
        where j.kind = $2 and f.document_id = any($1::uuid[]) and j.last_error is not null
        limit 5`,
      [documentIds, EXTRACT_TEXT_JOB],
    )
    return {
      files: Object.fromEntries(files.map((row) => [row.status, row.count])),
      jobs: jobs.map((row) => ({
        status: row.status,
        count: row.count,
        maxAttempts: row.max_attempts,
        p50s: row.p50 ?? NaN,
        maxs: row.max ?? NaN,
      })),
      failures: failures.map((row) => row.last_error),
    }
  } finally {
    await db.close()
  }
}

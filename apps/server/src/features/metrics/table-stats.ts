import type { Queryable } from '../../db/client.ts'

/** Counts of rows by state that say how the background work is doing. */
export interface TableStats {
  /** Jobs by kind and state, and how many pending ones failed before (will retry). */
  jobs: { kind: string; state: string; count: number; retrying: number }[]
  /** Uploaded files by text extraction status. */
  extraction: { status: string; count: number }[]
  /** Data questions not yet delivered, by status. */
  outbox: { status: string; count: number }[]
}

export const JOB_STATES = ['pending', 'running', 'done', 'failed'] as const
export const EXTRACTION_STATUSES = ['pending', 'done', 'failed', 'skipped'] as const
export const OUTBOX_STATUSES = ['pending', 'held', 'failed'] as const

type StatsRow = {
  source: 'jobs' | 'extraction' | 'outbox'
  kind: string | null
  status: string
  count: number
  retrying: number
}

/**
 * One round trip per scrape, whatever the number of series. The tables are small (done jobs
 * are purged, the outbox skips what was delivered), so the counts stay cheap.
 */
export async function readTableStats(db: Queryable): Promise<TableStats> {
  const rows = await db.query<StatsRow>(
    `select 'jobs' as source, kind, status, count(*)::int as count,
            (count(*) filter (where status = 'pending' and last_error is not null))::int as retrying
       from jobs group by kind, status
     union all
     select 'extraction', null, extraction_status, count(*)::int, 0
       from document_files group by extraction_status
     union all
     select 'outbox', null, status, count(*)::int, 0
       from data_requests where status <> 'delivered' group by status`,
  )
  const stats: TableStats = { jobs: [], extraction: [], outbox: [] }
  for (const row of rows) {
    if (row.source === 'jobs') {
      stats.jobs.push({
        kind: row.kind ?? '',
        state: row.status,
        count: row.count,
        retrying: row.retrying,
      })
    } else {
      stats[row.source].push({ status: row.status, count: row.count })
    }
  }
  return stats
}

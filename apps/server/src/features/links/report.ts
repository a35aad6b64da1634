import {
  LINK_BROKEN_AFTER,
  LINK_REPORT_LIMIT,
  type BrokenLink,
  type DamagedFile,
  type FileProblem,
  type LinkPlace,
  type LinkReport,
} from '@dataportaal/contract'
import type { Queryable } from '../../db/client.ts'

/** Every URL a live document shows, with where it shows it. */
const PLACED_URLS = `
  select d.id, d.title, l.url, 'bestand' as place from document_links l
    join documents d on d.id = l.document_id where d.deleted_at is null
  union all
  select d.id, d.title, d.source_url, 'bronpagina' from documents d
   where d.deleted_at is null and d.source_url is not null`

type BrokenRow = {
  id: string
  title: string
  url: string
  place: LinkPlace
  failures_in_a_row: number
  last_status: number | null
  last_error: string | null
  last_checked_at: Date | null
  broken_since: Date | null
  total: string
}

type DamagedRow = {
  id: string
  title: string
  file_id: string
  file_name: string
  sha256: string
  problem: FileProblem
  problem_since: Date
  last_checked_at: Date
  total: string
}

const iso = (date: Date | null) => (date ? date.toISOString() : null)

/**
 * What /validatie shows under 'Links en bestanden': the URLs of live documents that are
 * 'kapot', and the stored files of live documents that the scrub found missing or changed,
 * newest problem first, at most LINK_REPORT_LIMIT of each with their totals.
 */
export async function linkReport(db: Queryable): Promise<LinkReport> {
  const broken = await db.query<BrokenRow>(
    `select p.id::text, p.title, p.url, p.place, c.failures_in_a_row, c.last_status,
            c.last_error, c.last_checked_at, c.broken_since, count(*) over ()::text as total
       from (${PLACED_URLS}) p join link_checks c on c.url = p.url
      where c.failures_in_a_row >= $1
      order by c.broken_since desc, p.title, p.url
      limit $2`,
    [LINK_BROKEN_AFTER, LINK_REPORT_LIMIT],
  )
  const damaged = await db.query<DamagedRow>(
    `select d.id::text, d.title, f.id::text as file_id, f.file_name, f.sha256, c.problem,
            c.problem_since, c.last_checked_at, count(*) over ()::text as total
       from file_checks c
       join document_files f on f.sha256 = c.sha256
       join documents d on d.id = f.document_id and d.deleted_at is null
      where c.problem is not null
      order by c.problem_since desc, d.title, f.file_name
      limit $1`,
    [LINK_REPORT_LIMIT],
  )
  const [last] = await db.query<{ links: Date | null; files: Date | null }>(
    `select (select max(last_checked_at) from link_checks) as links,
            (select max(last_checked_at) from file_checks) as files`,
  )
  return {
    links: broken.map(presentBroken),
    linksTotal: Number(broken[0]?.total ?? 0),
    files: damaged.map(presentDamaged),
    filesTotal: Number(damaged[0]?.total ?? 0),
    lastLinkCheckAt: iso(last?.links ?? null),
    lastScrubAt: iso(last?.files ?? null),
  }
}

const presentBroken = (row: BrokenRow): BrokenLink => ({
  document: { contentUID: row.id, title: row.title },
  place: row.place,
  url: row.url,
  state: 'kapot',
  lastStatus: row.last_status,
  lastError: row.last_error,
  lastCheckedAt: iso(row.last_checked_at),
  brokenSince: iso(row.broken_since),
})

const presentDamaged = (row: DamagedRow): DamagedFile => ({
  document: { contentUID: row.id, title: row.title },
  fileId: row.file_id,
  fileName: row.file_name,
  sha256: row.sha256,
  problem: row.problem,
  since: row.problem_since.toISOString(),
  lastCheckedAt: row.last_checked_at.toISOString(),
})

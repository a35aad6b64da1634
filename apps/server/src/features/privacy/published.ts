import type { PublishedWithFindingsList, PublishedWithFindingsQuery } from '@dataportaal/contract'
import type { Queryable } from '../../db/client.ts'
import { openCounts, privacyOf } from './state.ts'

/**
 * 'Gepubliceerd met mogelijke persoonsgegevens', for admins: published documents with a
 * finding or an unchecked part no admin has judged yet (the one-time scan of the existing
 * catalogue, a trusted harvest source). Nothing is unpublished automatically; an admin judges
 * the findings, or has the document changed or deleted. Newest published first.
 */
export async function listPublishedWithFindings(
  db: Queryable,
  query: PublishedWithFindingsQuery,
): Promise<PublishedWithFindingsList> {
  const open = `d.status = 'goedgekeurd' and d.deleted_at is null
    and (exists (select 1 from privacy_findings x where x.document_id = d.id and x.resolution is null)
      or exists (select 1 from privacy_scans s where s.document_id = d.id and s.status = 'failed'
                   and s.reviewed_at is null))`
  const [count] = await db.query<{ total: number }>(
    `select count(*)::int as total from documents d where ${open}`,
  )
  const total = count?.total ?? 0
  if (total === 0) return { Results: [], Total: 0 }
  const rows = await db.query<{
    id: string
    title: string
    owner: string | null
    harvest_source: string | null
    published_at: Date | null
  }>(
    `select d.id::text, d.title, e.display_name as owner, h.name as harvest_source, d.published_at
       from documents d
       left join employees e on e.id = d.owner_id
       left join harvest_sources h on h.id = d.harvest_source_id
      where ${open}
      order by d.published_at desc nulls last, d.id
      limit $1 offset $2`,
    [query.pageSize, (query.offset - 1) * query.pageSize],
  )
  const privacy = await privacyOf(
    db,
    rows.map((row) => row.id),
  )
  return {
    Total: total,
    Results: rows.map((row) => {
      const check = privacy.get(row.id)
      return {
        contentUID: row.id,
        title: row.title,
        owner: row.owner,
        harvestSource: row.harvest_source,
        published: row.published_at?.toISOString() ?? null,
        status: check?.status ?? 'niet-gecontroleerd',
        openCounts: check ? openCounts(check) : {},
      }
    }),
  }
}

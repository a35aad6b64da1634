import type { PersonalDataFinding } from '../../privacy-scan/index.ts'
import type { Queryable } from '../../db/client.ts'

/**
 * Replaces the findings of one part of a document (a file, or its title and description when
 * `fileId` is null) with a new scan's. A finding at the same place with the same kind and
 * masked value is the same finding: it keeps its admin's judgement and its owner's note, so
 * a rescan after an edit does not ask for a second review of what was judged already.
 */
export async function replaceFindings(
  tx: Queryable,
  documentId: string,
  fileId: string | null,
  findings: readonly PersonalDataFinding[],
): Promise<void> {
  await tx.query(
    `with old as (
       delete from privacy_findings
        where document_id = $1 and file_id is not distinct from $2::uuid
        returning kind, location, masked, resolution, resolution_reason, resolved_by, resolved_at,
                  owner_note, noted_by, noted_at
     ), new as (
       select * from unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::int[])
         with ordinality as n(kind, location, masked, context, count, position)
     )
     insert into privacy_findings (document_id, file_id, kind, location, masked, context, count,
                                   resolution, resolution_reason, resolved_by, resolved_at,
                                   owner_note, noted_by, noted_at)
     select $1, $2::uuid, n.kind, n.location, n.masked, n.context, n.count,
            o.resolution, o.resolution_reason, o.resolved_by, o.resolved_at,
            o.owner_note, o.noted_by, o.noted_at
       from new n
       left join lateral (
         select * from old o
          where o.kind = n.kind and o.location = n.location and o.masked = n.masked
          limit 1) o on true
      order by n.position`,
    [
      documentId,
      fileId,
      findings.map((finding) => finding.kind),
      findings.map((finding) => clip(finding.location, 500)),
      findings.map((finding) => clip(finding.masked, 200)),
      findings.map((finding) => clip(finding.context, 1000)),
      findings.map((finding) => Math.max(1, Math.round(finding.count))),
    ],
  )
}

const clip = (text: string, max: number) => (text.length <= max ? text : text.slice(0, max))

import type {
  DocumentPrivacy,
  PrivacyFinding,
  PrivacyKind,
  PrivacyResolution,
  PrivacyStatus,
  PrivacyUnscanned,
} from '@dataportaal/contract'
import type { Queryable } from '../../db/client.ts'

type ScanRow = {
  document_id: string
  file_id: string | null
  file_name: string | null
  status: 'pending' | 'done' | 'failed' | null
  reason: string | null
  reviewed_by: string | null
  reviewed_at: Date | null
  review_reason: string | null
}

type FindingRow = {
  id: string
  document_id: string
  file_id: string | null
  file_name: string | null
  kind: PrivacyKind
  location: string
  masked: string
  context: string
  count: number
  resolution: PrivacyResolution | null
  resolution_reason: string | null
  resolved_by: string | null
  resolved_at: Date | null
  owner_note: string | null
}

/**
 * The personal-data check of each of these documents, as its owner and admins see it. A part
 * without a scan row (a file added a moment ago, a document never asked for) counts as
 * pending: its scan is on its way, and until it is done the document is not checked.
 */
export async function privacyOf(
  db: Queryable,
  documentIds: readonly string[],
): Promise<Map<string, DocumentPrivacy>> {
  if (documentIds.length === 0) return new Map()
  // Every part of every document: its title and description, and each of its files.
  const scans = await db.query<ScanRow>(
    `select p.id::text as document_id, null::text as file_id, null::text as file_name, s.status,
            s.reason, e.display_name as reviewed_by, s.reviewed_at, s.review_reason
       from unnest($1::uuid[]) as p(id)
       left join privacy_scans s on s.document_id = p.id and s.file_id is null
       left join employees e on e.id = s.reviewed_by
     union all
     select f.document_id::text, f.id::text, f.file_name, s.status, s.reason, e.display_name,
            s.reviewed_at, s.review_reason
       from document_files f
       left join privacy_scans s on s.file_id = f.id
       left join employees e on e.id = s.reviewed_by
      where f.document_id = any($1::uuid[])`,
    [documentIds],
  )
  const findings = await db.query<FindingRow>(
    `select x.id::text, x.document_id::text, x.file_id::text, f.file_name, x.kind, x.location,
            x.masked, x.context, x.count, x.resolution, x.resolution_reason,
            e.display_name as resolved_by, x.resolved_at, x.owner_note
       from privacy_findings x
       left join document_files f on f.id = x.file_id
       left join employees e on e.id = x.resolved_by
      where x.document_id = any($1::uuid[])
      order by f.position nulls first, f.created_at, x.created_at, x.id`,
    [documentIds],
  )
  const result = new Map<string, DocumentPrivacy>()
  for (const id of documentIds) {
    result.set(
      id,
      summarise(
        scans.filter((scan) => scan.document_id === id),
        findings.filter((finding) => finding.document_id === id),
      ),
    )
  }
  return result
}

function summarise(parts: readonly ScanRow[], rows: readonly FindingRow[]): DocumentPrivacy {
  const pending = parts.some((part) => part.status === null || part.status === 'pending')
  const unscanned: PrivacyUnscanned[] = parts
    .filter((part) => part.status === 'failed')
    .map((part) => ({
      ...(part.file_id ? { fileId: part.file_id, fileName: part.file_name ?? '' } : {}),
      reason: part.reason ?? '',
      ...(part.reviewed_at
        ? {
            reviewReason: part.review_reason ?? '',
            reviewedBy: part.reviewed_by ?? '',
            reviewedAt: part.reviewed_at.toISOString(),
          }
        : {}),
    }))
  const findings = rows.map(presentFinding)
  return {
    status: statusOf(pending, unscanned, findings),
    pending,
    findings,
    unscanned,
  }
}

function statusOf(
  pending: boolean,
  unscanned: readonly PrivacyUnscanned[],
  findings: readonly PrivacyFinding[],
): PrivacyStatus {
  if (pending || unscanned.some((part) => !part.reviewedAt)) return 'niet-gecontroleerd'
  if (findings.some((finding) => !finding.resolution)) return 'bevindingen'
  return findings.length + unscanned.length > 0 ? 'beoordeeld' : 'geen-bevindingen'
}

const presentFinding = (row: FindingRow): PrivacyFinding => ({
  id: row.id,
  kind: row.kind,
  ...(row.file_id ? { fileId: row.file_id, fileName: row.file_name ?? '' } : {}),
  location: row.location,
  masked: row.masked,
  context: row.context,
  count: row.count,
  ...(row.resolution
    ? {
        resolution: row.resolution,
        reason: row.resolution_reason ?? '',
        ...(row.resolved_by ? { resolvedBy: row.resolved_by } : {}),
        ...(row.resolved_at ? { resolvedAt: row.resolved_at.toISOString() } : {}),
      }
    : {}),
  ...(row.owner_note ? { ownerNote: row.owner_note } : {}),
})

/** Open findings per kind: what the validation list and the admins' list count. */
export function openCounts(privacy: DocumentPrivacy): Partial<Record<PrivacyKind, number>> {
  const counts: Partial<Record<PrivacyKind, number>> = {}
  for (const finding of privacy.findings) {
    if (!finding.resolution) counts[finding.kind] = (counts[finding.kind] ?? 0) + 1
  }
  return counts
}

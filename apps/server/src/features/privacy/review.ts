import type { DocumentPrivacy, PrivacyOwnerNote, PrivacyReviewRequest } from '@dataportaal/contract'
import type { Admin, Employee } from '../../auth/viewer.ts'
import type { Db, Queryable } from '../../db/client.ts'
import { ConflictError, ForbiddenError, NotFoundError } from '../../shared/errors.ts'
import { recordAudit } from '../audit/record.ts'
import {
  authorize,
  lockVisibleDocument,
  selfValidationBlock,
  type FourEyesRule,
} from '../documents/index.ts'
import { privacyOf } from './state.ts'
import { PRIVACY_TEXTS } from './texts.ts'

/** The check of one document, which must exist: privacyOf for a single id. */
async function privacyOfOne(db: Queryable, documentId: string): Promise<DocumentPrivacy> {
  const privacy = (await privacyOf(db, [documentId])).get(documentId)
  if (!privacy) throw new NotFoundError()
  return privacy
}

/**
 * An admin judges a document's possible personal data: each finding 'geen persoonsgegeven'
 * or 'mag openbaar' with a reason, and each part that could not be checked as checked by
 * hand. Four eyes as for approval: not the admin who uploaded or last edited it (unless the
 * city allows it). Judging a finding again replaces the judgement. Answers the check after it.
 */
export async function reviewPrivacy(
  db: Db,
  admin: Admin,
  documentId: string,
  review: PrivacyReviewRequest,
  rule: FourEyesRule,
): Promise<DocumentPrivacy> {
  return db.transaction(async (tx) => {
    const [document] = await tx.query<{
      title: string
      owner_id: string | null
      modified_by: string | null
    }>(
      `select title, owner_id, modified_by from documents
        where id = $1 and deleted_at is null for update`,
      [documentId],
    )
    if (!document) throw new NotFoundError()
    const authorship = { ownerId: document.owner_id, modifiedBy: document.modified_by }
    if (selfValidationBlock(admin, authorship, rule)) {
      throw new ForbiddenError(PRIVACY_TEXTS.selfReview)
    }
    const judged = []
    for (const finding of review.findings) {
      const [row] = await tx.query<{ kind: string; location: string; file_id: string | null }>(
        `update privacy_findings
            set resolution = $3, resolution_reason = $4, resolved_by = $5, resolved_at = now()
          where id = $2 and document_id = $1
          returning kind, location, file_id::text`,
        [documentId, finding.id, finding.resolution, finding.reason, admin.id],
      )
      if (!row) throw new ConflictError(PRIVACY_TEXTS.findingGone)
      judged.push({
        id: finding.id,
        kind: row.kind,
        location: row.location,
        fileId: row.file_id,
        resolution: finding.resolution,
        reason: finding.reason,
      })
    }
    for (const part of review.unscanned) {
      const [row] = await tx.query(
        `update privacy_scans
            set reviewed_by = $3, reviewed_at = now(), review_reason = $4
          where document_id = $1 and file_id is not distinct from $2::uuid and status = 'failed'
          returning id`,
        [documentId, part.fileId, admin.id, part.reason],
      )
      if (!row) throw new ConflictError(PRIVACY_TEXTS.notUnscanned)
    }
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'privacy_reviewed',
      document: { id: documentId, title: document.title },
      details: { findings: judged, unscanned: review.unscanned },
    })
    return privacyOfOne(tx, documentId)
  })
}

/**
 * The owner says a finding is no personal data, with a reason. A note for the admin who
 * reviews, not a review: the finding stays open. Answers the check after it.
 */
export async function noteFinding(
  db: Db,
  employee: Employee,
  documentId: string,
  findingId: string,
  note: PrivacyOwnerNote,
): Promise<DocumentPrivacy> {
  return db.transaction(async (tx) => {
    const document = await lockVisibleDocument(tx, employee, documentId)
    authorize(employee, 'notePrivacy', document)
    const [row] = await tx.query<{ kind: string; location: string }>(
      `update privacy_findings set owner_note = $3, noted_by = $4, noted_at = now()
        where id = $2 and document_id = $1 returning kind, location`,
      [documentId, findingId, note.reason, employee.id],
    )
    if (!row) throw new ConflictError(PRIVACY_TEXTS.findingGone)
    await recordAudit(tx, {
      actorId: employee.id,
      action: 'privacy_finding_noted',
      document: { id: documentId, title: document.title },
      details: { findingId, kind: row.kind, location: row.location, reason: note.reason },
    })
    return privacyOfOne(tx, documentId)
  })
}

/** Why an approval is refused for the personal-data check; ConflictError, so a 409. */
export class PrivacyApprovalBlocked extends ConflictError {}

/**
 * The approval rule: a document is approved only when its check is done and every finding
 * and every part that could not be checked has been judged by an admin. Call in the approval's
 * transaction, under the document's lock, so no edit can slip in between.
 */
export async function assertPrivacyChecked(tx: Queryable, documentId: string): Promise<void> {
  const privacy = await privacyOfOne(tx, documentId)
  if (privacy.pending) throw new PrivacyApprovalBlocked(PRIVACY_TEXTS.scanPending)
  if (privacy.status === 'bevindingen' || privacy.status === 'niet-gecontroleerd') {
    throw new PrivacyApprovalBlocked(PRIVACY_TEXTS.approvalBlocked)
  }
}

/**
 * The audit row of a refused approval, written after the approval's transaction rolled back.
 */
export async function recordBlockedApproval(
  db: Queryable,
  adminId: string,
  documentId: string,
  blocked: PrivacyApprovalBlocked,
): Promise<void> {
  const [document] = await db.query<{ title: string }>(
    'select title from documents where id = $1',
    [documentId],
  )
  await recordAudit(db, {
    actorId: adminId,
    action: 'privacy_approval_blocked',
    document: document ? { id: documentId, title: document.title } : undefined,
    details: { reason: blocked.detail },
  })
}

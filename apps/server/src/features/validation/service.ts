import type { Disapproval, DocumentStatus, ValidationResult } from '@dataportaal/contract'
import type { Admin } from '../../auth/viewer.ts'
import type { Db, Queryable } from '../../db/client.ts'
import { ConflictError, NotFoundError } from '../../shared/errors.ts'
import { recordAudit } from '../audit/record.ts'
import { authorizeDecision, type FourEyesRule } from '../documents/index.ts'
import {
  assertPrivacyChecked,
  PrivacyApprovalBlocked,
  recordBlockedApproval,
} from '../privacy/index.ts'
import { recordDocumentEvent } from '../subscriptions/index.ts'

/** What an admin decides about a document awaiting validation. */
export type Decision =
  | { status: 'goedgekeurd' }
  | ({ status: 'afgekeurd' } & Pick<Disapproval, 'statusCategory' | 'statusDescription'>)

/** The audit log's actions for the two decisions, in the style of the upload actions. */
export const VALIDATION_ACTIONS = {
  goedgekeurd: 'document_approved',
  afgekeurd: 'document_disapproved',
} as const

const ACTION_STATUS: Record<string, 'goedgekeurd' | 'afgekeurd'> = {
  [VALIDATION_ACTIONS.goedgekeurd]: 'goedgekeurd',
  [VALIDATION_ACTIONS.afgekeurd]: 'afgekeurd',
}

const GONE = 'Dit document bestaat niet (meer).'

type StateRow = {
  id: string
  title: string
  status: DocumentStatus
  deleted: boolean
  published_at: Date | null
  status_category: Disapproval['statusCategory'] | null
  status_description: string | null
}

type LastDecision = {
  actor: string | null
  at: Date
  action: string
}

const STATE_COLUMNS = `id::text as id, title, status, deleted_at is not null as deleted, published_at,
  status_category, status_description`

/**
 * Approves or disapproves a document awaiting validation, with its audit row, in one
 * transaction. The update only applies to a live `openstaand` document, so of two admins
 * deciding at once exactly one changes it; the other is told what happened instead. An
 * admin who uploaded or last edited the document is refused (four eyes, unless `rule`
 * allows it). An approval waits for the personal-data check (features/privacy): refused
 * with 409 while a scan runs or a finding is not judged, and the refusal is in the audit log.
 */
export async function decide(
  db: Db,
  admin: Admin,
  documentId: string,
  decision: Decision,
  rule: FourEyesRule,
): Promise<ValidationResult> {
  return db
    .transaction((tx) => decideLocked(tx, admin, documentId, decision, rule))
    .catch(async (error: unknown) => {
      if (error instanceof PrivacyApprovalBlocked) {
        await recordBlockedApproval(db, admin.id, documentId, error)
      }
      throw error
    })
}

async function decideLocked(
  tx: Queryable,
  admin: Admin,
  documentId: string,
  decision: Decision,
  rule: FourEyesRule,
): Promise<ValidationResult> {
  // Locked, so an edit cannot make the admin its last editor between this check and the update.
  const [authorship] = await tx.query<{ owner_id: string | null; modified_by: string | null }>(
    `select owner_id, modified_by from documents
        where id = $1 and deleted_at is null and status = 'openstaand' for update`,
    [documentId],
  )
  if (authorship) {
    authorizeDecision(
      admin,
      { ownerId: authorship.owner_id, modifiedBy: authorship.modified_by },
      rule,
    )
    if (decision.status === 'goedgekeurd') await assertPrivacyChecked(tx, documentId)
  }
  const disapproval = decision.status === 'afgekeurd' ? decision : null
  const [updated] = await tx.query<StateRow>(
    `update documents
          set status = $2, status_category = $3, status_description = $4,
              published_at = case when $2 = 'goedgekeurd' then now() else published_at end
        where id = $1 and deleted_at is null and status = 'openstaand'
        returning ${STATE_COLUMNS}`,
    [
      documentId,
      decision.status,
      disapproval?.statusCategory ?? null,
      disapproval?.statusDescription ?? null,
    ],
  )
  if (updated) {
    const at = await recordDecision(tx, admin.id, updated, decision)
    if (decision.status === 'goedgekeurd') await tellSubscribers(tx, updated)
    return present(
      updated,
      { actor: admin.name, at, action: VALIDATION_ACTIONS[decision.status] },
      true,
    )
  }
  return explainUnchanged(tx, documentId, decision)
}

/**
 * An approval publishes the document: new to the subscriptions that follow a matching search
 * or theme, or changed for those following it when it had been approved before.
 */
async function tellSubscribers(tx: Queryable, document: StateRow) {
  const [earlier] = await tx.query<{ n: number }>(
    `select count(*)::int as n from audit_log where document_id = $1 and action = $2`,
    [document.id, VALIDATION_ACTIONS.goedgekeurd],
  )
  await recordDocumentEvent(tx, document, (earlier?.n ?? 0) > 1 ? 'gewijzigd' : 'nieuw')
}

/** Writes who decided what about which document and why; answers when. */
const recordDecision = (tx: Queryable, actorId: string, document: StateRow, decision: Decision) =>
  recordAudit(tx, {
    actorId,
    action: VALIDATION_ACTIONS[decision.status],
    document,
    details:
      decision.status === 'afgekeurd'
        ? { statusCategory: decision.statusCategory, statusDescription: decision.statusDescription }
        : {},
  })

/**
 * No row was updated: the document is gone, was already decided the same way (idempotent:
 * 200 with `changed: false`), or was decided the other way by someone else (409).
 */
async function explainUnchanged(
  tx: Queryable,
  documentId: string,
  decision: Decision,
): Promise<ValidationResult> {
  const [document] = await tx.query<StateRow>(
    `select ${STATE_COLUMNS} from documents where id = $1`,
    [documentId],
  )
  if (!document || document.deleted) throw new NotFoundError(GONE)
  const last = await lastDecision(tx, documentId)
  if (document.status === decision.status) return present(document, last, false)
  if (document.status === 'openstaand') {
    // Not reachable with a conditional update; said plainly should it ever happen.
    throw new ConflictError('Dit document werd tegelijk gewijzigd. Probeer het opnieuw.')
  }
  throw new ConflictError(conflictMessage(document.status, last))
}

async function lastDecision(tx: Queryable, documentId: string): Promise<LastDecision | null> {
  const [row] = await tx.query<LastDecision>(
    `select e.display_name as actor, a.at, a.action
       from audit_log a left join employees e on e.id = a.actor_id
      where a.document_id = $1 and a.action = any($2::text[])
      order by a.at desc, a.id desc limit 1`,
    [documentId, Object.values(VALIDATION_ACTIONS)],
  )
  return row ?? null
}

const dateTime = new Intl.DateTimeFormat('nl-NL', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Amsterdam',
})

function conflictMessage(status: 'goedgekeurd' | 'afgekeurd', last: LastDecision | null) {
  const what = status === 'goedgekeurd' ? 'goedgekeurd' : 'afgekeurd'
  const decided = last && ACTION_STATUS[last.action] === status ? last : null
  const who = decided?.actor ? ` door ${decided.actor}` : ''
  const when = decided ? ` op ${dateTime.format(decided.at)}` : ''
  return `Dit document is al ${what}${who}${when}.`
}

function present(
  document: StateRow,
  last: LastDecision | null,
  changed: boolean,
): ValidationResult {
  const decided = last && ACTION_STATUS[last.action] === document.status ? last : null
  return {
    id: document.id,
    status: document.status,
    published: document.published_at?.toISOString() ?? null,
    statusCategory: document.status_category,
    statusDescription: document.status_description,
    validatedBy: decided?.actor ?? null,
    validatedAt: decided?.at.toISOString() ?? null,
    changed,
  }
}

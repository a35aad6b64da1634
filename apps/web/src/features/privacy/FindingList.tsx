import type { DocumentPrivacy, PrivacyFinding } from '@dataportaal/contract'
import type { ReactNode } from 'react'
import { PRIVACY_TEXTS as TEXTS } from './texts.ts'

/** Where a finding is, in words: the file (if any) and the place in it. */
export const whereOf = (finding: Pick<PrivacyFinding, 'fileName' | 'location'>) =>
  TEXTS.where(finding.fileName, finding.location)

/**
 * The findings of a document, each as a small description list: kind, where, the masked
 * value, the words around it, how many, and its judgement or the owner's note. `action`
 * adds a control per finding (the owner's note, the admin's judgement).
 */
export function FindingList({
  findings,
  action,
}: {
  findings: DocumentPrivacy['findings']
  action?: (finding: PrivacyFinding) => ReactNode
}) {
  return (
    <ul className="portal-privacy-findings">
      {findings.map((finding) => (
        <li key={finding.id} className="portal-privacy-finding">
          <dl className="portal-privacy-finding__facts">
            <dt>{TEXTS.labels.kind}</dt>
            <dd>{TEXTS.kind(finding.kind)}</dd>
            <dt>{TEXTS.labels.where}</dt>
            <dd>{whereOf(finding)}</dd>
            <dt>{TEXTS.labels.masked}</dt>
            <dd>
              <code>{finding.masked}</code>
            </dd>
            <dt>{TEXTS.labels.context}</dt>
            <dd>{finding.context}</dd>
            <dt>{TEXTS.labels.count}</dt>
            <dd>{TEXTS.count(finding.count)}</dd>
            <dt>{TEXTS.labels.judgement}</dt>
            <dd>
              {finding.resolution
                ? TEXTS.judged(
                    TEXTS.resolution[finding.resolution],
                    finding.resolvedBy,
                    finding.reason ?? '',
                  )
                : TEXTS.open}
              {finding.ownerNote && (
                <span className="portal-privacy-finding__note">
                  {' '}
                  {TEXTS.ownerNote(finding.ownerNote)}
                </span>
              )}
            </dd>
          </dl>
          {action?.(finding)}
        </li>
      ))}
    </ul>
  )
}

/** The parts that could not be checked, and whether an admin checked them by hand. */
export function UnscannedList({
  unscanned,
  action,
}: {
  unscanned: DocumentPrivacy['unscanned']
  action?: (part: DocumentPrivacy['unscanned'][number]) => ReactNode
}) {
  if (unscanned.length === 0) return null
  return (
    <>
      <h3 className="utrecht-heading-4">{TEXTS.unscannedHeading}</h3>
      <ul className="portal-privacy-findings">
        {unscanned.map((part) => (
          <li key={part.fileId ?? 'metadata'} className="portal-privacy-finding">
            <p className="utrecht-paragraph">
              <strong>{TEXTS.unscannedPart(part.fileName)}</strong>: {part.reason}
            </p>
            {part.reviewedAt && (
              <p className="utrecht-paragraph">
                {TEXTS.checkedByHand(part.reviewedBy, part.reviewReason ?? '')}
              </p>
            )}
            {action?.(part)}
          </li>
        ))}
      </ul>
    </>
  )
}

import {
  PRIVACY_KINDS,
  PrivacyReviewRequest,
  type DocumentForValidation,
  type DocumentPrivacy,
  type PrivacyFinding,
  type PrivacyResolution,
} from '@dataportaal/contract'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { ApiError } from '../../shared/api/client.ts'
import { Button } from '../../shared/ui/nlds.ts'
import { PENDING_POLL_MS, reviewPrivacy } from './api.ts'
import { FindingList, UnscannedList, whereOf } from './FindingList.tsx'
import { PRIVACY_TEXTS as TEXTS } from './texts.ts'
import './privacy.css'

type Unscanned = DocumentPrivacy['unscanned'][number]
type Judgement = { resolution: PrivacyResolution | ''; reason: string }
type HandCheck = { checked: boolean; reason: string }

/** The key of a part that could not be checked: its file, or the title and description. */
const partKey = (fileId: string | undefined) => fileId ?? 'metadata'

/**
 * The personal-data check of a document in /validatie: the open findings counted per kind,
 * each finding, and for an admin who may review it a form: per finding 'Geen persoonsgegeven'
 * or 'Mag openbaar' with a reason, or 'Moet weg', which opens the disapproval with the
 * finding as its reason; per part that could not be checked, 'Met de hand gecontroleerd'.
 */
export function PrivacyReview({
  document,
  canReview,
  onReviewed,
  onMustGo,
}: {
  document: DocumentForValidation
  /** False for the admin who uploaded or last edited it (four eyes). */
  canReview: boolean
  onReviewed: () => void
  /** Opens the disapproval with this reason. */
  onMustGo: (reason: string) => void
}) {
  const privacy = document.privacy
  const formId = useId()
  const [judgements, setJudgements] = useState<Record<string, Judgement>>({})
  const [handChecks, setHandChecks] = useState<Record<string, HandCheck>>({})
  const [error, setError] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: (review: PrivacyReviewRequest) => reviewPrivacy(document.contentUID, review),
    onSuccess: () => {
      setJudgements({})
      setHandChecks({})
      onReviewed()
    },
  })
  // While the scan runs the list is asked again, so the approve button follows its outcome.
  const refresh = useRef(onReviewed)
  useEffect(() => {
    refresh.current = onReviewed
  })
  const pending = privacy?.pending ?? false
  useEffect(() => {
    if (!pending) return
    const timer = window.setInterval(() => refresh.current(), PENDING_POLL_MS)
    return () => window.clearInterval(timer)
  }, [pending])
  if (!privacy || (privacy.findings.length === 0 && privacy.unscanned.length === 0)) {
    return privacy?.pending ? <p className="utrecht-paragraph">{TEXTS.pending}</p> : null
  }
  const headingId = `${formId}-heading`
  const open = privacy.findings.filter((finding) => !finding.resolution)
  const openParts = privacy.unscanned.filter((part) => !part.reviewedAt)
  const counts = PRIVACY_KINDS.map(
    (kind) => [kind, open.filter((finding) => finding.kind === kind).length] as const,
  ).filter(([, n]) => n > 0)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const findings = Object.entries(judgements)
      .filter(([, judgement]) => judgement.resolution !== '')
      .map(([id, judgement]) => ({
        id,
        resolution: judgement.resolution,
        reason: judgement.reason,
      }))
    const unscanned = Object.entries(handChecks)
      .filter(([, check]) => check.checked)
      .map(([key, check]) => ({ fileId: key === 'metadata' ? null : key, reason: check.reason }))
    if (findings.length + unscanned.length === 0) return setError(TEXTS.review.nothingChosen)
    const checked = PrivacyReviewRequest.safeParse({ findings, unscanned })
    if (!checked.success) return setError(TEXTS.review.reasonMissing)
    setError(null)
    save.mutate(checked.data)
  }

  const judgementOf = (finding: PrivacyFinding) =>
    judgements[finding.id] ?? { resolution: '', reason: '' }
  const judge = (finding: PrivacyFinding, change: Partial<Judgement>) =>
    setJudgements((all) => ({ ...all, [finding.id]: { ...judgementOf(finding), ...change } }))

  return (
    <section className="portal-privacy-review" aria-labelledby={headingId}>
      <h3 id={headingId} className="portal-validation-item__subheading">
        {TEXTS.heading}
      </h3>
      <p className="utrecht-paragraph">
        <strong>{TEXTS.status[privacy.status]}</strong>
      </p>
      {counts.length > 0 && (
        <ul className="portal-privacy-counts" aria-label={TEXTS.review.counts}>
          {counts.map(([kind, n]) => (
            <li key={kind}>{TEXTS.review.countOf(kind, n)}</li>
          ))}
        </ul>
      )}
      {!canReview && (open.length > 0 || openParts.length > 0) && (
        <p className="utrecht-paragraph">{TEXTS.review.selfReview}</p>
      )}
      <form noValidate onSubmit={submit}>
        <FindingList
          findings={privacy.findings}
          action={(finding) =>
            canReview && !finding.resolution ? (
              <FindingJudgement
                finding={finding}
                judgement={judgementOf(finding)}
                onChange={(change) => judge(finding, change)}
                onMustGo={
                  document.status === 'openstaand'
                    ? () =>
                        onMustGo(
                          TEXTS.review.mustGoReason(finding.kind, whereOf(finding), finding.masked),
                        )
                    : undefined
                }
              />
            ) : null
          }
        />
        <UnscannedList
          unscanned={privacy.unscanned}
          action={(part: Unscanned) =>
            canReview && !part.reviewedAt ? (
              <HandCheckFields
                label={TEXTS.unscannedPart(part.fileName)}
                check={handChecks[partKey(part.fileId)] ?? { checked: false, reason: '' }}
                onChange={(check) =>
                  setHandChecks((all) => ({ ...all, [partKey(part.fileId)]: check }))
                }
              />
            ) : null
          }
        />
        {canReview && (open.length > 0 || openParts.length > 0) && (
          <>
            {(error ?? save.isError) && (
              <div className="utrecht-alert utrecht-alert--error" role="alert">
                <p className="utrecht-paragraph">
                  {error ??
                    (save.error instanceof ApiError && save.error.problem?.detail
                      ? save.error.problem.detail
                      : TEXTS.review.failed)}
                </p>
              </div>
            )}
            <Button type="submit" appearance="secondary-action-button" busy={save.isPending}>
              {TEXTS.review.submit}{' '}
              <span className="portal-visually-hidden">: {document.title}</span>
            </Button>
          </>
        )}
        {save.isSuccess && (
          <p className="utrecht-paragraph" role="status">
            {TEXTS.review.saved}
          </p>
        )}
      </form>
    </section>
  )
}

function FindingJudgement({
  finding,
  judgement,
  onChange,
  onMustGo,
}: {
  finding: PrivacyFinding
  judgement: Judgement
  onChange: (change: Partial<Judgement>) => void
  onMustGo: (() => void) | undefined
}) {
  const id = useId()
  const legend = TEXTS.review.finding(finding.kind, whereOf(finding))
  return (
    <fieldset className="utrecht-form-fieldset utrecht-form-fieldset--html-fieldset">
      <legend className="utrecht-form-fieldset__legend">
        {TEXTS.review.choice}
        <span className="portal-visually-hidden">: {legend}</span>
      </legend>
      {(['geen-persoonsgegeven', 'mag-openbaar'] as const).map((resolution) => (
        <div key={resolution} className="utrecht-form-field utrecht-form-field--radio">
          <input
            id={`${id}-${resolution}`}
            type="radio"
            className="utrecht-radio-button utrecht-radio-button--html-input utrecht-form-field__input"
            name={`${id}-resolution`}
            checked={judgement.resolution === resolution}
            onChange={() => onChange({ resolution })}
          />{' '}
          <label
            htmlFor={`${id}-${resolution}`}
            className="utrecht-form-label utrecht-form-label--radio utrecht-form-field__label"
          >
            {TEXTS.resolution[resolution]}
          </label>
        </div>
      ))}
      {judgement.resolution !== '' && (
        <div className="utrecht-form-field">
          <label htmlFor={`${id}-reason`} className="utrecht-form-label">
            {TEXTS.review.reason}
          </label>
          <textarea
            id={`${id}-reason`}
            className="utrecht-textarea utrecht-textarea--html-textarea"
            rows={2}
            aria-required
            value={judgement.reason}
            onChange={(event) => onChange({ reason: event.target.value })}
          />
        </div>
      )}
      {onMustGo && (
        <Button appearance="subtle-button" onClick={onMustGo}>
          {TEXTS.review.mustGo}
          <span className="portal-visually-hidden">: {legend}</span>
        </Button>
      )}
    </fieldset>
  )
}

function HandCheckFields({
  label,
  check,
  onChange,
}: {
  label: string
  check: HandCheck
  onChange: (check: HandCheck) => void
}) {
  const id = useId()
  return (
    <div className="utrecht-form-field">
      <input
        id={`${id}-checked`}
        type="checkbox"
        className="utrecht-checkbox utrecht-checkbox--html-input"
        checked={check.checked}
        onChange={(event) => onChange({ ...check, checked: event.target.checked })}
      />{' '}
      <label htmlFor={`${id}-checked`} className="utrecht-form-label">
        {TEXTS.review.unscannedChoice}
        <span className="portal-visually-hidden">: {label}</span>
      </label>
      {check.checked && (
        <>
          <label htmlFor={`${id}-reason`} className="utrecht-form-label">
            {TEXTS.review.unscannedReason}
          </label>
          <textarea
            id={`${id}-reason`}
            className="utrecht-textarea utrecht-textarea--html-textarea"
            rows={2}
            aria-required
            value={check.reason}
            onChange={(event) => onChange({ ...check, reason: event.target.value })}
          />
        </>
      )}
    </div>
  )
}

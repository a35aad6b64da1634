import { PrivacyOwnerNote, type DocumentPrivacy, type PrivacyFinding } from '@dataportaal/contract'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Field, describedBy } from '../../shared/ui/Field.tsx'
import { Button } from '../../shared/ui/nlds.ts'
import { noteFinding } from './api.ts'
import { PRIVACY_TEXTS as TEXTS } from './texts.ts'

/**
 * The owner's 'Geen persoonsgegeven': a button that opens a reason and saves it as a note for
 * the admin who reviews (it is not a review; the finding stays open).
 */
export function OwnerNote({
  documentId,
  finding,
  onSaved,
}: {
  documentId: string
  finding: PrivacyFinding
  onSaved: (privacy: DocumentPrivacy) => void
}) {
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState(finding.ownerNote ?? '')
  const [error, setError] = useState<string | undefined>()
  const id = useId()
  const field = useRef<HTMLTextAreaElement>(null)
  // The field appears on a click: the focus goes there, where the owner types.
  useEffect(() => {
    if (open) field.current?.focus()
  }, [open])
  const save = useMutation({
    mutationFn: (note: PrivacyOwnerNote) => noteFinding(documentId, finding.id, note),
    onSuccess: (privacy) => {
      setOpen(false)
      onSaved(privacy)
    },
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = PrivacyOwnerNote.safeParse({ reason })
    if (!checked.success) {
      setError(checked.error.issues[0]?.message)
      document.getElementById(id)?.focus()
      return
    }
    setError(undefined)
    save.mutate(checked.data)
  }

  if (!open) {
    return (
      <>
        <Button
          appearance="secondary-action-button"
          onClick={() => {
            save.reset()
            setOpen(true)
          }}
        >
          {TEXTS.note.button}{' '}
          <span className="portal-visually-hidden">
            : {TEXTS.review.finding(finding.kind, finding.location)}
          </span>
        </Button>
        {save.isSuccess && (
          <p className="utrecht-paragraph" role="status">
            {TEXTS.note.saved}
          </p>
        )}
      </>
    )
  }
  return (
    <form noValidate onSubmit={submit} className="portal-privacy-note">
      <Field id={id} label={TEXTS.note.reason} hint={TEXTS.note.hint} error={error} required>
        <textarea
          id={id}
          ref={field}
          className={`utrecht-textarea utrecht-textarea--html-textarea${error ? ' utrecht-textarea--invalid' : ''}`}
          rows={3}
          value={reason}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(id, true, error)}
          aria-required
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
      {save.isError && (
        <div className="utrecht-alert utrecht-alert--error" role="alert">
          <p className="utrecht-paragraph">{TEXTS.note.failed}</p>
        </div>
      )}
      <Button type="submit" appearance="primary-action-button" busy={save.isPending}>
        {TEXTS.note.save}
      </Button>{' '}
      <Button appearance="subtle-button" onClick={() => setOpen(false)}>
        {TEXTS.note.cancel}
      </Button>
    </form>
  )
}

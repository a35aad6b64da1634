import {
  DOCUMENT_LIMITS,
  Disapproval,
  STATUS_CATEGORIES,
  type DocumentSummary,
} from '@dataportaal/contract'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { DialogButtons, ModalDialog } from '../../shared/ui/ModalDialog.tsx'
import { Button } from '../../shared/ui/nlds.ts'
import { LoadingState } from '../../shared/ui/states.tsx'
import { Field, describedBy } from '../../shared/ui/Field.tsx'
import { parseForm, type FieldErrors } from '../../shared/forms/field-errors.ts'
import { VALIDATION_TEXTS as TEXTS } from './texts.ts'

const FIELDS = ['statusCategory', 'statusDescription'] as const
type Errors = FieldErrors<(typeof FIELDS)[number]>

/**
 * 'Afkeuren' asks first, in the shared modal dialog (the browser keeps the focus inside and
 * returns it on close; Escape closes it unless busy): a category from the six of the design
 * decisions and a required explanation, both shown to the uploader.
 */
export function DisapproveDialog({
  document,
  initialReason,
  busy,
  failed,
  onConfirm,
  onClose,
}: {
  /** The document to disapprove; the dialog is open while there is one. */
  document: DocumentSummary | null
  /** A reason to start from ('Moet weg' of a personal-data finding: privacy-sensitive). */
  initialReason?: string | undefined
  busy: boolean
  /** A failure the admin can retry from the dialog (not a conflict, which closes it). */
  failed: boolean
  onConfirm: (disapproval: Disapproval) => void
  onClose: () => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const categoryId = useId()
  const descriptionId = useId()
  const [category, setCategory] = useState('')
  const [description, setDescription] = useState('')
  const [errors, setErrors] = useState<Errors>({})

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (document && !element.open) {
      setCategory(initialReason ? 'Privacygevoelig' : '')
      setDescription(initialReason ?? '')
      setErrors({})
      element.showModal()
    } else if (!document && element.open) {
      element.close()
    }
  }, [document, initialReason])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    // The contract's checks, with their Dutch messages, per field.
    const checked = parseForm(
      Disapproval,
      { statusCategory: category, statusDescription: description },
      FIELDS,
    )
    if (!checked.ok) {
      setErrors(checked.errors)
      window.document
        .getElementById(checked.errors.statusCategory ? categoryId : descriptionId)
        ?.focus()
      return
    }
    setErrors({})
    onConfirm(checked.data)
  }

  return (
    <ModalDialog
      ref={dialog}
      className="portal-validation-dialog"
      heading={TEXTS.dialog.heading}
      description={document ? TEXTS.dialog.intro(document.title) : undefined}
      busy={busy}
      onClose={onClose}
    >
      <form noValidate onSubmit={submit}>
        <Field id={categoryId} label={TEXTS.dialog.category} error={errors.statusCategory} required>
          <select
            id={categoryId}
            className={`utrecht-select utrecht-select--html-select${errors.statusCategory ? ' utrecht-select--invalid' : ''}`}
            value={category}
            aria-invalid={Boolean(errors.statusCategory)}
            aria-describedby={describedBy(categoryId, false, errors.statusCategory)}
            aria-required
            onChange={(event) => {
              setCategory(event.target.value)
              setErrors(({ statusCategory: _, ...rest }) => rest)
            }}
          >
            <option value="">{TEXTS.dialog.chooseCategory}</option>
            {STATUS_CATEGORIES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={descriptionId}
          label={TEXTS.dialog.description}
          hint={TEXTS.dialog.descriptionHint(DOCUMENT_LIMITS.statusDescriptionMax)}
          error={errors.statusDescription}
          required
        >
          <textarea
            id={descriptionId}
            className={`utrecht-textarea utrecht-textarea--html-textarea${errors.statusDescription ? ' utrecht-textarea--invalid' : ''}`}
            rows={5}
            value={description}
            aria-invalid={Boolean(errors.statusDescription)}
            aria-describedby={describedBy(descriptionId, true, errors.statusDescription)}
            aria-required
            onChange={(event) => {
              setDescription(event.target.value)
              setErrors(({ statusDescription: _, ...rest }) => rest)
            }}
          />
        </Field>
        {failed && (
          <div className="utrecht-alert utrecht-alert--error" role="alert">
            <p className="utrecht-paragraph">{TEXTS.failed}</p>
          </div>
        )}
        {busy && <LoadingState label={TEXTS.dialog.busy} />}
        <DialogButtons>
          {/* aria-disabled, not disabled: a disabled button would drop the focus out of the dialog. */}
          <Button
            type="submit"
            appearance="primary-action-button"
            hint="danger"
            busy={busy}
            aria-disabled={busy}
          >
            {TEXTS.dialog.confirm}
          </Button>
          <Button
            type="button"
            appearance="secondary-action-button"
            aria-disabled={busy}
            onClick={() => {
              if (!busy) onClose()
            }}
          >
            {TEXTS.dialog.cancel}
          </Button>
        </DialogButtons>
      </form>
    </ModalDialog>
  )
}

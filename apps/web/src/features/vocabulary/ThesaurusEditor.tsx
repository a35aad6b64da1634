import {
  SINGLE_LINE_TEXT,
  THESAURUS_LIMITS,
  VOCABULARY_LIMITS,
  type ThesaurusEdit,
  type ThesaurusEntry,
} from '@dataportaal/contract'
import { useId, useRef, useState, type FormEvent } from 'react'
import { ApiError } from '../../shared/api/client.ts'
import { fieldErrorsFromProblem, hasFieldErrors } from '../../shared/forms/field-errors.ts'
import { Button } from '../../shared/ui/nlds.ts'
import { DialogButtons, ModalDialog } from '../../shared/ui/ModalDialog.tsx'
import { useSaveThesaurus } from './api.ts'
import type { Announce } from '../../shared/ui/Feedback.tsx'
import { LabelledField, describedBy } from './LabelledField.tsx'
import { THESAURUS_TEXTS as TEXTS } from './texts.ts'

type Field = keyof ThesaurusEdit
type FieldErrors = Partial<Record<Field, string>>

/** One term per line; empty lines do not count. */
export const termsOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')

/** The first problem with these terms, checked as the server will. */
function termsError(terms: string[]): string | undefined {
  if (terms.length > THESAURUS_LIMITS.termsMax) return TEXTS.tooMany
  const long = terms.find((term) => term.length > VOCABULARY_LIMITS.nameMax)
  if (long) return TEXTS.tooLong(long)
  if (terms.some((term) => !SINGLE_LINE_TEXT.test(term))) return TEXTS.control
  return undefined
}

/** A refusal by the server, put next to the field it is about (`body.synonyms.3` → synonyms). */
function serverErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || ![409, 422].includes(error.status)) return null
  const errors = fieldErrorsFromProblem(error.problem, ['synonyms', 'related'] as const)
  return hasFieldErrors(errors) ? errors : null
}

/**
 * 'Thesaurus bewerken' for one theme: a modal dialog with its synonyms and related terms, one
 * per line in a text area (plain text areas work the same with any keyboard or screen reader),
 * saved with one call.
 */
export function ThesaurusEditor({
  entry,
  announce,
}: {
  entry: ThesaurusEntry
  announce: Announce
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const synonymsBox = useRef<HTMLTextAreaElement>(null)
  const relatedBox = useRef<HTMLTextAreaElement>(null)
  const ids = { synonyms: useId(), related: useId() }
  const [text, setText] = useState({ synonyms: '', related: '' })
  const [errors, setErrors] = useState<FieldErrors>({})
  const save = useSaveThesaurus()
  const busy = save.isPending

  const focusField = (field: Field) =>
    (field === 'synonyms' ? synonymsBox : relatedBox).current?.focus()

  const open = () => {
    save.reset()
    setErrors({})
    setText({ synonyms: entry.synonyms.join('\n'), related: entry.related.join('\n') })
    dialog.current?.showModal()
    synonymsBox.current?.focus()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const edit: ThesaurusEdit = { synonyms: termsOf(text.synonyms), related: termsOf(text.related) }
    const found: FieldErrors = {}
    const synonymsError = termsError(edit.synonyms)
    const relatedError = termsError(edit.related)
    if (synonymsError) found.synonyms = synonymsError
    if (relatedError) found.related = relatedError
    setErrors(found)
    if (synonymsError || relatedError) return focusField(synonymsError ? 'synonyms' : 'related')
    save.mutate(
      { name: entry.term, edit },
      {
        onSuccess: (saved) => {
          dialog.current?.close()
          announce({ tone: 'success', text: TEXTS.saved(saved.term) })
        },
        onError: (error) => {
          const refused = serverErrors(error)
          if (!refused) return
          setErrors(refused)
          focusField(refused.synonyms ? 'synonyms' : 'related')
        },
      },
    )
  }

  const box = (field: Field, label: string, hint: string) => (
    <LabelledField id={ids[field]} label={label} hint={hint} error={errors[field]}>
      <textarea
        ref={field === 'synonyms' ? synonymsBox : relatedBox}
        id={ids[field]}
        className={`utrecht-textarea utrecht-textarea--html-textarea${errors[field] ? ' utrecht-textarea--invalid' : ''}`}
        rows={5}
        value={text[field]}
        aria-invalid={Boolean(errors[field])}
        aria-describedby={describedBy(ids[field], errors[field])}
        onChange={(event) => setText((old) => ({ ...old, [field]: event.target.value }))}
      />
    </LabelledField>
  )

  return (
    <>
      <Button appearance="secondary-action-button" onClick={open}>
        {TEXTS.edit} <span className="portal-visually-hidden">{TEXTS.editOf(entry.term)}</span>
      </Button>
      <ModalDialog
        ref={dialog}
        heading={TEXTS.heading(entry.term)}
        description={TEXTS.description}
        busy={busy}
      >
        <form noValidate onSubmit={submit} className="portal-thesaurus-form">
          {box('synonyms', TEXTS.synonyms, TEXTS.synonymsHint)}
          {box('related', TEXTS.related, TEXTS.relatedHint)}
          {save.isError && !serverErrors(save.error) && (
            <div className="utrecht-alert utrecht-alert--error" role="alert">
              <p className="utrecht-paragraph">{TEXTS.failed}</p>
            </div>
          )}
          {busy && (
            <div className="portal-loading" role="status" aria-live="polite">
              <span className="portal-spinner" aria-hidden="true" />
              <span>{TEXTS.saving}</span>
            </div>
          )}
          <DialogButtons>
            <Button
              type="submit"
              appearance="primary-action-button"
              busy={busy}
              aria-disabled={busy}
            >
              {TEXTS.save}
            </Button>
            <Button
              appearance="secondary-action-button"
              aria-disabled={busy}
              onClick={() => {
                if (!busy) dialog.current?.close()
              }}
            >
              {TEXTS.cancel}
            </Button>
          </DialogButtons>
        </form>
      </ModalDialog>
    </>
  )
}

import { DATA_REQUEST_LIMITS } from '@dataportaal/contract'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { ApiError } from '../../shared/api/client.ts'
import { useConfig } from '../../shared/api/config.ts'
import { CountedTextarea } from '../../shared/ui/CountedTextarea.tsx'
import { ErrorSummary } from '../../shared/ui/ErrorSummary.tsx'
import { Field, FieldError, RequiredMark, describedBy } from '../../shared/ui/Field.tsx'
import {
  Button,
  ButtonGroup,
  Checkbox,
  ExternalLink,
  FormLabel,
  Textbox,
} from '../../shared/ui/nlds.ts'
import { useSendDataRequest } from './api.ts'
import {
  EMPTY_VALUES,
  FIELD_ORDER,
  errorsOfProblem,
  hasErrors,
  toRequest,
  validate,
  type DataQuestionValues,
  type FieldErrors,
  type FieldName,
} from './form-values.ts'
import { SentDialog, type SendState } from './SentDialog.tsx'
import { DATA_QUESTION_TEXTS as TEXTS } from './texts.ts'
import './data-question.css'

/** What to say when sending failed; a 429 says when to try again. */
function failureOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) {
    return error.problem?.detail ?? TEXTS.tooMany
  }
  return TEXTS.failed
}

/**
 * The question for the data team. Checked in the browser with the contract's rules, the
 * messages next to the fields; sent to POST /mail. Success confirms in a modal and empties
 * the form; a failure closes the modal and keeps everything typed.
 */
export function DataQuestionForm() {
  const id = useId()
  const ids: Record<FieldName | 'website', string> = {
    name: `${id}-naam`,
    email: `${id}-email`,
    organisation: `${id}-organisatie`,
    subject: `${id}-onderwerp`,
    message: `${id}-vraag`,
    consent: `${id}-toestemming`,
    website: `${id}-website`,
  }
  const { footerLinks } = useConfig()
  const [values, setValues] = useState<DataQuestionValues>(EMPTY_VALUES)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [sendState, setSendState] = useState<SendState>({ kind: 'idle' })
  const mutation = useSendDataRequest()
  const sending = mutation.isPending
  const heading = useRef<HTMLHeadingElement>(null)
  const submitButton = useRef<HTMLButtonElement>(null)
  /**
   * Where the focus goes after the next render: the first invalid field after a refused
   * submit, and after the modal closed the form (success) or the submit button (failure),
   * as the button was disabled while sending and the browser has nothing to return it to.
   */
  const focusNext = useRef<'first-error' | 'heading' | 'submit' | null>(null)

  useEffect(() => {
    const target = focusNext.current
    if (!target || sendState.kind !== 'idle') return
    focusNext.current = null
    if (target === 'first-error') {
      const first = FIELD_ORDER.find((field) => errors[field])
      if (first) document.getElementById(ids[first])?.focus()
      return
    }
    ;(target === 'heading' ? heading : submitButton).current?.focus()
  })

  /** A change clears that field's error, or shows the one it still has once it was shown. */
  const change = (next: Partial<DataQuestionValues>, field: FieldName) => {
    const updated = { ...values, ...next }
    setValues(updated)
    if (errors[field]) setErrors({ ...errors, [field]: validate(updated)[field] })
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (sending) return
    const found = validate(values)
    setErrors(found)
    setFailure(null)
    if (hasErrors(found)) {
      focusNext.current = 'first-error'
      return
    }
    setSendState({ kind: 'sending' })
    mutation.mutate(toRequest(values), {
      onSuccess: (accepted) => {
        setSendState({ kind: 'sent', id: accepted.id })
        setValues(EMPTY_VALUES)
      },
      onError: (error) => {
        setSendState({ kind: 'idle' })
        focusNext.current = 'submit'
        setFailure(failureOf(error))
        if (error instanceof ApiError && error.status === 422) {
          const fromServer = errorsOfProblem(error.problem)
          if (hasErrors(fromServer)) {
            setErrors(fromServer)
            focusNext.current = 'first-error'
          }
        }
      },
    })
  }

  const textProps = (field: Exclude<FieldName, 'consent'>, hint: boolean) => ({
    id: ids[field],
    value: values[field],
    invalid: Boolean(errors[field]),
    'aria-invalid': Boolean(errors[field]),
    'aria-describedby': describedBy(ids[field], hint, errors[field]),
    onChange: (event: { target: { value: string } }) =>
      change({ [field]: event.target.value }, field),
  })

  return (
    <form
      className="portal-form portal-data-question-form"
      noValidate
      aria-labelledby={`${id}-titel`}
      onSubmit={onSubmit}
    >
      <h2 ref={heading} id={`${id}-titel`} className="utrecht-heading-2" tabIndex={-1}>
        {TEXTS.formTitle}
      </h2>
      <p className="utrecht-paragraph">{TEXTS.formIntro}</p>
      {hasErrors(errors) && (
        <ErrorSummary
          items={FIELD_ORDER.flatMap((field) => {
            const message = errors[field]
            return message ? [{ target: ids[field], message }] : []
          })}
        />
      )}

      <Field id={ids.name} label={TEXTS.name} error={errors.name} required>
        <Textbox
          {...textProps('name', false)}
          autoComplete="name"
          aria-required
          maxLength={DATA_REQUEST_LIMITS.name}
        />
      </Field>
      <Field
        id={ids.email}
        label={TEXTS.email}
        hint={TEXTS.emailHint}
        error={errors.email}
        required
      >
        <Textbox
          {...textProps('email', true)}
          type="email"
          autoComplete="email"
          aria-required
          maxLength={DATA_REQUEST_LIMITS.email}
        />
      </Field>
      <Field
        id={ids.organisation}
        label={TEXTS.organisation}
        hint={TEXTS.organisationHint}
        error={errors.organisation}
      >
        <Textbox
          {...textProps('organisation', true)}
          autoComplete="organization"
          maxLength={DATA_REQUEST_LIMITS.organisation}
        />
      </Field>
      <Field id={ids.subject} label={TEXTS.subject} error={errors.subject} required>
        <Textbox
          {...textProps('subject', false)}
          autoComplete="off"
          aria-required
          maxLength={DATA_REQUEST_LIMITS.subject}
        />
      </Field>
      <CountedTextarea
        id={ids.message}
        label={TEXTS.message}
        hint={TEXTS.messageHint}
        error={errors.message}
        required
        value={values.message}
        limit={DATA_REQUEST_LIMITS.message}
        charactersLeft={TEXTS.charactersLeft}
        onChange={(message) => change({ message }, 'message')}
      />

      <div
        className={`portal-form-field portal-consent${errors.consent ? ' portal-consent--invalid' : ''}`}
      >
        <div className="portal-consent__choice">
          <Checkbox
            id={ids.consent}
            checked={values.consent}
            invalid={Boolean(errors.consent)}
            aria-invalid={Boolean(errors.consent)}
            aria-describedby={describedBy(ids.consent, true, errors.consent)}
            aria-required
            onChange={(event) => change({ consent: event.target.checked }, 'consent')}
          />
          <FormLabel htmlFor={ids.consent} type="checkbox">
            {TEXTS.consent}
            <RequiredMark />
          </FormLabel>
        </div>
        <p id={`${ids.consent}-hint`} className="utrecht-form-field-description">
          {TEXTS.consentHint}{' '}
          <ExternalLink href={footerLinks.privacy} external target="_blank">
            {TEXTS.privacyLink}
          </ExternalLink>
        </p>
        {errors.consent && <FieldError id={`${ids.consent}-error`} message={errors.consent} />}
      </div>

      {/* The honeypot: out of sight, out of the tab order and hidden from assistive technology. */}
      <div className="portal-visually-hidden" aria-hidden="true">
        <label htmlFor={ids.website}>{TEXTS.honeypot}</label>
        <input
          id={ids.website}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(event) => setValues({ ...values, website: event.target.value })}
        />
      </div>

      {failure && (
        <div
          className="utrecht-alert utrecht-alert--error portal-data-question__failure"
          role="alert"
        >
          <div className="utrecht-alert__content">
            <p className="utrecht-paragraph">
              <strong>{TEXTS.failedTitle}</strong>
            </p>
            <p className="utrecht-paragraph">{failure}</p>
          </div>
        </div>
      )}

      <ButtonGroup className="portal-form__buttons">
        <Button
          ref={submitButton}
          type="submit"
          appearance="primary-action-button"
          busy={sending}
          disabled={sending}
        >
          {sending ? TEXTS.sending : TEXTS.submit}
        </Button>
      </ButtonGroup>

      <SentDialog
        state={sendState}
        onClose={() => {
          setSendState({ kind: 'idle' })
          focusNext.current = 'heading'
        }}
      />
    </form>
  )
}

import {
  HONEYPOT_FIELD,
  SubscriptionFrequency,
  SubscriptionRequest,
  type SubscriptionRequestInput,
} from '@dataportaal/contract'
import { useId, useRef, useState, type FormEvent } from 'react'
import { ApiError } from '../api/client.ts'
import { Field, FieldSet } from '../ui/Field.tsx'
import { Button, FormLabel, Textbox } from '../ui/nlds.ts'
import { useSubscribe } from './api.ts'
import { SUBSCRIPTION_TEXTS as TEXTS } from './texts.ts'
import './follow-by-email.css'

/** What is followed: exactly one of a /zoeken query string, a theme or a document. */
export type FollowSubject = { query: string } | { theme: string } | { documentId: string }

type Frequency = SubscriptionFrequency

/**
 * 'Volg via e-mail': an address and how often, for a search, a theme or a document. The
 * answer is the same whether the address was known, so the form says to check the mail.
 */
export function FollowByEmail(props: FollowSubject) {
  const id = useId()
  const [email, setEmail] = useState('')
  const [frequency, setFrequency] = useState<Frequency>('direct')
  const [honeypot, setHoneypot] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [status, setStatus] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null)
  const emailInput = useRef<HTMLInputElement>(null)
  const mutation = useSubscribe()

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (mutation.isPending) return
    const request: SubscriptionRequestInput = {
      email,
      frequency,
      ...props,
      ...(honeypot && { [HONEYPOT_FIELD]: honeypot }),
    }
    if (!SubscriptionRequest.safeParse(request).success) {
      setError(TEXTS.emailInvalid)
      setStatus(null)
      emailInput.current?.focus()
      return
    }
    setError(undefined)
    mutation.mutate(request, {
      onSuccess: (accepted) => {
        setStatus({ kind: 'done', text: accepted.message })
        setEmail('')
      },
      onError: (failure) =>
        setStatus({
          kind: 'failed',
          text:
            failure instanceof ApiError && failure.status === 429
              ? (failure.problem?.detail ?? TEXTS.failed)
              : TEXTS.failed,
        }),
    })
  }

  return (
    <section className="portal-follow-by-email" aria-labelledby={`${id}-titel`}>
      <h2 id={`${id}-titel`} className="utrecht-heading-3">
        {TEXTS.heading}
      </h2>
      <p className="utrecht-paragraph">{TEXTS.intro}</p>
      <form noValidate onSubmit={onSubmit} className="portal-form">
        <Field id={`${id}-email`} label={TEXTS.email} hint={TEXTS.emailHint} error={error} required>
          <Textbox
            ref={emailInput}
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            aria-required
            invalid={Boolean(error)}
            aria-invalid={Boolean(error)}
            aria-describedby={[`${id}-email-hint`, error && `${id}-email-error`]
              .filter(Boolean)
              .join(' ')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field>
        <FieldSet id={`${id}-frequentie`} legend={TEXTS.frequency}>
          {SubscriptionFrequency.options.map((option) => (
            <div key={option} className="utrecht-form-field utrecht-form-field--radio">
              <input
                type="radio"
                id={`${id}-${option}`}
                name={`${id}-frequentie`}
                value={option}
                className="utrecht-radio-button utrecht-radio-button--html-input utrecht-form-field__input"
                checked={frequency === option}
                onChange={() => setFrequency(option)}
              />
              <FormLabel
                htmlFor={`${id}-${option}`}
                type="radio"
                className="utrecht-form-field__label"
              >
                {TEXTS.frequencies[option]}
              </FormLabel>
            </div>
          ))}
        </FieldSet>
        <div className="portal-visually-hidden" aria-hidden="true">
          <label htmlFor={`${id}-website`}>{TEXTS.honeypot}</label>
          <input
            id={`${id}-website`}
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={honeypot}
            onChange={(event) => setHoneypot(event.target.value)}
          />
        </div>
        <Button type="submit" appearance="primary-action-button" busy={mutation.isPending}>
          {mutation.isPending ? TEXTS.sending : TEXTS.submit}
        </Button>
      </form>
      {/* A live region without the status role: the search page has its own status (the count). */}
      <div aria-live="polite">
        {status && (
          <p
            className={`utrecht-paragraph portal-follow-status portal-follow-status--${status.kind}`}
          >
            {status.text}
          </p>
        )}
      </div>
    </section>
  )
}

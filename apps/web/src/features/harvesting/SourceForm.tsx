import {
  HARVEST_KINDS,
  HARVEST_KIND_LABELS,
  HARVEST_LIMITS,
  HARVEST_SCHEDULES,
  HARVEST_SCHEDULE_LABELS,
  HarvestSourceInput,
  type HarvestKind,
  type HarvestSchedule,
  type HarvestSource,
} from '@dataportaal/contract'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { ApiError } from '../../shared/api/client.ts'
import {
  fieldErrorsFromProblem,
  hasFieldErrors,
  parseForm,
  unplacedMessages,
  type FieldErrors,
} from '../../shared/forms/field-errors.ts'
import { Field, describedBy } from '../../shared/ui/Field.tsx'
import { Button, ButtonGroup, Checkbox, FormLabel, Textbox } from '../../shared/ui/nlds.ts'
import { useSaveSource } from './api.ts'
import type { Announce } from '../../shared/ui/Feedback.tsx'
import { HARVEST_TEXTS } from './texts.ts'

const TEXTS = HARVEST_TEXTS.form

/** In the order of the form: the first with an error takes the focus. */
const FIELDS = ['name', 'url', 'kind', 'sourceName', 'schedule'] as const
type FieldName = (typeof FIELDS)[number]

const NEW_SOURCE: HarvestSourceInput = {
  name: '',
  url: '',
  kind: 'dcat',
  sourceName: '',
  schedule: 'daily',
  trusted: false,
  publish: false,
  enabled: true,
}

const inputOf = (source: HarvestSource): HarvestSourceInput => ({
  name: source.name,
  url: source.url,
  kind: source.kind,
  sourceName: source.sourceName,
  schedule: source.schedule,
  trusted: source.trusted,
  publish: source.publish,
  enabled: source.enabled,
})

/** The server's refusal (409 a name or URL in use, 422 invalid) by field, and what fits none. */
function refusalOf(error: unknown): { fields: FieldErrors<FieldName>; general: string | null } {
  if (!(error instanceof ApiError) || !error.problem || ![409, 422].includes(error.status)) {
    return { fields: {}, general: TEXTS.failed }
  }
  const fields = fieldErrorsFromProblem(error.problem, FIELDS)
  const rest = unplacedMessages(error.problem, FIELDS)
  if (rest.length > 0) return { fields, general: rest.join(' ') }
  return { fields, general: hasFieldErrors(fields) ? null : (error.problem.detail ?? TEXTS.failed) }
}

/**
 * 'Bron toevoegen', or 'Bron bewerken' with `source`: checked in the browser with the
 * contract's schema, then by the server; both answers show next to the fields, and the
 * focus goes to the first field that is wrong.
 */
export function SourceForm({
  source,
  announce,
  onDone,
}: {
  /** The source being edited; a new one without it. */
  source: HarvestSource | null
  announce: Announce
  /** After saving or cancelling an edit. */
  onDone: () => void
}) {
  const id = useId()
  const ids: Record<FieldName, string> = {
    name: `${id}-name`,
    url: `${id}-url`,
    kind: `${id}-kind`,
    sourceName: `${id}-sourceName`,
    schedule: `${id}-schedule`,
  }
  const flagIds = { trusted: `${id}-vertrouwd`, publish: `${id}-publiceren`, enabled: `${id}-aan` }
  const [values, setValues] = useState(() => (source ? inputOf(source) : NEW_SOURCE))
  const [errors, setErrors] = useState<FieldErrors<FieldName>>({})
  const [general, setGeneral] = useState<string | null>(null)
  // A new object on every refused submit, so the focus moves each time.
  const [focusRequest, setFocusRequest] = useState<{ field: FieldName | null } | null>(null)
  const save = useSaveSource()
  const generalRef = useRef<HTMLDivElement>(null)

  // After a refused submit: the first field at fault, or the message above the buttons.
  useEffect(() => {
    if (!focusRequest) return
    if (focusRequest.field) document.getElementById(`${id}-${focusRequest.field}`)?.focus()
    else generalRef.current?.focus()
  }, [focusRequest, id])

  const change = (next: Partial<HarvestSourceInput>, field?: FieldName) => {
    const updated = { ...values, ...next }
    setValues(updated)
    if (field && errors[field]) {
      const checked = parseForm(HarvestSourceInput, updated, FIELDS)
      setErrors({ ...errors, [field]: checked.ok ? undefined : checked.errors[field] })
    }
  }

  const refuse = (fields: FieldErrors<FieldName>, message: string | null) => {
    setErrors(fields)
    setGeneral(message)
    setFocusRequest({ field: FIELDS.find((field) => fields[field]) ?? null })
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (save.isPending) return
    const checked = parseForm(HarvestSourceInput, values, FIELDS)
    if (!checked.ok) return refuse(checked.errors, null)
    setErrors({})
    setGeneral(null)
    announce(null)
    save.mutate(
      { id: source?.id ?? null, input: checked.data },
      {
        onSuccess: (saved) => {
          announce({
            tone: 'success',
            text: source ? TEXTS.saved(saved.name) : TEXTS.added(saved.name),
          })
          if (!source) setValues(NEW_SOURCE)
          onDone()
        },
        onError: (failure) => {
          const { fields, general: message } = refusalOf(failure)
          refuse(fields, message)
        },
      },
    )
  }

  const textField = (
    field: 'name' | 'url' | 'sourceName',
    label: string,
    hint: string,
    maxLength: number,
  ) => (
    <Field id={ids[field]} label={label} hint={hint} error={errors[field]} required>
      <Textbox
        id={ids[field]}
        type={field === 'url' ? 'url' : 'text'}
        value={values[field]}
        maxLength={maxLength}
        invalid={Boolean(errors[field])}
        aria-invalid={Boolean(errors[field])}
        aria-describedby={describedBy(ids[field], true, errors[field])}
        aria-required
        autoComplete="off"
        spellCheck={field === 'url' ? false : undefined}
        onChange={(event) => change({ [field]: event.target.value }, field)}
      />
    </Field>
  )

  const flag = (name: 'trusted' | 'publish' | 'enabled', label: string, hint: string) => (
    <div className="portal-harvest-form__flag">
      <div className="portal-harvest-form__choice">
        <Checkbox
          id={flagIds[name]}
          checked={values[name]}
          aria-describedby={`${flagIds[name]}-hint`}
          onChange={(event) => change({ [name]: event.target.checked })}
        />
        <FormLabel htmlFor={flagIds[name]} type="checkbox">
          {label}
        </FormLabel>
      </div>
      <p id={`${flagIds[name]}-hint`} className="utrecht-form-field-description">
        {hint}
      </p>
    </div>
  )

  return (
    <form className="portal-form portal-harvest-form" noValidate onSubmit={submit}>
      {textField('name', TEXTS.name, TEXTS.nameHint, HARVEST_LIMITS.nameMax)}
      {textField('url', TEXTS.url, TEXTS.urlHint, HARVEST_LIMITS.urlMax)}

      <Field id={ids.kind} label={TEXTS.kind} error={errors.kind} required>
        <select
          id={ids.kind}
          className={`utrecht-select utrecht-select--html-select${errors.kind ? ' utrecht-select--invalid' : ''}`}
          value={values.kind}
          aria-invalid={Boolean(errors.kind)}
          aria-describedby={describedBy(ids.kind, false, errors.kind)}
          onChange={(event) => change({ kind: event.target.value as HarvestKind }, 'kind')}
        >
          {HARVEST_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {HARVEST_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </Field>

      {textField(
        'sourceName',
        TEXTS.sourceName,
        TEXTS.sourceNameHint,
        HARVEST_LIMITS.sourceNameMax,
      )}

      <Field
        id={ids.schedule}
        label={TEXTS.schedule}
        hint={TEXTS.scheduleHint}
        error={errors.schedule}
        required
      >
        <select
          id={ids.schedule}
          className={`utrecht-select utrecht-select--html-select${errors.schedule ? ' utrecht-select--invalid' : ''}`}
          value={values.schedule}
          aria-invalid={Boolean(errors.schedule)}
          aria-describedby={describedBy(ids.schedule, true, errors.schedule)}
          onChange={(event) =>
            change({ schedule: event.target.value as HarvestSchedule }, 'schedule')
          }
        >
          {HARVEST_SCHEDULES.map((schedule) => (
            <option key={schedule} value={schedule}>
              {HARVEST_SCHEDULE_LABELS[schedule]}
            </option>
          ))}
        </select>
      </Field>

      <fieldset className="utrecht-form-fieldset portal-form-fieldset">
        <legend className="utrecht-form-fieldset__legend">{TEXTS.options}</legend>
        {flag('trusted', TEXTS.trusted, TEXTS.trustedHint)}
        {flag('publish', TEXTS.publish, TEXTS.publishHint)}
        {flag('enabled', TEXTS.enabled, TEXTS.enabledHint)}
      </fieldset>

      {general && (
        <div
          ref={generalRef}
          tabIndex={-1}
          role="alert"
          className="utrecht-alert utrecht-alert--error portal-harvest-form__general"
        >
          <p className="utrecht-paragraph">{general}</p>
        </div>
      )}

      <ButtonGroup className="portal-form__buttons">
        {/* Never disabled while saving: the focus stays on it, and it says it is busy. */}
        <Button
          type="submit"
          appearance="primary-action-button"
          busy={save.isPending}
          aria-disabled={save.isPending}
        >
          {save.isPending ? TEXTS.saving : source ? TEXTS.save : TEXTS.add}
        </Button>
        {source && (
          <Button appearance="secondary-action-button" onClick={onDone}>
            {TEXTS.cancel}
          </Button>
        )}
      </ButtonGroup>
    </form>
  )
}

import {
  DictionaryEdit,
  FIELD_TYPES,
  TABLE_LIMITS,
  apiPaths,
  type DocumentDetail,
  type FieldType,
  type Problem,
  type TableField,
} from '@dataportaal/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { ApiError, apiFetch } from '../../shared/api/client.ts'
import { documentKeys } from '../../shared/documents/keys.ts'
import { tableKeys } from '../../shared/tables/api.ts'
import { TABLE_TEXTS } from '../../shared/tables/texts.ts'
import { ErrorSummary, type SummaryItem } from '../../shared/ui/ErrorSummary.tsx'
import { ResultBanner } from '../../shared/ui/ResultBanner.tsx'
import { Button, ButtonGroup, Textbox } from '../../shared/ui/nlds.ts'
import { ColumnInput } from './ColumnInput.tsx'
import { texts } from './texts.ts'

const TEXTS = texts.table.editor

type Key = 'title' | 'description' | 'unit' | 'type'
interface Draft {
  name: string
  title: string
  description: string
  unit: string
  type: FieldType
}

const draftOf = (field: TableField): Draft => ({
  name: field.name,
  title: field.title ?? '',
  description: field.description ?? '',
  unit: field.unit ?? '',
  type: field.type,
})

/** `fields.3.title` (the schema's path) or `body.fields.3.title` (the server's): column 3, its title. */
export function dictionaryErrorAt(
  path: readonly PropertyKey[],
): { index: number; key: Key } | null {
  const at = path.findIndex((segment) => segment === 'fields')
  const index = Number(path[at + 1])
  const key = path[at + 2]
  if (at === -1 || !Number.isInteger(index)) return null
  if (key !== 'title' && key !== 'description' && key !== 'unit' && key !== 'type') return null
  return { index, key }
}

type Errors = Map<string, string>
const errorKey = (index: number, key: Key) => `${index}.${key}`

function collectErrors(issues: Iterable<{ path: readonly PropertyKey[]; message: string }>) {
  const errors: Errors = new Map()
  for (const { path, message } of issues) {
    const at = dictionaryErrorAt(path)
    if (at && !errors.has(errorKey(at.index, at.key)))
      errors.set(errorKey(at.index, at.key), message)
  }
  return errors
}

const problemIssues = (problem: Problem | null) =>
  (problem?.errors ?? []).map(({ path, message }) => ({ path: path.split('.'), message }))

/** What the PUT sends: every column's words (empty clears them), a type only where it changed. */
export function dictionaryBody(
  sheet: string | null,
  drafts: readonly Draft[],
  fields: readonly TableField[],
) {
  return {
    sheet,
    fields: drafts.map((draft, index) => ({
      name: draft.name,
      title: draft.title.trim(),
      description: draft.description.trim(),
      unit: draft.unit.trim(),
      ...(draft.type !== fields[index]?.type ? { type: draft.type } : {}),
    })),
  }
}

/** What a save did: the table is loaded again (a new type), the document awaits validation again. */
export interface SavedNote {
  reloading: boolean
  backToValidation: boolean
}

/** The outcome of a save, announced politely. */
export function DictionarySaved({ note }: { note: SavedNote }) {
  return (
    <ResultBanner ok>
      <p className="utrecht-paragraph">{TEXTS.saved}</p>
      {note.reloading && <p className="utrecht-paragraph">{TEXTS.reloading}</p>}
      {note.backToValidation && <p className="utrecht-paragraph">{TEXTS.backToValidation}</p>}
    </ResultBanner>
  )
}

/**
 * The owner's (and an admin's) words per column: title, description, unit, and a corrected
 * type. Saving follows the rules of any edit: a published document an employee changes goes
 * back for validation, which the message then says.
 */
export function DictionaryEditor({
  detail,
  name,
  fileId,
  sheet,
  fields,
  onSaved,
}: {
  detail: DocumentDetail
  name: string
  fileId: string
  sheet: string | null
  fields: TableField[]
  /** The outcome is shown by the parent: a new type reloads the table, and this form with it. */
  onSaved: (note: SavedNote | null) => void
}) {
  const id = useId()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [drafts, setDrafts] = useState<Draft[]>(() => fields.map(draftOf))
  const [errors, setErrors] = useState<Errors>(new Map())
  const [general, setGeneral] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  const inputId = (index: number, key: Key) => `${id}-${index}-${key}`

  const save = useMutation({
    mutationFn: async (body: ReturnType<typeof dictionaryBody>) => {
      await apiFetch(apiPaths.fileTableDictionary(detail.contentUID, fileId), {
        method: 'PUT',
        json: body,
      })
      return body
    },
    onSuccess: (body) => {
      onSaved({
        reloading: body.fields.some((field) => 'type' in field),
        // Only an admin's edit keeps a published document published.
        backToValidation: detail.status === 'goedgekeurd' && !detail.abilities.validate,
      })
      setOpen(false)
      void queryClient.invalidateQueries({ queryKey: tableKeys.file(detail.contentUID, fileId) })
      void queryClient.invalidateQueries({ queryKey: documentKeys.detail(detail.contentUID) })
    },
    onError: (error) => {
      const problem = error instanceof ApiError ? error.problem : null
      const fieldErrors = collectErrors(problemIssues(problem))
      setErrors(fieldErrors)
      setGeneral(
        fieldErrors.size > 0
          ? null
          : error instanceof ApiError && error.status === 422
            ? (problem?.detail ?? TEXTS.invalid)
            : TEXTS.failed,
      )
      setAttempt((count) => count + 1)
    },
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body = dictionaryBody(sheet, drafts, fields)
    const checked = DictionaryEdit.safeParse(body)
    if (!checked.success) {
      setErrors(collectErrors(checked.error.issues))
      setGeneral(TEXTS.invalid)
      setAttempt((count) => count + 1)
      return
    }
    setErrors(new Map())
    setGeneral(null)
    save.mutate(body)
  }

  const change = (index: number, patch: Partial<Draft>) =>
    setDrafts((current) =>
      current.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)),
    )

  const summary: SummaryItem[] = [...errors].map(([key, message]) => {
    const [index = '0', field = 'title'] = key.split('.')
    return {
      target: inputId(Number(index), field as Key),
      message: `${drafts[Number(index)]?.name ?? ''}: ${message}`,
    }
  })

  return (
    <section className="portal-table-editor" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="utrecht-heading-3">
        {TEXTS.heading}{' '}
        <span className="portal-visually-hidden">{TABLE_TEXTS.report.ofName(name)}</span>
      </h3>
      {!open ? (
        <Button
          appearance="secondary-action-button"
          aria-expanded={false}
          onClick={() => {
            setDrafts(fields.map(draftOf))
            setErrors(new Map())
            setGeneral(null)
            onSaved(null)
            setOpen(true)
          }}
        >
          {TEXTS.open}
        </Button>
      ) : (
        <form className="portal-table-editor__form" onSubmit={submit} noValidate>
          <p className="utrecht-paragraph">{TEXTS.intro}</p>
          {(summary.length > 0 || general) && (
            <ErrorSummary items={summary} general={general} focusKey={attempt} />
          )}
          {drafts.map((draft, index) => (
            <ColumnEditor
              key={draft.name}
              draft={draft}
              inputId={(key) => inputId(index, key)}
              errorOf={(key) => errors.get(errorKey(index, key))}
              onChange={(patch) => change(index, patch)}
            />
          ))}
          <ButtonGroup>
            <Button type="submit" appearance="primary-action-button" busy={save.isPending}>
              {TEXTS.save}
            </Button>
            <Button
              type="button"
              appearance="secondary-action-button"
              onClick={() => setOpen(false)}
            >
              {TEXTS.cancel}
            </Button>
          </ButtonGroup>
        </form>
      )}
    </section>
  )
}

/** One column's title, description, unit and type, each with its error under it. */
function ColumnEditor({
  draft,
  inputId,
  errorOf,
  onChange,
}: {
  draft: Draft
  inputId: (key: Key) => string
  errorOf: (key: Key) => string | undefined
  onChange: (patch: Partial<Draft>) => void
}) {
  const describedBy = (key: Key) => (errorOf(key) ? `${inputId(key)}-error` : undefined)
  const input = (key: Key, label: string, control: ReactNode) => (
    <ColumnInput id={inputId(key)} label={label} column={draft.name} error={errorOf(key)}>
      {control}
    </ColumnInput>
  )
  const textbox = (key: 'title' | 'unit', label: string, max: number) =>
    input(
      key,
      label,
      <Textbox
        id={inputId(key)}
        value={draft[key]}
        maxLength={max}
        invalid={Boolean(errorOf(key))}
        aria-describedby={describedBy(key)}
        onChange={(event) => onChange({ [key]: event.target.value })}
      />,
    )
  return (
    <fieldset className="utrecht-form-fieldset utrecht-form-fieldset--html-fieldset portal-table-editor__column">
      <legend className="utrecht-form-fieldset__legend utrecht-form-fieldset__legend--html-legend">
        {draft.name}
      </legend>
      {textbox('title', TEXTS.title, TABLE_LIMITS.fieldTitleMax)}
      {input(
        'description',
        TEXTS.description,
        <textarea
          id={inputId('description')}
          className={`utrecht-textarea utrecht-textarea--html-textarea${errorOf('description') ? ' utrecht-textarea--invalid' : ''}`}
          rows={3}
          value={draft.description}
          maxLength={TABLE_LIMITS.fieldDescriptionMax}
          aria-invalid={Boolean(errorOf('description')) || undefined}
          aria-describedby={describedBy('description')}
          onChange={(event) => onChange({ description: event.target.value })}
        />,
      )}
      {textbox('unit', TEXTS.unit, TABLE_LIMITS.fieldUnitMax)}
      {input(
        'type',
        TEXTS.type,
        <select
          id={inputId('type')}
          className="utrecht-select utrecht-select--html-select"
          value={draft.type}
          aria-describedby={describedBy('type')}
          onChange={(event) => onChange({ type: event.target.value as FieldType })}
        >
          {FIELD_TYPES.map((type) => (
            <option key={type} value={type}>
              {TABLE_TEXTS.fieldTypes[type]}
            </option>
          ))}
        </select>,
      )}
    </fieldset>
  )
}

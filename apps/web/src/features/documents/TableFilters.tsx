import { TABLE_LIMITS, type FieldType, type TableField } from '@dataportaal/contract'
import { useId, useState, type FormEvent } from 'react'
import { Button, ButtonGroup, Textbox } from '../../shared/ui/nlds.ts'
import {
  EMPTY_DRAFT,
  draftsFromFilters,
  filterKind,
  filtersFromDrafts,
  type ColumnFilterDraft,
  type TableFilter,
} from './table-state.ts'
import { fieldLabel } from './table-format.ts'
import { ColumnInput } from './ColumnInput.tsx'
import { texts } from './texts.ts'

const TEXTS = texts.table.filters

/**
 * A search over the whole table and a filter per column that fits its type. They apply on
 * submit, not per keystroke: each request runs over the whole table, and a screen reader
 * hears one new result count instead of one per letter. The parent gives it a `key` of the
 * applied state, so Back and 'Wis filters' reset what the form shows.
 */
export function TableFilters({
  fields,
  name,
  q,
  filters,
  onApply,
  onClear,
}: {
  fields: TableField[]
  /** The table's name, so each table's form has a name of its own. */
  name: string
  q: string
  filters: readonly TableFilter[]
  onApply: (q: string, filters: TableFilter[]) => void
  onClear: () => void
}) {
  const id = useId()
  const [search, setSearch] = useState(q)
  const [drafts, setDrafts] = useState(() => draftsFromFilters(filters))
  // Back, Forward and 'Wis filters' change the applied filters: the form shows them anew. Done
  // while rendering rather than by a remount, so the focus stays on the button just used.
  const applied = JSON.stringify([q, filters])
  const [shown, setShown] = useState(applied)
  if (shown !== applied) {
    setShown(applied)
    setSearch(q)
    setDrafts(draftsFromFilters(filters))
  }
  const types = new Map<string, FieldType>(fields.map((field) => [field.name, field.type]))

  const change = (column: string, patch: Partial<ColumnFilterDraft>) =>
    setDrafts((current) => {
      const next = new Map(current)
      next.set(column, { ...(current.get(column) ?? EMPTY_DRAFT), ...patch })
      return next
    })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    onApply(search.trim(), filtersFromDrafts(drafts, types).slice(0, TABLE_LIMITS.filtersMax))
  }

  return (
    <form className="portal-table-filters" onSubmit={submit} aria-labelledby={`${id}-legend`}>
      <h3 id={`${id}-legend`} className="utrecht-heading-3">
        {TEXTS.legend} <span className="portal-visually-hidden">{TEXTS.legendOf(name)}</span>
      </h3>
      <div className="portal-table-filters__search">
        <label className="utrecht-form-label" htmlFor={`${id}-q`}>
          {TEXTS.search}
        </label>
        <p id={`${id}-q-hint`} className="utrecht-form-field-description">
          {TEXTS.searchHint}
        </p>
        <Textbox
          id={`${id}-q`}
          type="search"
          value={search}
          maxLength={TABLE_LIMITS.qMax}
          aria-describedby={`${id}-q-hint`}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <details className="portal-document-details" open={filters.length > 0 || undefined}>
        <summary>
          {TEXTS.perColumn}
          {filters.length > 0 && ` (${TEXTS.active(filters.length)})`}
        </summary>
        <div className="portal-table-filters__columns">
          {fields.map((field, index) => (
            <ColumnFilter
              key={field.name}
              id={`${id}-${index}`}
              field={field}
              draft={drafts.get(field.name) ?? EMPTY_DRAFT}
              onChange={(patch) => change(field.name, patch)}
            />
          ))}
        </div>
      </details>
      <ButtonGroup>
        <Button type="submit" appearance="primary-action-button">
          {TEXTS.apply}
        </Button>
        <Button type="button" appearance="secondary-action-button" onClick={onClear}>
          {TEXTS.clear}
        </Button>
      </ButtonGroup>
    </form>
  )
}

function ColumnFilter({
  id,
  field,
  draft,
  onChange,
}: {
  id: string
  field: TableField
  draft: ColumnFilterDraft
  onChange: (patch: Partial<ColumnFilterDraft>) => void
}) {
  const kind = filterKind(field.type)
  const label = fieldLabel(field)
  // Dates get the browser's date picker; numbers a text box, so '1.234,5' can be typed.
  const inputType = field.type === 'date' ? 'date' : 'text'
  const inputMode = field.type === 'integer' || field.type === 'number' ? 'decimal' : undefined
  return (
    <fieldset className="utrecht-form-fieldset utrecht-form-fieldset--html-fieldset portal-table-filter">
      <legend className="utrecht-form-fieldset__legend utrecht-form-fieldset__legend--html-legend">
        {label}
      </legend>
      {kind === 'text' && (
        <ColumnInput id={`${id}-contains`} label={TEXTS.contains} column={label}>
          <Textbox
            id={`${id}-contains`}
            value={draft.contains}
            maxLength={TABLE_LIMITS.filterValueMax}
            onChange={(event) => onChange({ contains: event.target.value })}
          />
        </ColumnInput>
      )}
      {kind === 'range' &&
        (['from', 'to'] as const).map((bound) => (
          <ColumnInput key={bound} id={`${id}-${bound}`} label={TEXTS[bound]} column={label}>
            <Textbox
              id={`${id}-${bound}`}
              type={inputType}
              inputMode={inputMode}
              value={draft[bound]}
              maxLength={TABLE_LIMITS.filterValueMax}
              onChange={(event) => onChange({ [bound]: event.target.value })}
            />
          </ColumnInput>
        ))}
      {kind === 'boolean' && (
        <ChoiceInput
          id={`${id}-bool`}
          label={TEXTS.bool}
          column={label}
          value={draft.bool}
          options={BOOL_OPTIONS}
          onChange={(bool) => onChange({ bool })}
        />
      )}
      <ChoiceInput
        id={`${id}-empty`}
        label={TEXTS.empty}
        column={label}
        value={draft.empty}
        options={EMPTY_OPTIONS}
        onChange={(empty) => onChange({ empty })}
      />
    </fieldset>
  )
}

const BOOL_OPTIONS = [
  { value: '', label: TEXTS.all },
  { value: 'true', label: TEXTS.yes },
  { value: 'false', label: TEXTS.no },
] as const

const EMPTY_OPTIONS = [
  { value: '', label: TEXTS.emptyAll },
  { value: 'empty', label: TEXTS.emptyOnly },
  { value: 'notempty', label: TEXTS.notEmpty },
] as const

/** A select of a few fixed choices; the value is one of theirs, whatever the DOM says. */
function ChoiceInput<Value extends string>({
  id,
  label,
  column,
  value,
  options,
  onChange,
}: {
  id: string
  label: string
  column: string
  value: Value
  options: readonly { value: Value; label: string }[]
  onChange: (value: Value) => void
}) {
  return (
    <ColumnInput id={id} label={label} column={column}>
      <select
        id={id}
        className="utrecht-select utrecht-select--html-select"
        value={value}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value)
          if (chosen) onChange(chosen.value)
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </ColumnInput>
  )
}

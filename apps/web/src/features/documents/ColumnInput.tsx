import type { ReactNode } from 'react'
import { FieldError } from '../../shared/ui/Field.tsx'

/**
 * An input about one column of a table (a filter, a dictionary entry). Its label names the
 * column too ('bedrag bevat'), so each input is clear on its own, also in a screen reader's
 * list of form fields; sighted users see the column in the fieldset's legend.
 */
export function ColumnInput({
  id,
  label,
  column,
  error,
  children,
}: {
  id: string
  label: string
  column: string
  error?: string
  children: ReactNode
}) {
  return (
    <div className="portal-table-input">
      <label className="utrecht-form-label" htmlFor={id}>
        <span className="portal-visually-hidden">{column} </span>
        {label}
      </label>
      {children}
      {error && <FieldError id={`${id}-error`} message={error} />}
    </div>
  )
}

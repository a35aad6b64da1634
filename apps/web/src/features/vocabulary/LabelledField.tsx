import type { ReactNode } from 'react'
import { FormField, FormLabel } from '../../shared/ui/nlds.ts'

/** The ids a control refers to with aria-describedby: its hint and its error, when shown. */
export const describedBy = (id: string, error: string | undefined) =>
  [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')

/** A label, a hint, the control, and its error right below it. */
export function LabelledField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string
  label: string
  hint: string
  error: string | undefined
  children: ReactNode
}) {
  return (
    <FormField
      className="portal-vocabulary-field"
      invalid={Boolean(error)}
      label={<FormLabel htmlFor={id}>{label}</FormLabel>}
      description={
        <div id={`${id}-hint`} className="utrecht-form-field-description">
          {hint}
        </div>
      }
      input={children}
      errorMessage={
        error ? (
          <p id={`${id}-error`} className="utrecht-form-field-error-message">
            {error}
          </p>
        ) : undefined
      }
    />
  )
}

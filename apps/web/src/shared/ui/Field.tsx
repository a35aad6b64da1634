import type { ReactNode } from 'react'
import { FormField, FormLabel } from './nlds.ts'
import './form.css'

/** Beside the label of a field that must be filled in. */
export const RequiredMark = () => <span className="portal-form-required"> (verplicht)</span>

/** The ids a control refers to with aria-describedby: its hint and its error, when shown. */
export const describedBy = (id: string, hint: boolean, error: string | undefined) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined

/** A label, an optional hint, the control, and its error right below it. */
export function Field({
  id,
  label,
  hint,
  error,
  required = false,
  children,
}: {
  id: string
  label: string
  hint?: ReactNode
  error?: string
  required?: boolean
  children: ReactNode
}) {
  return (
    <FormField
      className="portal-form-field"
      invalid={Boolean(error)}
      label={
        <FormLabel htmlFor={id}>
          {label}
          {required && <RequiredMark />}
        </FormLabel>
      }
      description={
        hint ? (
          <div id={`${id}-hint`} className="utrecht-form-field-description">
            {hint}
          </div>
        ) : undefined
      }
      input={children}
      errorMessage={error ? <FieldError id={`${id}-error`} message={error} /> : undefined}
    />
  )
}

export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="utrecht-form-field-error-message">
      {message}
    </p>
  )
}

/** A group of controls (checkboxes, radio buttons) under one legend, with hint and error. */
export function FieldSet({
  id,
  legend,
  hint,
  error,
  required = false,
  children,
}: {
  id: string
  legend: string
  hint?: ReactNode
  error?: string
  required?: boolean
  children: ReactNode
}) {
  return (
    <fieldset
      id={id}
      // Focused from the error summary; the fieldset itself is not in the tab order.
      tabIndex={-1}
      className={`utrecht-form-fieldset utrecht-form-fieldset--html-fieldset portal-form-fieldset${error ? ' utrecht-form-fieldset--invalid' : ''}`}
      aria-describedby={describedBy(id, Boolean(hint), error)}
    >
      <legend className="utrecht-form-fieldset__legend utrecht-form-fieldset__legend--html-legend">
        {legend}
        {required && <RequiredMark />}
      </legend>
      {hint && (
        <div id={`${id}-hint`} className="utrecht-form-field-description">
          {hint}
        </div>
      )}
      {error && <FieldError id={`${id}-error`} message={error} />}
      {children}
    </fieldset>
  )
}

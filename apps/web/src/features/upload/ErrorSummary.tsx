import { useEffect, useRef } from 'react'
import { FIELD_ORDER, type FieldErrors, type FieldName } from './form-values.ts'
import { UPLOAD_TEXTS as TEXTS } from './texts.ts'

/**
 * What is wrong, at the top of the form, after a submit: it takes the focus, so keyboard and
 * screen-reader users land on it, and each message links to its field.
 */
export function ErrorSummary({
  errors,
  general,
  attempt,
  targetOf,
}: {
  errors: FieldErrors
  general: string | null
  /** Changes on every submit, so the focus moves to the summary again. */
  attempt: number
  targetOf: (field: FieldName) => string
}) {
  const summary = useRef<HTMLDivElement>(null)
  useEffect(() => {
    summary.current?.focus()
  }, [attempt])

  const fields = FIELD_ORDER.filter((field) => errors[field])
  return (
    <div
      ref={summary}
      tabIndex={-1}
      className="utrecht-alert utrecht-alert--error portal-error-summary"
      aria-labelledby="formulier-fouten"
    >
      <div className="utrecht-alert__content">
        <h2 id="formulier-fouten" className="utrecht-heading-3">
          {TEXTS.errorSummary}
        </h2>
        {general && <p className="utrecht-paragraph">{general}</p>}
        {fields.length > 0 && (
          <>
            <p className="utrecht-paragraph">{TEXTS.errorSummaryHint}</p>
            <ul className="utrecht-unordered-list">
              {fields.map((field) => (
                <li key={field}>
                  <a
                    className="utrecht-link"
                    href={`#${targetOf(field)}`}
                    onClick={(event) => {
                      event.preventDefault()
                      const target = document.getElementById(targetOf(field))
                      target?.focus()
                      target?.scrollIntoView({ block: 'center' })
                    }}
                  >
                    {errors[field]}
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  )
}

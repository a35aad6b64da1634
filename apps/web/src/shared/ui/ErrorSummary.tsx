import { useEffect, useId, useRef } from 'react'
import './form.css'

const TEXTS = {
  heading: 'Controleer het formulier',
  hint: 'Er is iets niet goed ingevuld:',
}

export interface SummaryItem {
  /** The id of the field the message is about: its link moves the focus there. */
  target: string
  message: string
}

/**
 * What is wrong with a form, above it, each message a link to its field. With `focusKey`
 * it takes the focus whenever that changes (on every refused submit), so keyboard and
 * screen-reader users land on it; without, the form moves the focus itself.
 */
export function ErrorSummary({
  items,
  general = null,
  focusKey,
}: {
  items: readonly SummaryItem[]
  /** A message about the whole form rather than one field. */
  general?: string | null
  focusKey?: number
}) {
  const summary = useRef<HTMLDivElement>(null)
  const headingId = useId()
  useEffect(() => {
    if (focusKey !== undefined) summary.current?.focus()
  }, [focusKey])

  return (
    <div
      ref={summary}
      tabIndex={focusKey === undefined ? undefined : -1}
      className="utrecht-alert utrecht-alert--error portal-error-summary"
      aria-labelledby={headingId}
    >
      <div className="utrecht-alert__content">
        <h2 id={headingId} className="utrecht-heading-3">
          {TEXTS.heading}
        </h2>
        {general && <p className="utrecht-paragraph">{general}</p>}
        {items.length > 0 && (
          <>
            <p className="utrecht-paragraph">{TEXTS.hint}</p>
            <ul className="utrecht-unordered-list">
              {items.map(({ target, message }) => (
                <li key={target}>
                  <a
                    className="utrecht-link"
                    href={`#${target}`}
                    onClick={(event) => {
                      event.preventDefault()
                      const field = document.getElementById(target)
                      field?.focus()
                      field?.scrollIntoView({ block: 'center' })
                    }}
                  >
                    {message}
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

import { useId, type ReactNode } from 'react'
import './progress.css'

/**
 * A labelled progress bar: an upload's bytes, a harvest run's records. Without `max` the bar
 * has no end and only shows that something happens. What screen readers hear as it moves
 * is the caller's (a live region of its own, at the pace it chooses).
 */
export function ProgressBar({
  label,
  value,
  max,
  children,
}: {
  label: ReactNode
  value?: number | undefined
  max?: number | undefined
  /** The bar's fallback content, for browsers that draw no bar. */
  children?: ReactNode
}) {
  const labelId = useId()
  return (
    <>
      <p id={labelId} className="utrecht-paragraph portal-progress__label">
        {label}
      </p>
      <progress className="portal-progress__bar" aria-labelledby={labelId} max={max} value={value}>
        {children}
      </progress>
    </>
  )
}

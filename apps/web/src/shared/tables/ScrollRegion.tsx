import type { ReactNode } from 'react'
import './tables.css'

/**
 * A table that may be wider than the page scrolls inside this region. A scrolling container
 * must be focusable, or keyboard users cannot reach its hidden part; its label says what it is.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="portal-table-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  )
}

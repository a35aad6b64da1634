import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** Announced politely, so screen-reader users hear that something is loading. */
export function LoadingState({ label = 'Bezig met laden…' }: { label?: string }) {
  return (
    <div className="portal-loading" role="status" aria-live="polite">
      <span className="portal-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}

export function ErrorState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="utrecht-alert utrecht-alert--error" role="alert">
      <div className="utrecht-alert__content">
        <p className="utrecht-paragraph">
          <strong>{title}</strong>
        </p>
        {children}
      </div>
    </div>
  )
}

/** For a page whose content does not exist or may not be seen. */
export function NotFoundState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="portal-empty" aria-labelledby="niet-gevonden">
      <h1 id="niet-gevonden" className="utrecht-heading-1">
        {title}
      </h1>
      {children}
      <p className="utrecht-paragraph">
        <Link className="utrecht-link" to="/">
          Naar de startpagina
        </Link>
      </p>
    </section>
  )
}

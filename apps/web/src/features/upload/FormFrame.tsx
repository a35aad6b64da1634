import type { ReactNode } from 'react'
import { Button } from '../../shared/ui/nlds.ts'
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx'
import { UPLOAD_TEXTS as TEXTS } from './texts.ts'

/** The heading and introduction of the upload and edit screens, around the form or its state. */
export function FormFrame({
  heading,
  intro,
  children,
}: {
  heading: string
  intro: string
  children: ReactNode
}) {
  return (
    <section className="portal-upload-page" aria-labelledby="formulier-titel">
      <h1 id="formulier-titel" className="utrecht-heading-1">
        {heading}
      </h1>
      <p className="utrecht-paragraph portal-upload-page__intro">{intro}</p>
      {children}
    </section>
  )
}

/** While what the form needs loads, or when it could not be loaded. */
export function FormDataState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  if (!failed) return <LoadingState label={TEXTS.loading} />
  return (
    <ErrorState title={TEXTS.loadError}>
      <p className="utrecht-paragraph">{TEXTS.loadErrorHint}</p>
      <Button appearance="primary-action-button" onClick={onRetry}>
        {TEXTS.retry}
      </Button>
    </ErrorState>
  )
}

import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import type { ResultFlag } from '../routes.ts'
import './ResultBanner.css'

/** The value of a result flag in the URL: true, false, or null when absent or anything else. */
export function useResultFlag(name: ResultFlag): boolean | null {
  const [params] = useSearchParams()
  const value = params.get(name)
  return value === 'true' ? true : value === 'false' ? false : null
}

/**
 * The outcome of an upload, an edit or a delete, shown on the screen it led to. Success is
 * announced politely, a failure at once.
 */
export function ResultBanner({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <div
      className={`utrecht-alert ${ok ? 'utrecht-alert--ok' : 'utrecht-alert--error'} portal-result-banner`}
      role={ok ? 'status' : 'alert'}
    >
      <div className="utrecht-alert__content">{children}</div>
    </div>
  )
}

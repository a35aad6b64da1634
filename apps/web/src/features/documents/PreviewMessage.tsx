import type { ReactNode } from 'react'

/** Why a preview is not shown (too large, unreadable…); the download above always remains. */
export function PreviewMessage({ children }: { children: ReactNode }) {
  return (
    <div className="utrecht-alert utrecht-alert--info portal-document-preview__message">
      <p className="utrecht-paragraph">{children}</p>
    </div>
  )
}

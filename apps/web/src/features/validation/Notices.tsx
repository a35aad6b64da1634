import type { ReactNode } from 'react'

export type Notice = { ok: true; text: ReactNode } | { ok: false; text: ReactNode }

/**
 * The outcome of an action: a confirmation in a polite status region, a failure in an alert.
 * Both regions are always present, so each new message is announced.
 */
export function Notices({ notice }: { notice: Notice | null }) {
  return (
    <>
      <div role="status" className="portal-validation__notice-region">
        {notice?.ok && (
          <div className="utrecht-alert utrecht-alert--ok">
            <p className="utrecht-paragraph">{notice.text}</p>
          </div>
        )}
      </div>
      <div role="alert" className="portal-validation__notice-region">
        {notice && !notice.ok && (
          <div className="utrecht-alert utrecht-alert--error">
            <p className="utrecht-paragraph">{notice.text}</p>
          </div>
        )}
      </div>
    </>
  )
}

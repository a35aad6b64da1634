import './Feedback.css'

/** What the screen says about the last change: politely when it worked, at once when not. */
export type Feedback = { tone: 'success' | 'error'; text: string } | null

export type Announce = (feedback: Feedback) => void

/**
 * The two live regions that say it. Both are always in the page, so a screen reader hears
 * the text that is put into one; success is polite, an error interrupts.
 */
export function FeedbackRegions({ feedback }: { feedback: Feedback }) {
  return (
    <>
      <div role="status" aria-live="polite" className="portal-feedback">
        {feedback?.tone === 'success' && (
          <div className="utrecht-alert utrecht-alert--ok">
            <p className="utrecht-paragraph">{feedback.text}</p>
          </div>
        )}
      </div>
      <div role="alert" className="portal-feedback">
        {feedback?.tone === 'error' && (
          <div className="utrecht-alert utrecht-alert--error">
            <p className="utrecht-paragraph">{feedback.text}</p>
          </div>
        )}
      </div>
    </>
  )
}

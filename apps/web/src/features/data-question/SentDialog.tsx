import { useEffect, useRef } from 'react'
import { DialogButtons, ModalDialog } from '../../shared/ui/ModalDialog.tsx'
import { Button } from '../../shared/ui/nlds.ts'
import { LoadingState } from '../../shared/ui/states.tsx'
import { DATA_QUESTION_TEXTS } from './texts.ts'

const TEXTS = DATA_QUESTION_TEXTS.dialog

export type SendState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; id: string }

/**
 * Open while the question is sent and after it arrived, with what happens next. A failure
 * closes it (spec section 8); the form then says what went wrong.
 */
export function SentDialog({ state, onClose }: { state: SendState; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (state.kind === 'idle') {
      if (element.open) element.close()
      return
    }
    if (!element.open) element.showModal()
    if (state.kind === 'sent') closeButton.current?.focus()
  }, [state])

  const sending = state.kind === 'sending'
  return (
    <ModalDialog
      ref={dialog}
      heading={state.kind === 'sent' ? TEXTS.sentTitle : TEXTS.sendingTitle}
      description={state.kind === 'sent' ? TEXTS.sent : undefined}
      busy={sending}
      onClose={() => {
        if (state.kind === 'sent') onClose()
      }}
    >
      {state.kind === 'sent' ? (
        <>
          <p className="utrecht-paragraph">{TEXTS.next}</p>
          <p className="utrecht-paragraph portal-data-question__reference">
            {TEXTS.reference(state.id)}
          </p>
          <DialogButtons>
            <Button
              ref={closeButton}
              type="button"
              appearance="primary-action-button"
              onClick={onClose}
            >
              {TEXTS.close}
            </Button>
          </DialogButtons>
        </>
      ) : (
        <LoadingState label={TEXTS.sending} />
      )}
    </ModalDialog>
  )
}

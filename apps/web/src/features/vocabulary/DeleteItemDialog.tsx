import type { ManagedVocabularyItem } from '@dataportaal/contract'
import type { RefObject } from 'react'
import { Button } from '../../shared/ui/nlds.ts'
import { DialogButtons, ModalDialog } from '../../shared/ui/ModalDialog.tsx'
import type { VocabularyTexts } from './texts.ts'

/**
 * Asks before a theme or label goes, saying how many documents carry it. The least harmful
 * choice, 'Annuleren', has the focus first (the opener puts it there).
 */
export function DeleteItemDialog({
  ref,
  cancelRef,
  item,
  texts,
  busy,
  failed,
  onConfirm,
  onCancel,
}: {
  ref: RefObject<HTMLDialogElement | null>
  cancelRef: RefObject<HTMLButtonElement | null>
  item: ManagedVocabularyItem | null
  texts: VocabularyTexts
  busy: boolean
  failed: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  const words = texts.deleteDialog
  return (
    <ModalDialog
      ref={ref}
      heading={item ? words.heading(item.name) : ''}
      description={item ? words.body(item.documents) : undefined}
      busy={busy}
    >
      {failed && (
        <div className="utrecht-alert utrecht-alert--error" role="alert">
          <p className="utrecht-paragraph">{words.failed}</p>
        </div>
      )}
      {busy && (
        <div className="portal-loading" role="status" aria-live="polite">
          <span className="portal-spinner" aria-hidden="true" />
          <span>{words.busy}</span>
        </div>
      )}
      <DialogButtons>
        {/* aria-disabled, not disabled: a disabled button would drop the focus out of the dialog. */}
        <Button
          appearance="primary-action-button"
          hint="danger"
          busy={busy}
          aria-disabled={busy}
          onClick={() => {
            if (!busy) onConfirm()
          }}
        >
          {words.confirm}
        </Button>
        <Button
          ref={cancelRef}
          appearance="secondary-action-button"
          aria-disabled={busy}
          onClick={() => {
            if (!busy) onCancel()
          }}
        >
          {words.cancel}
        </Button>
      </DialogButtons>
    </ModalDialog>
  )
}

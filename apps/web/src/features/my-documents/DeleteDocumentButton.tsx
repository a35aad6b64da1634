import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useRef } from 'react'
import { useNavigate } from 'react-router'
import { Button, ButtonGroup } from '../../shared/ui/nlds.ts'
import { documentKeys } from '../documents/api.ts'
import { deleteDocument, dropFromOwnDocuments, refreshAfterDocumentChange } from './api.ts'
import { RESULT_FLAGS, myDataHref } from './paths.ts'
import { MY_DATA_TEXTS as TEXTS } from './texts.ts'
import './my-documents.css'

/**
 * 'Verwijderen' for the owner or an admin: asks in a modal dialog, shows that it is busy, then
 * goes to /data?deleteSuccess=true (spec section 4). The dialog is native, so the browser traps
 * the focus inside and returns it to this button when it closes.
 */
export function DeleteDocumentButton({ contentUID, title }: { contentUID: string; title: string }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const cancelButton = useRef<HTMLButtonElement>(null)
  const headingId = useId()
  const bodyId = useId()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: () => deleteDocument(contentUID),
    onSuccess: async () => {
      dropFromOwnDocuments(queryClient, contentUID)
      refreshAfterDocumentChange(queryClient)
      dialog.current?.close()
      await navigate(myDataHref(1, { name: RESULT_FLAGS.delete, value: true }))
      // Only now: the document page, if that is where the delete started, has been left.
      queryClient.removeQueries({ queryKey: documentKeys.detail(contentUID) })
    },
  })
  const busy = mutation.isPending

  const open = () => {
    mutation.reset()
    dialog.current?.showModal()
    // The least harmful choice has the focus first, so Enter does not delete by accident.
    cancelButton.current?.focus()
  }
  const cancel = () => {
    if (!busy) dialog.current?.close()
  }

  return (
    <>
      <Button appearance="secondary-action-button" hint="danger" onClick={open}>
        {TEXTS.delete} <span className="portal-visually-hidden">{TEXTS.actionOf(title)}</span>
      </Button>
      <dialog
        ref={dialog}
        className="portal-delete-dialog"
        aria-labelledby={headingId}
        aria-describedby={bodyId}
        aria-busy={busy}
        onCancel={(event) => {
          // Escape closes the dialog, but not while the delete is under way.
          if (busy) event.preventDefault()
        }}
      >
        <h2 id={headingId} className="utrecht-heading-2">
          {TEXTS.dialog.heading}
        </h2>
        <p id={bodyId} className="utrecht-paragraph">
          {TEXTS.dialog.body(title)}
        </p>
        {mutation.isError && (
          <div className="utrecht-alert utrecht-alert--error" role="alert">
            <p className="utrecht-paragraph">{TEXTS.dialog.failed}</p>
          </div>
        )}
        {busy && (
          <div className="portal-loading" role="status" aria-live="polite">
            <span className="portal-spinner" aria-hidden="true" />
            <span>{TEXTS.dialog.busy}</span>
          </div>
        )}
        <ButtonGroup className="portal-delete-dialog__buttons">
          {/* aria-disabled, not disabled: a disabled button would drop the focus out of the dialog. */}
          <Button
            appearance="primary-action-button"
            hint="danger"
            busy={busy}
            aria-disabled={busy}
            onClick={() => {
              if (!busy) mutation.mutate()
            }}
          >
            {TEXTS.dialog.confirm}
          </Button>
          <Button
            ref={cancelButton}
            appearance="secondary-action-button"
            aria-disabled={busy}
            onClick={cancel}
          >
            {TEXTS.dialog.cancel}
          </Button>
        </ButtonGroup>
      </dialog>
    </>
  )
}

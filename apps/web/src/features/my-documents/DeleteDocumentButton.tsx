import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { useNavigate } from 'react-router'
import { DialogButtons, ModalDialog } from '../../shared/ui/ModalDialog.tsx'
import { Button } from '../../shared/ui/nlds.ts'
import { LoadingState } from '../../shared/ui/states.tsx'
import { documentKeys } from '../../shared/documents/keys.ts'
import { deleteDocument } from './api.ts'
import { dropFromOwnDocuments, refreshAfterDocumentChange } from '../../shared/documents/refresh.ts'
import { RESULT_FLAGS, myDataHref } from '../../shared/routes.ts'
import { MY_DATA_TEXTS as TEXTS } from './texts.ts'
import './my-documents.css'

/**
 * 'Verwijderen' for the owner or an admin: asks in a modal dialog, shows that it is busy, then
 * goes to /data?deleteSuccess=true (spec section 4).
 */
export function DeleteDocumentButton({ contentUID, title }: { contentUID: string; title: string }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const cancelButton = useRef<HTMLButtonElement>(null)
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
      <ModalDialog
        ref={dialog}
        heading={TEXTS.dialog.heading}
        description={TEXTS.dialog.body(title)}
        busy={busy}
      >
        {mutation.isError && (
          <div className="utrecht-alert utrecht-alert--error" role="alert">
            <p className="utrecht-paragraph">{TEXTS.dialog.failed}</p>
          </div>
        )}
        {busy && <LoadingState label={TEXTS.dialog.busy} />}
        <DialogButtons>
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
        </DialogButtons>
      </ModalDialog>
    </>
  )
}

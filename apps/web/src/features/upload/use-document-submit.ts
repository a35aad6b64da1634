import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { ApiError } from '../../shared/api/client.ts'
import { useConfig } from '../../shared/api/config.ts'
import { documentHref, RESULT_FLAGS, myDataHref } from '../../shared/routes.ts'
import { documentKeys, ownDocumentsKeys } from '../../shared/documents/keys.ts'
import { refreshAfterDocumentChange } from '../../shared/documents/refresh.ts'
import {
  serverFieldErrors,
  toFormData,
  type DocumentFormValues,
  type FieldErrors,
} from './form-values.ts'
import { sendUpload } from './send-upload.ts'
import { UPLOAD_TEXTS as TEXTS } from './texts.ts'

/** What the user can put right on the form: shown there, so nothing typed is lost. */
export interface Rejection {
  fields: FieldErrors
  general: string | null
}

/** 413, 415 and 422 are about what was sent; anything else is a failure of the upload itself. */
function rejectionOf(error: unknown, maxUploadMb: number): Rejection | null {
  if (!(error instanceof ApiError)) return null
  switch (error.status) {
    case 413:
      return { fields: { files: TEXTS.errors.fileTooLarge(maxUploadMb) }, general: null }
    case 415:
      return {
        fields: {
          files: error.problem?.detail ?? error.problem?.title ?? TEXTS.errors.refusedType,
        },
        general: null,
      }
    case 422:
      return serverFieldErrors(error.problem)
    default:
      return null
  }
}

const editHref = (contentUID: string, success: boolean) =>
  `${documentHref(contentUID)}?${RESULT_FLAGS.edit}=${String(success)}`

/**
 * Sends the form (a new upload, or an edit with `contentUID`) and goes where spec section 2
 * says: /data?successfulUpload=… or /documenten/{id}?editSuccess=…. A rejection of the input
 * comes back instead, for the form to show. `progress` is null unless an upload is under way.
 */
export function useDocumentSubmit(contentUID?: string) {
  const [progress, setProgress] = useState<number | null>(null)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { maxUploadMb } = useConfig()
  const running = useRef<AbortController | null>(null)

  // Leaving the page stops the upload: nothing continues unseen.
  useEffect(() => () => running.current?.abort(), [])

  async function submit(values: DocumentFormValues): Promise<Rejection | null> {
    const controller = new AbortController()
    running.current = controller
    setProgress(0)
    let success: boolean
    try {
      await sendUpload({
        form: toFormData(values, contentUID),
        onProgress: setProgress,
        signal: controller.signal,
      })
      success = true
    } catch (error) {
      if (controller.signal.aborted) return null
      const rejection = rejectionOf(error, maxUploadMb)
      if (rejection) {
        setProgress(null)
        return rejection
      }
      success = false
    } finally {
      running.current = null
    }
    if (success) {
      // The next screen must not show the document as it was: fetch it and the list anew.
      queryClient.removeQueries({ queryKey: ownDocumentsKeys.all })
      if (contentUID) queryClient.removeQueries({ queryKey: documentKeys.detail(contentUID) })
      refreshAfterDocumentChange(queryClient)
    }
    await navigate(
      contentUID
        ? editHref(contentUID, success)
        : myDataHref(1, { name: RESULT_FLAGS.upload, value: success }),
    )
    return null
  }

  return { submit, progress, uploading: progress !== null }
}

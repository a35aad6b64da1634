import { UploadResult, apiPaths } from '@dataportaal/contract'
import { apiPrefix, apiUrl, checkResponse, requestHeaders } from '../../shared/api/client.ts'

export interface UploadRequest {
  form: FormData
  /** The part of the body sent so far, 0..1. */
  onProgress: (fraction: number) => void
  signal?: AbortSignal
}

/**
 * POST /documents/upload. The one call not made with fetch: only XMLHttpRequest reports how
 * much of the body has been sent, which drives the progress bar. Headers and error handling are
 * those of apiFetch (bearer token, a refused token signs out, problem details).
 *
 * Not retried: the policy of spec section 9 repeats a POST only after a network error, and for an
 * upload that could store the document twice (the request may have arrived) or send hundreds of
 * megabytes again. Nor does it have apiFetch's 30-second limit: a large file takes longer. A
 * failure goes back to the form's caller, which tells the user (spec section 8).
 */
export function sendUpload({ form, onProgress, signal }: UploadRequest): Promise<UploadResult> {
  const prefix = apiPrefix()
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const xhr = new XMLHttpRequest()
    xhr.open('POST', apiUrl(apiPaths.upload, undefined, prefix))
    requestHeaders(prefix).forEach((value, name) => xhr.setRequestHeader(name, value))
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      const contentType = xhr.getResponseHeader('Content-Type')
      const response = new Response(xhr.responseText || null, {
        status: xhr.status,
        headers: contentType ? { 'Content-Type': contentType } : {},
      })
      checkResponse(response, prefix)
        .then((checked) => checked.json())
        .then((body) => resolve(UploadResult.parse(body)), reject)
    }
    // As fetch reports it: a TypeError for the network, an AbortError for a cancellation.
    xhr.onerror = () => reject(new TypeError('Network error during upload'))
    xhr.onabort = () => reject(signal?.reason ?? new DOMException('Upload aborted', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(form)
  })
}

import { DATA_REQUEST_URL, DataRequestAccepted } from '@dataportaal/contract'
import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '../../shared/api/client.ts'
import type { DataQuestionPayload } from './form-values.ts'

/**
 * POST /mail, without a token (only /api calls carry one). A POST is never retried by the
 * retry policy, so a question is not sent twice. The Blob's type sets the JSON content type.
 */
export async function sendDataRequest(request: DataQuestionPayload): Promise<DataRequestAccepted> {
  const response = await apiFetch('', {
    method: 'POST',
    prefix: DATA_REQUEST_URL,
    body: new Blob([JSON.stringify(request)], { type: 'application/json' }),
  })
  return DataRequestAccepted.parse(await response.json())
}

export const useSendDataRequest = () => useMutation({ mutationFn: sendDataRequest })

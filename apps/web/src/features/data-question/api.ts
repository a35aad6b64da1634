import {
  DATA_REQUEST_URL,
  DataRequestAccepted,
  IDEMPOTENCY_KEY_HEADER,
} from '@dataportaal/contract'
import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '../../shared/api/client.ts'
import type { DataQuestionPayload } from './form-values.ts'

/**
 * POST /mail, without a token (only /api calls carry one). The retry policy sends it again
 * after a network error, when the question may have been stored and only the answer lost, so
 * it carries an Idempotency-Key: new for each question, the same on each retry of it; the
 * server answers a repeat with the first answer. The Blob's type sets the JSON content type.
 */
export async function sendDataRequest(request: DataQuestionPayload): Promise<DataRequestAccepted> {
  const response = await apiFetch('', {
    method: 'POST',
    prefix: DATA_REQUEST_URL,
    headers: { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() },
    body: new Blob([JSON.stringify(request)], { type: 'application/json' }),
  })
  return DataRequestAccepted.parse(await response.json())
}

export const useSendDataRequest = () => useMutation({ mutationFn: sendDataRequest })

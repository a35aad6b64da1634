import {
  API_PREFIX,
  SUBSCRIPTION_PATHS,
  SubscriptionAccepted,
  type SubscriptionRequestInput,
} from '@dataportaal/contract'
import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '../api/client.ts'

/** Always /pubapi: following needs no account, and a signed-in visitor is no different. */
export const subscribe = async (request: SubscriptionRequestInput) =>
  SubscriptionAccepted.parse(
    await (
      await apiFetch(SUBSCRIPTION_PATHS.subscribe, {
        method: 'POST',
        prefix: API_PREFIX.public,
        json: request,
      })
    ).json(),
  )

export const useSubscribe = () => useMutation({ mutationFn: subscribe })

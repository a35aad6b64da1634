import {
  API_PREFIX,
  ManagedSubscriptions,
  SUBSCRIPTION_PATHS,
  SubscriptionOutcome,
} from '@dataportaal/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../shared/api/client.ts'

/** Always /pubapi: the links in the mails need no account. */
const prefix = API_PREFIX.public

const postToken = (path: string, token: string) =>
  path === SUBSCRIPTION_PATHS.confirm
    ? apiRequest(SubscriptionOutcome, path, { method: 'POST', prefix, json: { token } })
    : apiRequest(SubscriptionOutcome, path, { method: 'POST', prefix, query: { token } })

export const useConfirm = () =>
  useMutation({ mutationFn: (token: string) => postToken(SUBSCRIPTION_PATHS.confirm, token) })

export const useUnsubscribe = () =>
  useMutation({ mutationFn: (token: string) => postToken(SUBSCRIPTION_PATHS.unsubscribe, token) })

const managedKey = (token: string) => ['subscriptions', 'managed', token] as const

export const useManaged = (token: string) =>
  useQuery({
    queryKey: managedKey(token),
    queryFn: () =>
      apiRequest(ManagedSubscriptions, SUBSCRIPTION_PATHS.manage, { prefix, query: { token } }),
    enabled: token !== '',
  })

export function useRemoveManaged(token: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(SubscriptionOutcome, SUBSCRIPTION_PATHS.manageOne(id), {
        method: 'DELETE',
        prefix,
        query: { token },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: managedKey(token) }),
  })
}

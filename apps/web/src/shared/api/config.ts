import { API_PREFIX, PublicConfig, apiPaths } from '@dataportaal/contract'
import { useSuspenseQuery } from '@tanstack/react-query'
import { apiRequest } from './client.ts'

export const configQuery = {
  queryKey: ['config'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest(PublicConfig, apiPaths.config, { signal, prefix: API_PREFIX.public }),
  staleTime: Infinity,
}

/** The run-time settings of this portal (name, logo, links); loaded before the app renders. */
export function useConfig(): PublicConfig {
  return useSuspenseQuery(configQuery).data
}

import type { QueryClient } from '@tanstack/react-query'
import { configQuery } from './api/config.ts'

/**
 * After a change that many screens show (a document, a decision, the vocabulary): every query
 * but the run-time config is marked stale and fetched again when next shown. The roots in
 * `refetchedByCaller` are left alone, as the caller fetches those at once itself.
 */
export function markStaleButConfig(client: QueryClient, refetchedByCaller: readonly string[] = []) {
  const skip: unknown[] = [configQuery.queryKey[0], ...refetchedByCaller]
  void client.invalidateQueries({
    predicate: ({ queryKey: [root] }) => !skip.includes(root),
    refetchType: 'none',
  })
}

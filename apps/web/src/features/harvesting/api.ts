import {
  API_PREFIX,
  HarvestRun,
  HarvestRunList,
  HarvestSource,
  HarvestSourceList,
  apiPaths,
  isActiveRun,
  type HarvestSourceInput,
} from '@dataportaal/contract'
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { apiRequest } from '../../shared/api/client.ts'

/** How often a running run is asked how far it is. */
export const POLL_MS = 1000

export const harvestKeys = {
  all: ['harvest'] as const,
  sources: () => [...harvestKeys.all, 'sources'] as const,
  runs: (sourceId: string) => [...harvestKeys.all, 'runs', sourceId] as const,
  run: (id: string) => [...harvestKeys.all, 'run', id] as const,
}

// Every call is an admin's: always under /api, with the bearer token.
const admin = { prefix: API_PREFIX.authenticated }

/** GET /harvest/sources: every source with its document count and its last run. */
export function useHarvestSources() {
  return useQuery({
    queryKey: harvestKeys.sources(),
    queryFn: ({ signal }) =>
      apiRequest(HarvestSourceList, apiPaths.harvestSources, { ...admin, signal }),
  })
}

/** GET /harvest/sources/{id}/runs: the source's latest runs, newest first; none without a source. */
export function useSourceRuns(sourceId: string | null) {
  return useQuery({
    queryKey: harvestKeys.runs(sourceId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(HarvestRunList, apiPaths.harvestSourceRuns(sourceId ?? ''), { ...admin, signal }),
    enabled: sourceId !== null,
  })
}

/** What a finished run changes on the screen: the source's counts and last run, its run list. */
function refreshAfterRun(client: QueryClient, sourceId: string) {
  void client.invalidateQueries({ queryKey: harvestKeys.sources() })
  void client.invalidateQueries({ queryKey: harvestKeys.runs(sourceId) })
}

/**
 * GET /harvest/runs/{id} every second while `listed` (the run as the run list has it) is
 * under way, and the run as it is now. Once the run is done, the source list and the run
 * list are fetched again, so the new counts and the enabled 'Nu ophalen' show everywhere.
 */
export function useLiveRun(listed: HarvestRun): HarvestRun {
  const client = useQueryClient()
  const active = isActiveRun(listed)
  const polled = useQuery({
    queryKey: harvestKeys.run(listed.id),
    queryFn: ({ signal }) =>
      apiRequest(HarvestRun, apiPaths.harvestRun(listed.id), { ...admin, signal }),
    enabled: active,
    refetchInterval: (query) =>
      query.state.data && !isActiveRun(query.state.data) ? false : POLL_MS,
  })
  const finished = active && polled.data !== undefined && !isActiveRun(polled.data)
  const refreshed = useRef<string | null>(null)
  useEffect(() => {
    if (!finished || refreshed.current === listed.id) return
    refreshed.current = listed.id
    refreshAfterRun(client, listed.sourceId)
  }, [finished, client, listed.id, listed.sourceId])
  // The list's copy is the newest once it says the run is done; until then the polled one.
  return active ? (polled.data ?? listed) : listed
}

/** POST /harvest/sources, or PUT /harvest/sources/{id} with `id`: the source as saved. */
export function useSaveSource() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: HarvestSourceInput }) =>
      apiRequest(HarvestSource, id ? apiPaths.harvestSource(id) : apiPaths.harvestSources, {
        ...admin,
        method: id ? 'PUT' : 'POST',
        json: input,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: harvestKeys.sources() }),
  })
}

/**
 * POST /harvest/sources/{id}/runs: queues a run (202). It goes at the top of the source's
 * run list at once, so its report and progress show before the list is fetched again.
 */
export function useStartRun() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (sourceId: string) =>
      apiRequest(HarvestRun, apiPaths.harvestSourceRuns(sourceId), { ...admin, method: 'POST' }),
    onSuccess: (run) => {
      client.setQueryData<HarvestRunList>(harvestKeys.runs(run.sourceId), (list) =>
        list
          ? {
              Results: [run, ...list.Results.filter((old) => old.id !== run.id)],
              Total: list.Total + 1,
            }
          : list,
      )
      refreshAfterRun(client, run.sourceId)
    },
  })
}

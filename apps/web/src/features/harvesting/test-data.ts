import {
  API_PREFIX,
  apiPaths,
  type HarvestRun,
  type HarvestSource,
  type HarvestSourceInput,
} from '@dataportaal/contract'
import { ADMIN, testSession } from '../../test/auth.ts'
import { json, stubApi, type RenderOptions } from '../../test/render.tsx'

export const adminApi = (path: string) => `${API_PREFIX.authenticated}${path}`

/** Signed in as an admin, as the stored flags and the auth state say after sign-in. */
export function signedInAdmin(): RenderOptions {
  window.localStorage.setItem('authenticated', 'true')
  window.localStorage.setItem('isAdmin', 'true')
  window.localStorage.setItem('token', 'h.p.s')
  return { auth: testSession(ADMIN).session }
}

export const SOURCE_ID = '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a01'
export const RUN_ID = '7b2e1d3f-4c5e-4f6a-9b0c-1d2e3f4a5b01'

export function aRun(overrides: Partial<HarvestRun> = {}): HarvestRun {
  return {
    id: RUN_ID,
    sourceId: SOURCE_ID,
    trigger: 'manual',
    status: 'succeeded',
    dryRun: false,
    queuedAt: '2026-11-20T09:00:00.000Z',
    startedAt: '2026-11-20T09:00:01.000Z',
    finishedAt: '2026-11-20T09:01:00.000Z',
    progress: { pages: 2, records: 40, expected: 40 },
    counts: { created: 40, updated: 0, withdrawn: 0, unchanged: 0, refused: 0 },
    refusals: [],
    unmappedThemes: [],
    error: null,
    ...overrides,
  }
}

export function aSource(overrides: Partial<HarvestSource> = {}): HarvestSource {
  return {
    id: SOURCE_ID,
    name: 'Statistiek CKAN',
    url: 'https://ckan.voorbeeld.nl/api/3/action/package_search',
    kind: 'ckan',
    sourceName: 'Onderzoek en Statistiek',
    schedule: 'daily',
    trusted: false,
    publish: false,
    enabled: true,
    nextRunAt: '2026-11-25T09:00:00.000Z',
    documents: 40,
    lastRun: aRun(),
    ...overrides,
  }
}

export interface Sent {
  method: string
  path: string
  body: unknown
}

/**
 * The server of /harvesten: the sources, each source's runs, and what GET /harvest/runs/{id}
 * answers on each poll (the last answer repeats). `create` answers POST /harvest/sources.
 */
export function stubHarvestApi({
  sources = [],
  runs = {},
  polls = [],
  create,
}: {
  sources?: HarvestSource[]
  runs?: Record<string, HarvestRun[]>
  polls?: HarvestRun[]
  create?: (input: HarvestSourceInput) => Response
}) {
  const sent: Sent[] = []
  let current = [...sources]
  const runLists = { ...runs }
  let poll = 0
  // The run as the server has it now: what the last poll was told.
  let served: HarvestRun | undefined
  const now = (run: HarvestRun) => (served && run.id === served.id ? served : run)

  stubApi(async (url, init) => {
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
    if (method !== 'GET') sent.push({ method, path: url.pathname, body })
    const path = url.pathname

    if (path === adminApi(apiPaths.harvestSources) && method === 'GET') {
      const listed = current.map((source) =>
        source.lastRun ? { ...source, lastRun: now(source.lastRun) } : source,
      )
      return json({ Results: listed, Total: listed.length })
    }
    if (path === adminApi(apiPaths.harvestSources) && method === 'POST') {
      const input = body as HarvestSourceInput
      const answer = create?.(input) ?? json(aSource({ ...input, lastRun: null }), 201)
      if (answer.ok) current = [...current, aSource({ ...input, id: SOURCE_ID, lastRun: null })]
      return answer
    }
    for (const source of current) {
      if (path === adminApi(apiPaths.harvestSource(source.id)) && method === 'PUT') {
        const saved = { ...source, ...(body as HarvestSourceInput) }
        current = current.map((old) => (old.id === source.id ? saved : old))
        return json(saved)
      }
      if (path !== adminApi(apiPaths.harvestSourceRuns(source.id))) continue
      if (method === 'POST') {
        const queued = polls[0] ?? aRun({ status: 'queued' })
        runLists[source.id] = [queued, ...(runLists[source.id] ?? [])]
        current = current.map((old) => (old.id === source.id ? { ...old, lastRun: queued } : old))
        return json(queued, 202)
      }
      const list = (runLists[source.id] ?? []).map(now)
      return json({ Results: list, Total: list.length })
    }
    const polled = polls[Math.min(poll, polls.length - 1)]
    if (polled && path === adminApi(apiPaths.harvestRun(polled.id))) {
      poll += 1
      served = polled
      return json(polled)
    }
    return json({ title: 'Niet gevonden', status: 404 }, 404)
  })
  return sent
}

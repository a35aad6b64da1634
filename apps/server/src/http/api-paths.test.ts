import { API_PREFIX, SUBSCRIPTION_PATHS, apiPaths } from '@dataportaal/contract'
import { describe, expect, it } from 'vitest'
import { useTestContext } from '../../test/app.ts'

/**
 * The server declares its routes as Fastify patterns (`/documents/:id`); the web client and
 * the tests build URLs with the contract's `apiPaths`. This keeps the two from drifting:
 * every path the contract names is served, and every served API path is in the contract.
 */

const ctx = useTestContext()

/** A path with its parameters made anonymous: `/documents/:id/tag/:name` -> `/documents/:/tag/:`. */
const shape = (path: string) => path.replace(/:[A-Za-z0-9_]+/g, ':')

/** What each entry of `apiPaths` stands for, with a placeholder for every parameter. */
function contractShapes(): Set<string> {
  const shapes = new Set<string>()
  // The subscriptions' paths are named beside their schemas (contract subscriptions.ts).
  for (const entry of [...Object.values(apiPaths), ...Object.values(SUBSCRIPTION_PATHS)]) {
    if (typeof entry === 'string') {
      shapes.add(shape(entry))
      continue
    }
    const builder = entry as (...args: string[]) => string
    const placeholders = Array.from({ length: builder.length }, (_, i) => `:p${i}`)
    shapes.add(shape(decodeURIComponent(builder(...placeholders))))
  }
  return shapes
}

/** The served routes under /api and /pubapi, without their prefix. */
function servedShapes(): Set<string> {
  const prefixes = [API_PREFIX.authenticated, API_PREFIX.public]
  const shapes = new Set<string>()
  for (const { url } of ctx.app.routeAccess) {
    const prefix = prefixes.find((p) => url.startsWith(`${p}/`))
    if (prefix) shapes.add(shape(url.slice(prefix.length)))
  }
  return shapes
}

describe("the contract's API paths and the server's routes", () => {
  it('serves every path the contract names', () => {
    const served = servedShapes()
    const missing = [...contractShapes()].filter((path) => !served.has(path))
    expect(missing).toEqual([])
  })

  it('names every served API path in the contract', () => {
    const named = contractShapes()
    const unnamed = [...servedShapes()].filter((path) => !named.has(path))
    expect(unnamed).toEqual([])
  })
})

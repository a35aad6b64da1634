import { AsyncLocalStorage } from 'node:async_hooks'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { CreateRenderer, RenderPage, RenderResult } from '@dataportaal/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'

/** Longer than this and the browser renders the page itself: a slow page never holds a visitor. */
export const RENDER_TIME_LIMIT_MS = 2_000

/** The web app's server bundle, inside its build (apps/web/build/server-bundle.ts). */
const BUNDLE = path.join('ssr', 'entry-server.js')

/** Statuses whose answer has no body; a Response with one would throw. */
const NO_BODY = new Set([101, 204, 205, 304])

/** Renders public pages; null means the browser renders this one (or rendering failed). */
export type ServerRenderer = (request: FastifyRequest) => Promise<RenderResult | null>

/**
 * The public pages rendered in this process, from the web app's own components, with the
 * answers of the API's own routes called in process (`app.inject`) on behalf of the
 * visitor: the same validation, visibility and rate limits as their browser's calls. No
 * bundle (the web app not built, or built before server rendering) means no rendering.
 *
 * The bundle (1.4 MB) is loaded when the first page is asked for, not at start-up: a
 * server is ready as soon as before, and one that serves no page (a test, a node behind
 * an API-only route) never loads it.
 */
export function loadServerRenderer(
  app: FastifyInstance,
  webDistDir: string,
  timeLimitMs = RENDER_TIME_LIMIT_MS,
): ServerRenderer | null {
  const file = path.join(webDistDir, BUNDLE)
  if (!fs.existsSync(file)) return null
  const visitor = new AsyncLocalStorage<FastifyRequest>()
  let loading: Promise<RenderPage | null> | null = null
  const load = async (): Promise<RenderPage | null> => {
    let bundle: { createRenderer?: CreateRenderer }
    try {
      bundle = await import(pathToFileURL(file).href)
    } catch (error) {
      app.log.error(
        { err: error, file },
        'the server bundle failed to load; pages render in the browser',
      )
      return null
    }
    if (typeof bundle.createRenderer !== 'function') {
      app.log.error(
        { file },
        'the server bundle has no createRenderer; pages render in the browser',
      )
      return null
    }
    return bundle.createRenderer(async (input, init) => {
      const request = visitor.getStore()
      if (!request) throw new Error('An API call outside a page render')
      return callInProcess(app, request, String(input), new Headers(init?.headers))
    })
  }

  return async (request) => {
    loading ??= load()
    const renderPage = await loading
    if (!renderPage) return null
    try {
      return await withTimeLimit(
        visitor.run(request, () => renderPage(request.url)),
        timeLimitMs,
      )
    } catch (error) {
      request.log.error({ err: error }, 'server rendering failed; the browser renders the page')
      return null
    }
  }
}

/** One GET of the API for the visitor of `outer`: their address and forwarded-for header. */
async function callInProcess(
  app: FastifyInstance,
  outer: FastifyRequest,
  url: string,
  headers: Headers,
): Promise<Response> {
  const forwardedFor = outer.headers['x-forwarded-for']
  const answer = await app.inject({
    method: 'GET',
    url,
    headers: {
      ...Object.fromEntries(headers),
      ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
      'user-agent': outer.headers['user-agent'] ?? '',
    },
    remoteAddress: outer.socket.remoteAddress,
  })
  const responseHeaders = new Headers()
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value])
      responseHeaders.append(name, String(one))
  }
  const body = NO_BODY.has(answer.statusCode) ? null : answer.rawPayload
  return new Response(body, { status: answer.statusCode, headers: responseHeaders })
}

async function withTimeLimit<T>(work: Promise<T>, limitMs: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), limitMs)
  })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}

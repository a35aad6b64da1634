import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { API_PREFIX } from '@dataportaal/contract'
import { escapeHtml } from '../shared/html.ts'
import { sendProblem } from './problem.ts'

const API_PATHS = [API_PREFIX.authenticated, API_PREFIX.public, API_PREFIX.mail, '/oidc']

const isApiPath = (url: string) =>
  API_PATHS.some(
    (prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`),
  )

/** A missing file (an old chunk, a typo) is a 404, not the app's page with the wrong type. */
const isFilePath = (url: string) => /\.[a-z0-9]+$/i.test(url.split('?')[0] ?? '')

/** Shown when the web app has not been built: says how to build it, and where the API is. */
function notBuiltPage(portalName: string) {
  const name = escapeHtml(portalName)
  return `<!doctype html>
<html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name}</title></head>
<body><main><h1>${name}</h1>
<p>De webapplicatie is nog niet gebouwd. Start het portaal met <code>npm start</code> vanuit de hoofdmap.</p>
<p>De API en haar documentatie staan op <a href="/api/docs">/api/docs</a>.</p></main></body></html>`
}

/** Vite puts a content hash in every name under assets/, so those never change; the page itself always may. */
function cacheControl(filePath: string) {
  if (filePath.includes(`${path.sep}assets${path.sep}`))
    return 'public, max-age=31536000, immutable'
  if (path.basename(filePath).startsWith('index.html')) return 'no-cache'
  return 'public, max-age=3600'
}

/**
 * What a page's head says to those who read the HTML without running the app (search
 * engines, link previews in chat apps). The app sets the title itself once it runs; this
 * one is the same, so there is no flash of another title.
 */
export interface PageHead {
  /** The page's whole title, as the app sets it; plain text. */
  title: string
  /** Takes the place of the index's own description; plain text. */
  description: string
  /** Further head elements as markup, every value in them already escaped by their maker. */
  elements: string
}

/** The head of a page path (without query), or null for the index as it is. */
export type PageHeadSource = (path: string) => Promise<PageHead | null>

const TITLE = /<title>[\s\S]*?<\/title>/i
const DESCRIPTION = /<meta\s[^>]*\bname=["']?description["']?[^>]*>/i
const HEAD_END = /<\/head>/i

/** The index with the page's head, or null when the index has no head to put it in. */
export function withPageHead(index: string, head: PageHead): string | null {
  if (!HEAD_END.test(index)) return null
  const elements = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    head.elements,
  ].join('\n')
  // Functions, not strings, as replacements: a `$&` in a title must stay text.
  return index
    .replace(TITLE, () => '')
    .replace(DESCRIPTION, () => '')
    .replace(HEAD_END, () => `${elements}\n</head>`)
}

/**
 * Serves the built web app. Every other path that is not an API path answers with the
 * app's index.html (history fallback); the app's router sends unknown routes home.
 * `pageHead` may give a page its own head (a document's title, description and metadata):
 * that page is then the index read afresh with that head, never its pre-compressed copy.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { webDistDir: string; portalName: string; pageHead?: PageHeadSource },
) {
  const indexFile = path.join(options.webDistDir, 'index.html')
  const built = fs.existsSync(indexFile)
  if (built) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      // Files are looked up per request, so a rebuild of the app needs no restart.
      wildcard: true,
      index: 'index.html',
      // Our own Cache-Control below, not the plugin's max-age.
      cacheControl: false,
      // The build writes .br and .gz next to each text file; no compression at request time.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.setHeader('Cache-Control', cacheControl(filePath))
      },
    })
  }
  /** The index with the page's own head; null (the plain index) when it has none, or on failure. */
  async function pageWithHead(request: FastifyRequest): Promise<string | null> {
    if (!options.pageHead) return null
    try {
      const head = await options.pageHead(request.url.split('?')[0] ?? '/')
      if (!head) return null
      // Read per request, like the static files: a rebuild of the app needs no restart.
      return withPageHead(await fs.promises.readFile(indexFile, 'utf8'), head)
    } catch (error) {
      // The page still works without its head: the app fetches what it shows itself.
      request.log.error({ err: error }, 'page head failed; serving the plain index')
      return null
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD'
    if (isApiPath(request.url) || !wantsPage || isFilePath(request.url)) {
      return sendProblem(reply, 404, 'Deze URL bestaat niet.')
    }
    reply.header('Cache-Control', 'no-cache')
    if (!built) return reply.type('text/html; charset=utf-8').send(notBuiltPage(options.portalName))
    const page = await pageWithHead(request)
    if (page !== null) return reply.type('text/html; charset=utf-8').send(page)
    return reply.sendFile('index.html', options.webDistDir)
  })
}

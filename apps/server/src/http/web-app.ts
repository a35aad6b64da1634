import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  API_PREFIX,
  SERVER_DATA_ID,
  SERVER_RENDERED_ATTRIBUTE,
  type RenderResult,
} from '@dataportaal/contract'
import { escapeHtml } from '../shared/html.ts'
import { sendProblem } from './problem.ts'
import { loadServerRenderer } from './server-render.ts'

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

const ROOT = /<div id="root"><\/div>/

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/**
 * A page made for this request, compressed as the browser accepts (the built files come
 * compressed already). Brotli at a middle quality: a few ms for a page of 25 kB, which
 * leaves it about a quarter of that on the wire.
 */
async function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  html: string,
) {
  reply.code(status).type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding')
  const accepted = String(request.headers['accept-encoding'] ?? '')
  if (/\bbr\b/.test(accepted)) {
    const body = await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
    return reply.header('Content-Encoding', 'br').send(body)
  }
  if (/\bgzip\b/.test(accepted)) {
    return reply.header('Content-Encoding', 'gzip').send(await gzip(html, { level: 6 }))
  }
  return reply.send(html)
}

type RenderedPage = Extract<RenderResult, { kind: 'page' }>

/**
 * The index with a server-rendered page in `#root`, its data for hydration after it, and its
 * head: the document's own head where it has one (title, description, JSON-LD), else the
 * page's title. Null when the index has no empty `#root` or no head.
 */
export function withRenderedPage(
  index: string,
  page: RenderedPage,
  documentHead: PageHead | null,
): string | null {
  if (!ROOT.test(index)) return null
  const ownTitle = page.head.includes('<title>')
  const headed = documentHead
    ? withPageHead(index, documentHead)
    : withHeadElements(ownTitle ? index.replace(TITLE, () => '') : index, page.head)
  if (headed === null) return null
  const root =
    `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}>${page.html}</div>` +
    `<script type="application/json" id="${SERVER_DATA_ID}">${page.data}</script>`
  return headed.replace(ROOT, () => root)
}

function withHeadElements(index: string, elements: string): string | null {
  if (!HEAD_END.test(index)) return null
  return index.replace(HEAD_END, () => `${elements}\n</head>`)
}

/**
 * Serves the built web app. Every other path that is not an API path answers with the
 * app's index.html (history fallback); the app's router sends unknown routes home.
 * `pageHead` may give a page its own head (a document's title, description and metadata):
 * that page is then the index read afresh with that head, never its pre-compressed copy.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    webDistDir: string
    portalName: string
    pageHead?: PageHeadSource
    /** Longer than this and the browser renders the page itself. */
    renderTimeLimitMs?: number
  },
) {
  const indexFile = path.join(options.webDistDir, 'index.html')
  const built = fs.existsSync(indexFile)
  if (built) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      // Files are looked up per request, so a rebuild of the app needs no restart.
      wildcard: true,
      // Not even the index: every page goes through the handler below, which may render it.
      index: false,
      // Our own Cache-Control below, not the plugin's max-age.
      cacheControl: false,
      // The build writes .br and .gz next to each text file; no compression at request time.
      preCompressed: true,
      // The server's own bundle of the app (server-render.ts) is no file for browsers.
      allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
      setHeaders: (reply, filePath) => {
        reply.setHeader('Cache-Control', cacheControl(filePath))
      },
    })
  }
  const renderer = built
    ? loadServerRenderer(app, options.webDistDir, options.renderTimeLimitMs)
    : null

  /** The page's own head, if it has one; null on failure too. */
  async function documentHead(request: FastifyRequest): Promise<PageHead | null> {
    if (!options.pageHead) return null
    try {
      return await options.pageHead(request.url.split('?')[0] ?? '/')
    } catch (error) {
      // The page still works without its head: the app fetches what it shows itself.
      request.log.error({ err: error }, 'page head failed; serving the plain index')
      return null
    }
  }

  /**
   * The page rendered on the server, else the index with the page's own head; null (the
   * plain index, rendered in the browser) when neither applies.
   */
  async function page(request: FastifyRequest): Promise<{ status: number; html: string } | null> {
    const [rendered, head] = await Promise.all([renderer?.(request), documentHead(request)])
    // Read per request, like the static files: a rebuild of the app needs no restart.
    const index = rendered || head ? await fs.promises.readFile(indexFile, 'utf8') : ''
    if (rendered?.kind === 'page') {
      const html = withRenderedPage(index, rendered, head)
      if (html !== null) return { status: rendered.status, html }
    }
    const html = head ? withPageHead(index, head) : null
    return html === null ? null : { status: 200, html }
  }

  async function servePage(request: FastifyRequest, reply: FastifyReply) {
    // Rendered for a visitor, never for one person: fresh each time, never kept by a cache.
    reply.header('Cache-Control', 'no-cache')
    if (!built) return reply.type('text/html; charset=utf-8').send(notBuiltPage(options.portalName))
    const answer = await page(request)
    if (answer !== null) return sendHtml(request, reply, answer.status, answer.html)
    return reply.sendFile('index.html', options.webDistDir)
  }

  // The home page is a page like the others (the static files have no index).
  app.get('/', (request, reply) => servePage(request, reply))

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD'
    if (isApiPath(request.url) || !wantsPage || isFilePath(request.url)) {
      return sendProblem(reply, 404, 'Deze URL bestaat niet.')
    }
    return servePage(request, reply)
  })
}

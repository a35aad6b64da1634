import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
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
 * Serves the built web app. Every other path that is not an API path answers with the
 * app's index.html (history fallback); the app's router sends unknown routes home.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { webDistDir: string; portalName: string },
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
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD'
    if (isApiPath(request.url) || !wantsPage || isFilePath(request.url)) {
      return sendProblem(reply, 404, 'Deze URL bestaat niet.')
    }
    reply.header('Cache-Control', 'no-cache')
    if (!built) return reply.type('text/html; charset=utf-8').send(notBuiltPage(options.portalName))
    return reply.sendFile('index.html', options.webDistDir)
  })
}

import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { API_PREFIX } from '@dataportaal/contract'
import { escapeHtml } from '../features/search/highlight.ts'
import { sendProblem } from './problem.ts'

const API_PATHS = [API_PREFIX.authenticated, API_PREFIX.public, API_PREFIX.mail, '/oidc']

const isApiPath = (url: string) =>
  API_PATHS.some(
    (prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`),
  )

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
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to each text file; no compression at request time.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Vite puts a content hash in every name under assets/, so those never change.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`)
        reply.setHeader(
          'Cache-Control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        )
      },
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD'
    if (isApiPath(request.url) || !wantsPage) {
      return sendProblem(reply, 404, 'Deze URL bestaat niet.')
    }
    reply.header('Cache-Control', 'no-cache')
    if (!built) return reply.type('text/html; charset=utf-8').send(notBuiltPage(options.portalName))
    return reply.sendFile('index.html', options.webDistDir)
  })
}

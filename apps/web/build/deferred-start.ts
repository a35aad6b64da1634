import type { OutputBundle, OutputChunk } from 'rolldown'
import type { Plugin } from 'vite'

/** The `<meta name>`s of index.html that name the app's JavaScript for public/boot.js. */
export const APP_MODULE_META = 'portal-module'
export const APP_PRELOADS_META = 'portal-modulepreload'

const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g
const STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+)">/g

/**
 * The app's JavaScript starts after the first paint. Every public page arrives rendered by
 * the server and is readable without a script, so a phone paints it first and fetches the
 * app's JavaScript after; a `<script type="module">` in the head would be fetched beside the
 * stylesheet and hold the paint back. The build's module script becomes two `<meta>`s,
 * which public/boot.js turns back into elements once the page is painted (at once for a
 * page the browser renders itself).
 *
 * The entry starts the app in steps, each a dynamic import (src/main.tsx): every dynamic
 * import of the entry is taken for such a step. Their files are all preloaded together, and
 * their styles are in the head, as a static import's would be: the page is laid out as the
 * app will show it.
 */
export function deferredStart(): Plugin {
  return {
    name: 'dataportaal-deferred-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        const modules = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]!)
        if (modules.length !== 1 || !bundle || !chunk) {
          throw new Error(`index.html: expected one module script, found ${modules.length}`)
        }
        const startUp = startUpChunks(bundle, chunk)
        const linked = new Set([...html.matchAll(STYLESHEET)].map((match) => match[1]!))
        const styles = [...new Set(startUp.flatMap((file) => [...file.viteMetadata!.importedCss]))]
          .map((css) => `/${css}`)
          .filter((href) => !linked.has(href))
        const head =
          styles
            .map((href) => `\n    <link rel="stylesheet" crossorigin href="${href}">`)
            .join('') +
          `\n    <meta name="${APP_MODULE_META}" content="${modules[0]}" />` +
          `\n    <meta name="${APP_PRELOADS_META}" content="${startUp
            .filter((file) => file !== chunk)
            .map((file) => `/${file.fileName}`)
            .join(' ')}" />`
        return html
          .replace(MODULE_SCRIPT, '')
          .replace(MODULE_PRELOAD, '')
          .replace(/\s*<\/head>/, `${head}\n  </head>`)
      },
    },
  }
}

/** The entry, the steps it imports dynamically, and every file those import statically. */
function startUpChunks(bundle: OutputBundle, entry: OutputChunk): OutputChunk[] {
  const found = new Map<string, OutputChunk>()
  const visit = (fileName: string) => {
    const file = bundle[fileName]
    if (found.has(fileName) || file?.type !== 'chunk') return
    found.set(fileName, file)
    file.imports.forEach(visit)
  }
  visit(entry.fileName)
  entry.dynamicImports.forEach(visit)
  return [...found.values()]
}

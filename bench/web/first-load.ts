import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { init, parse } from 'es-module-lexer'
import { APP_MODULE_META, APP_PRELOADS_META } from '../../apps/web/build/deferred-start.ts'

const gzip = promisify(zlib.gzip)

export interface ScriptSize {
  /** The path the browser asks for, e.g. /assets/index-abc123.js. */
  file: string
  reachedBy: 'entry script' | 'modulepreload' | 'static import'
  bytes: number
  gzipBytes: number
}

export interface FirstLoad {
  scripts: ScriptSize[]
  gzipBytes: number
  bytes: number
  /** The other scripts of the build (lazy routes, workers): loaded later, if at all. */
  later: { files: number; gzipBytes: number }
}

/**
 * The JavaScript a browser needs to show the home page: the app's module script, which
 * index.html names in a `<meta>` for public/boot.js to start after the first paint, the
 * files it preloads with it (the start-up's steps), and every chunk those import
 * statically, transitively.
 * Dynamic imports (route-level code splitting) are not counted. Gzip at level 9, as the
 * build's pre-compressed .gz files the server sends.
 */
export async function measureFirstLoad(distDir: string): Promise<FirstLoad> {
  await init
  const html = await fs.readFile(path.join(distDir, 'index.html'), 'utf8')
  const meta = (name: string) =>
    tags(html, 'meta').find((attributes) => attributes.name === name)?.content
  const entry = meta(APP_MODULE_META)
  if (!entry) throw new Error(`${distDir}/index.html has no <meta name="${APP_MODULE_META}">`)
  const queue: Pick<ScriptSize, 'file' | 'reachedBy'>[] = [
    { file: entry, reachedBy: 'entry script' },
    ...(meta(APP_PRELOADS_META) ?? '')
      .split(' ')
      .filter(Boolean)
      .map((file) => ({ file, reachedBy: 'modulepreload' as const })),
  ]

  const scripts = new Map<string, ScriptSize>()
  for (let next = queue.shift(); next; next = queue.shift()) {
    const file = new URL(next.file, 'http://portal/').pathname
    if (scripts.has(file)) continue
    const code = await fs.readFile(path.join(distDir, file))
    const gzipBytes = (await gzip(code, { level: 9 })).length
    scripts.set(file, { file, reachedBy: next.reachedBy, bytes: code.length, gzipBytes })
    const [imports] = parse(code.toString('utf8'), file)
    for (const { n: specifier, d: dynamicAt } of imports) {
      if (dynamicAt !== -1 || !specifier) continue // import() and import.meta
      if (!/^(\.{1,2})?\//.test(specifier)) {
        throw new Error(`${file} imports '${specifier}', which a browser cannot load`)
      }
      queue.push({
        file: new URL(specifier, `http://portal${file}`).pathname,
        reachedBy: 'static import',
      })
    }
  }

  const all = (await fs.readdir(path.join(distDir, 'assets'))).filter((name) =>
    name.endsWith('.js'),
  )
  const laterFiles = all.map((name) => `/assets/${name}`).filter((file) => !scripts.has(file))
  let laterGzip = 0
  for (const file of laterFiles) {
    laterGzip += (await gzip(await fs.readFile(path.join(distDir, file)), { level: 9 })).length
  }

  const list = [...scripts.values()]
  return {
    scripts: list,
    bytes: sum(list.map((script) => script.bytes)),
    gzipBytes: sum(list.map((script) => script.gzipBytes)),
    later: { files: laterFiles.length, gzipBytes: laterGzip },
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

/** The attributes of every `<name ...>` tag; enough for the HTML that Vite writes. */
function tags(html: string, name: string) {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))].map((match) => {
    const attributes: Record<string, string | undefined> = {}
    for (const [, key, value] of match[1]!.matchAll(/([\w-]+)(?:\s*=\s*"([^"]*)")?/g)) {
      attributes[key!.toLowerCase()] = value ?? ''
    }
    return attributes
  })
}

export const kB = (bytes: number) => (bytes / 1000).toFixed(1)

export function printFirstLoad(result: FirstLoad, limitBytes: number) {
  const width = Math.max(...result.scripts.map((script) => script.file.length), 20)
  console.log(
    `  ${'script'.padEnd(width)}  ${'reached by'.padEnd(14)}  ${'raw kB'.padStart(8)}  ${'gzip kB'.padStart(8)}`,
  )
  for (const script of result.scripts) {
    console.log(
      `  ${script.file.padEnd(width)}  ${script.reachedBy.padEnd(14)}  ${kB(script.bytes).padStart(8)}  ${kB(script.gzipBytes).padStart(8)}`,
    )
  }
  const verdict = result.gzipBytes <= limitBytes ? 'PASS' : 'FAIL'
  console.log(
    `  ${'total'.padEnd(width)}  ${''.padEnd(14)}  ${kB(result.bytes).padStart(8)}  ${kB(result.gzipBytes).padStart(8)}  budget <= ${kB(limitBytes)} kB gzip: ${verdict}`,
  )
  console.log(
    `  not in the first load: ${result.later.files} other scripts (lazy routes, workers), ${kB(result.later.gzipBytes)} kB gzip`,
  )
}

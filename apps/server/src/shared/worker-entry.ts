import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/**
 * Names the folder of a build of the server (dist) made from the sources as they are now, for
 * the threads started from those sources. The tests' setup sets it once it has built
 * (test/global-setup.ts); nothing else does.
 */
export const CURRENT_BUILD_VARIABLE = 'PORTAL_CURRENT_BUILD'

/** The sources' root: this file is src/shared/worker-entry.ts. */
const SOURCES = path.resolve(import.meta.dirname, '..')

/**
 * The file a worker thread starts at, next to `moduleUrl` (the starting module's
 * `import.meta.url`). In the build (dist), where everything is JavaScript, it is `main`. A
 * worker does not inherit the TypeScript loader of the thread that starts it: run from the
 * sources (tsx, vitest), it is `boot`, a JavaScript file that registers one first; or, when
 * CURRENT_BUILD_VARIABLE names a build of these same sources, `main` in that build, the same
 * code without loading the loader in each thread (0.3 s and 0.5 CPU-s a thread, and the tests
 * start some 220).
 */
export function workerEntry(moduleUrl: string, boot: string, main: string): URL {
  if (!moduleUrl.endsWith('.ts')) return new URL(main, moduleUrl)
  const build = process.env[CURRENT_BUILD_VARIABLE]
  if (!build) return new URL(boot, moduleUrl)
  const folder = path.relative(SOURCES, path.dirname(fileURLToPath(moduleUrl)))
  if (folder.startsWith('..')) return new URL(boot, moduleUrl)
  return pathToFileURL(path.join(build, folder, main))
}

import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SERVER_DIR } from '../../test/server-process.ts'
import { CURRENT_BUILD_VARIABLE, workerEntry } from './worker-entry.ts'

const source = pathToFileURL(path.join(SERVER_DIR, 'src/db/pglite-thread.ts')).href

describe('the file a worker thread starts at', () => {
  afterEach(() => vi.unstubAllEnvs())

  it('is main next to the starting module in the build', () => {
    const built = pathToFileURL('/srv/portal/dist/db/pglite-thread.js').href
    expect(fileURLToPath(workerEntry(built, './pglite-boot.mjs', './pglite-main.js'))).toBe(
      '/srv/portal/dist/db/pglite-main.js',
    )
  })

  it('is boot, which registers a TypeScript loader, when run from the sources alone', () => {
    vi.stubEnv(CURRENT_BUILD_VARIABLE, '')
    expect(fileURLToPath(workerEntry(source, './pglite-boot.mjs', './pglite-main.js'))).toBe(
      path.join(SERVER_DIR, 'src/db/pglite-boot.mjs'),
    )
  })

  it('is main in the same folder of a current build that the environment names', () => {
    vi.stubEnv(CURRENT_BUILD_VARIABLE, '/tmp/build')
    expect(fileURLToPath(workerEntry(source, './pglite-boot.mjs', './pglite-main.js'))).toBe(
      '/tmp/build/db/pglite-main.js',
    )
    const outside = pathToFileURL(path.join(SERVER_DIR, 'test/thread.ts')).href
    expect(fileURLToPath(workerEntry(outside, './boot.mjs', './main.js'))).toBe(
      path.join(SERVER_DIR, 'test/boot.mjs'),
    )
  })

  it("is the server's build in this run, which the setup made from the sources", () => {
    expect(process.env[CURRENT_BUILD_VARIABLE]).toBe(path.join(SERVER_DIR, 'dist'))
  })
})

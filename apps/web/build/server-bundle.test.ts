import { execFileSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'
import { serverBuildConfig } from './server-bundle.ts'

const WEB_ROOT = path.resolve(import.meta.dirname, '..')

describe('the server bundle', () => {
  let outDir = ''
  afterAll(() => fs.rm(outDir, { recursive: true, force: true }))

  it("holds React's production build only, whatever NODE_ENV the server runs with", async () => {
    outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'server-bundle-'))
    // Built as `npm run build` builds it: without NODE_ENV (vitest sets 'test').
    const testEnv = process.env.NODE_ENV
    delete process.env.NODE_ENV
    try {
      await build(serverBuildConfig(WEB_ROOT, outDir, 'build/server-bundle.fixture.tsx'))
    } finally {
      process.env.NODE_ENV = testEnv
    }
    const file = path.join(outDir, 'server-bundle.fixture.js')
    const code = await fs.readFile(file, 'utf8')
    // React picks its development build at run time by NODE_ENV; `npm start` sets none.
    expect(code).not.toContain('process.env.NODE_ENV')
    // A function of the development build only (its element key warnings).
    expect(code).not.toContain('defineKeyPropWarningGetter')
    // It renders in a Node of its own, as the server loads it, without NODE_ENV.
    const { NODE_ENV: _unset, ...env } = process.env
    const script = `import(${JSON.stringify(pathToFileURL(file).href)}).then((m) => process.stdout.write(m.render()))`
    const html = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      env,
      encoding: 'utf8',
    })
    expect(html).toBe('<p>Hallo</p>')
  }, 120_000)
})

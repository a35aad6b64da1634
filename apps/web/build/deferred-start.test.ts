import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { build } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'
import { APP_MODULE_META, APP_PRELOADS_META, deferredStart } from './deferred-start.ts'

const FIXTURE = path.join(import.meta.dirname, 'deferred-start.fixture')

describe('the app started after the first paint', () => {
  let outDir = ''
  afterAll(() => fs.rm(outDir, { recursive: true, force: true }))

  it('names the entry and its steps for boot.js, with the steps’ styles in the head', async () => {
    outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deferred-start-'))
    await build({
      configFile: false,
      root: FIXTURE,
      logLevel: 'warn',
      publicDir: false,
      plugins: [deferredStart()],
      build: { outDir, emptyOutDir: true, target: 'es2022' },
    })
    const html = await fs.readFile(path.join(outDir, 'index.html'), 'utf8')
    const meta = (name: string) =>
      new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1] ?? ''
    const built = async (file: string) => fs.readFile(path.join(outDir, file), 'utf8')

    // Nothing the browser fetches before the page is painted but the styles.
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/)
    const entry = meta(APP_MODULE_META)
    expect(await built(entry)).toContain('import(')
    // The step (the module that imports lazy.ts), not what the step loads lazily itself.
    const preloads = await Promise.all(meta(APP_PRELOADS_META).split(' ').map(built))
    expect(preloads.some((code) => /import\(`\.\/lazy-/.test(code))).toBe(true)
    expect(preloads.some((code) => code.includes('dataset.lazy'))).toBe(false)
    // The step's styles are linked as the entry's are; the lazy module's are not.
    const styles = [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)]
    const css = (await Promise.all(styles.map((match) => built(match[1]!)))).join('')
    expect(css).toContain('.entry')
    expect(css).toContain('.step')
    expect(css).not.toContain('.lazy')
  }, 120_000)
})

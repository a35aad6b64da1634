import { spawnSync } from 'node:child_process'
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'

/** The check `npm run check` runs (scripts/check-import-cycles.mjs), run on small folders. */
const SCRIPT = fileURLToPath(new URL('../../../scripts/check-import-cycles.mjs', import.meta.url))

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

/** A folder holding `files` (path: text), checked; the script's exit code and output. */
function check(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-import-cycles-'))
  folders.push(dir)
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), text)
  }
  const run = spawnSync(process.execPath, [SCRIPT, dir], { encoding: 'utf8' })
  return { status: run.status, output: run.stdout + run.stderr }
}

describe('the import-cycle check', () => {
  it('passes a folder whose imports form no cycle', () => {
    const result = check({
      'a.ts': `import { b } from './b.ts'\nexport const a = b`,
      'b.ts': `import { c } from './sub/c.ts'\nexport const b = c`,
      'sub/c.ts': `import { z } from 'zod'\nexport const c = z`,
      'a.test.ts': `import { a } from './a.ts'\nexport const t = a`,
    })
    expect(result).toMatchObject({ status: 0 })
    expect(result.output).toContain('No import cycles')
  })

  it('fails on a cycle and prints it', () => {
    const result = check({
      'a.ts': `import { b } from './b.ts'\nexport const a = 1`,
      'b.ts': `export { c } from './sub/c.ts'\nexport const b = 2`,
      'sub/c.ts': `import { a } from '../a.ts'\nexport const c = a`,
      'd.ts': `import { a } from './a.ts'\nexport const d = a`,
    })
    expect(result.status).toBe(1)
    expect(result.output).toContain('a.ts\n    -> b.ts\n    -> sub/c.ts\n    -> a.ts')
    expect(result.output).not.toContain('d.ts')
  })

  it('counts type-only imports, dynamic imports and a file importing itself', () => {
    const types = check({
      'a.ts': `import type { B } from './b.tsx'\nexport interface A { b: B }`,
      'b.tsx': `import type { A } from './a.ts'\nexport interface B { a?: A }`,
    })
    expect(types.status).toBe(1)
    expect(types.output).toContain('a.ts\n    -> b.tsx\n    -> a.ts')
    const dynamic = check({
      'a.ts': `export const load = () => import('./b')`,
      'b.ts': `import { load } from './a.ts'\nexport const b = load`,
    })
    expect(dynamic.status).toBe(1)
    const itself = check({ 'a.ts': `import { a as self } from './a.ts'\nexport const a = self` })
    expect(itself.status).toBe(1)
    expect(itself.output).toContain('a.ts\n    -> a.ts')
  })
})

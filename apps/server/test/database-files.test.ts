import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DATABASE_HELPERS,
  modulesUsingDatabase,
  testFilesWithoutDatabase,
} from './database-files.ts'

/** Test files and their helpers, as sources; those in `dir` import test/db.ts from there. */
const modules = (dir: string): Record<string, string> => ({
  'direct.test.ts': 'const db = useTestDb()',
  'helper.ts': 'export const open = () => createTestDb()',
  'middle.ts': "export { open } from './helper.ts'",
  'deep.test.ts': "import { open } from './middle.ts'",
  'cycle-a.ts': "import './cycle-b.ts'",
  'cycle-b.ts': "import './cycle-a.ts'\nconst helper = await import('./helper.ts')",
  'cycle.test.ts': "import './cycle-a.ts'",
  'environment.test.ts': 'spawn(node, [], { env: { DATABASE_URL: process.env.DATABASE_URL } })',
  'plain.ts': 'export const twice = (n: number) => 2 * n',
  'plain.test.ts': "import { twice } from './plain.ts'",
  // A server process on a copy of the embedded database, whatever DATABASE_URL says.
  'process.test.ts': `import { copyMigratedDatabase } from './${path.relative(dir, DATABASE_HELPERS)}'\nawait copyMigratedDatabase(dir)`,
})

describe('which test files use the database', () => {
  let dir: string
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-database-files-'))
    for (const [name, source] of Object.entries(modules(dir))) {
      await fs.writeFile(path.join(dir, name), source)
    }
  })
  afterAll(() => fs.rm(dir, { recursive: true, force: true }))

  const judged = () => {
    const tests = Object.keys(modules(dir)).filter((name) => name.endsWith('.test.ts'))
    const using = modulesUsingDatabase(tests.map((name) => path.join(dir, name)))
    return Object.fromEntries(tests.map((name) => [name, using.has(path.join(dir, name))]))
  }

  it('counts a file that makes one, or imports at any depth, through a cycle or dynamically, a module that does', () => {
    expect(judged()).toEqual({
      'direct.test.ts': true,
      'deep.test.ts': true,
      'cycle.test.ts': true,
      'environment.test.ts': true,
      'plain.test.ts': false,
      'process.test.ts': false,
    })
  })

  it('leaves out of the run on PostgreSQL what runs the same on PGlite, and nothing that uses a database', () => {
    const without = testFilesWithoutDatabase()
    // A parser's tests, and the server process's (its database is the embedded one).
    expect(without).toContain('src/features/search/highlight.test.ts')
    expect(without).toContain('test/main.test.ts')
    // A test context, a portal on DATABASE_URL, a database of its own on the server.
    expect(without).not.toContain('src/features/uploads/uploads.test.ts')
    expect(without).not.toContain('test/production-build.test.ts')
    expect(without).not.toContain('test/database-lost.test.ts')
  })
})

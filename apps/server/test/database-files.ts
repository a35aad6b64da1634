import fs from 'node:fs'
import path from 'node:path'

/**
 * Which of the server's test files use the PostgreSQL server when DATABASE_URL is set. The
 * run on PostgreSQL (`.ci/run`'s last stage) runs only those: the others (parsers, worker
 * threads, server processes on PGlite) would run exactly as they did on PGlite a stage before.
 *
 * A file uses it when it, or a module it imports (relatively, at any depth), makes a test
 * database (test/db.ts: createTestDb, useTestDb, migratedPostgresDatabase or
 * createPostgresDatabase), injects the run's migrated database, or reads DATABASE_URL from
 * the environment (to hand it to a process it starts). Importing test/db.ts does not count by
 * itself, so a file that only copies the embedded database for a server process
 * (copyMigratedDatabase) uses none. Should this reading of the sources miss a way in, test/db.ts
 * refuses to make a database for a file judged to use none, and the run on PGlite fails.
 */
const MAKES_A_DATABASE =
  /\b(createTestDb|useTestDb|migratedPostgresDatabase|createPostgresDatabase)\(|inject\('migratedDatabase'\)|process\.env\.DATABASE_URL/
const RELATIVE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*'(\.{1,2}\/[^']+)'/g

export const SERVER_DIR = path.resolve(import.meta.dirname, '..')
export const DATABASE_HELPERS = path.join(SERVER_DIR, 'test', 'db.ts')

/** The server's test files, relative to its folder. */
function testFiles(): string[] {
  return ['src', 'test'].flatMap((dir) =>
    fs
      .readdirSync(path.join(SERVER_DIR, dir), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => path.join(dir, name)),
  )
}

/**
 * Of `entries` and every module they import (absolute paths), at any depth, those that use
 * the database: those that make one themselves, and those that import one that does (cycles
 * included).
 */
export function modulesUsingDatabase(entries: readonly string[]): Set<string> {
  const importedBy = new Map<string, string[]>()
  const using = new Set<string>()
  const seen = new Set<string>()
  const toRead = [...entries]
  for (let file = toRead.pop(); file !== undefined; file = toRead.pop()) {
    if (seen.has(file) || file === DATABASE_HELPERS || !fs.existsSync(file)) continue
    seen.add(file)
    const source = fs.readFileSync(file, 'utf8')
    if (MAKES_A_DATABASE.test(source)) using.add(file)
    for (const [, specifier] of source.matchAll(RELATIVE_IMPORT)) {
      const imported = path.resolve(path.dirname(file), specifier!)
      importedBy.set(imported, [...(importedBy.get(imported) ?? []), file])
      toRead.push(imported)
    }
  }
  const toSpread = [...using]
  for (let file = toSpread.pop(); file !== undefined; file = toSpread.pop()) {
    for (const importer of importedBy.get(file) ?? []) {
      if (using.has(importer)) continue
      using.add(importer)
      toSpread.push(importer)
    }
  }
  return using
}

let using: Set<string> | undefined

/** Whether the test file at this absolute path reaches the PostgreSQL server of DATABASE_URL. */
export function usesDatabase(testFile: string): boolean {
  using ??= modulesUsingDatabase(testFiles().map((file) => path.join(SERVER_DIR, file)))
  return using.has(testFile)
}

/** The test files that use no database, relative to the server's folder, for vitest's exclude. */
export function testFilesWithoutDatabase(): string[] {
  return testFiles()
    .filter((file) => !usesDatabase(path.join(SERVER_DIR, file)))
    .sort()
}

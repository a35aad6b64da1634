import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import { openPostgres } from '../src/db/client.ts'
import { migrate } from '../src/db/migrate.ts'
import { pgliteExtensions } from '../src/db/pglite-extensions.ts'
import { CURRENT_BUILD_VARIABLE } from '../src/shared/worker-entry.ts'
import { createPostgresDatabase } from './db.ts'
import { SERVER_DIR } from './server-process.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database every test file starts from (test/db.ts, createTestDb). */
    migratedDatabase: { kind: 'pglite'; dump: string } | { kind: 'postgres'; template: string }
    /**
     * The migrated embedded database as files on disk (PGDATA), for the data directory of a
     * server process (test/db.ts, copyMigratedDatabase). Made on PostgreSQL runs too: the tests of
     * the server process run it on PGlite unless they say otherwise.
     */
    migratedCluster: string
  }
}

const run = promisify(execFile)

/**
 * Once per run, before any test file, side by side:
 * - the migrated database, which each test file copies instead of creating a cluster and
 *   migrating it again: on PGlite a dump of its data directory (and the same files on disk),
 *   on PostgreSQL a template database;
 * - the server's build (`npm run build`, unless the one in dist is current), which the tests
 *   of the server process start as production does (test/server-process.ts), and the worker
 *   threads the tests start begin in (src/shared/worker-entry.ts). A rerun in watch mode
 *   builds again first if a source changed, so that no thread runs older code.
 */
export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-test-template-'))
  const [dump, dropTemplate] = await Promise.all([
    migratedPglite(dir),
    migratedPostgres(project),
    buildServer(),
  ])
  const cluster = path.join(dir, 'cluster')
  await fs.mkdir(cluster)
  await run('tar', ['-xf', dump, '-C', cluster])
  // The test files' threads inherit the variable: vitest starts them after this setup.
  process.env[CURRENT_BUILD_VARIABLE] = path.join(SERVER_DIR, 'dist')
  project.onTestsRerun(buildServer)
  project.provide('migratedCluster', cluster)
  if (!process.env.DATABASE_URL) project.provide('migratedDatabase', { kind: 'pglite', dump })
  return async () => {
    await dropTemplate?.()
    await fs.rm(dir, { recursive: true, force: true })
  }
}

async function buildServer() {
  try {
    await run(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: SERVER_DIR })
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string }
    throw new Error(`the server's build failed:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`)
  }
}

/** On the PostgreSQL server of DATABASE_URL, if set: a migrated template database. */
async function migratedPostgres(project: TestProject) {
  const url = process.env.DATABASE_URL
  if (!url) return undefined
  const database = await createPostgresDatabase(url)
  const db = openPostgres(database.url)
  try {
    await migrate(db)
  } finally {
    await db.close()
  }
  project.provide('migratedDatabase', { kind: 'postgres', template: database.name })
  return database.drop
}

/** A migrated PGlite's data directory, dumped into a tar file in `dir`. */
async function migratedPglite(dir: string) {
  const dump = path.join(dir, 'migrated.tar')
  const lite = await PGlite.create({ extensions: pgliteExtensions })
  try {
    await migrate({
      transaction: (work) =>
        lite.transaction((tx) =>
          work({
            query: async (sql, params) =>
              (await tx.query<never>(sql, params ? [...params] : [])).rows,
            exec: async (sql) => {
              await tx.exec(sql)
            },
            copyFrom: () => Promise.reject(new Error('migrations copy no files')),
          }),
        ),
    })
    const tar = await lite.dumpDataDir('none')
    await fs.writeFile(dump, Buffer.from(await tar.arrayBuffer()))
  } finally {
    await lite.close()
  }
  return dump
}

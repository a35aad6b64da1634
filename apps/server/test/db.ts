import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import pg from 'pg'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { openPglite, openPostgres, pgliteDir, type Db } from '../src/db/client.ts'
import { usesDatabase } from './database-files.ts'

/**
 * A fresh, migrated database for one test file, copied from the run's migrated database
 * (test/global-setup.ts): PGlite in memory by default, or a new database on the PostgreSQL
 * server of DATABASE_URL (dropped again on close).
 */
export async function createTestDb(): Promise<Db> {
  refuseFileJudgedWithoutDatabase()
  const migrated = inject('migratedDatabase')
  if (migrated.kind === 'pglite') return openPglite(undefined, { from: migrated.dump })
  const url = process.env.DATABASE_URL
  if (!url) throw new Error('The run migrated a PostgreSQL database, but DATABASE_URL is not set')
  const database = await migratedPostgresDatabase(url)
  const db = openPostgres(database.url)
  return {
    ...db,
    close: async () => {
      await db.close()
      await database.drop()
    },
  }
}

/** A new database on the PostgreSQL server of `url`, copied from the run's migrated one. */
export function migratedPostgresDatabase(url: string) {
  refuseFileJudgedWithoutDatabase()
  const migrated = inject('migratedDatabase')
  if (migrated.kind !== 'postgres') throw new Error('The run migrated no PostgreSQL database')
  return createPostgresDatabase(url, { template: migrated.template })
}

/**
 * Puts a copy of the run's migrated embedded database into the data directory `dataDir`
 * (made if missing) of a server process or a command, which then opens it at once instead of
 * creating a cluster and migrating it, seconds each time. A test of a first start gives its
 * process an empty directory instead. Gives `dataDir`.
 */
export async function copyMigratedDatabase(dataDir: string): Promise<string> {
  await fs.cp(inject('migratedCluster'), pgliteDir(dataDir), { recursive: true })
  return dataDir
}

/**
 * A new database on the PostgreSQL server of `url`: empty, for a test that starts the real
 * server process on it (the process migrates it), or a copy of `template`; `drop` removes it
 * again.
 */
export async function createPostgresDatabase(url: string, options: { template?: string } = {}) {
  const name = `portal_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(
    `create database ${name}${options.template ? ` template ${options.template}` : ''}`,
  )
  await admin.end()
  const target = new URL(url)
  target.pathname = `/${name}`
  return {
    name,
    url: target.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: url })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

/**
 * Fails a test file that makes a database while test/database-files.ts judged from its sources
 * that it uses none: the run on PostgreSQL would leave it out.
 */
function refuseFileJudgedWithoutDatabase() {
  const { testPath } = expect.getState()
  if (testPath === undefined || !usesDatabase(testPath)) {
    throw new Error(
      `${testPath} makes a database, but test/database-files.ts found no sign of it in its ` +
        'sources, so the run on PostgreSQL would leave it out: teach that module the way in',
    )
  }
}

/**
 * A fresh, migrated database for the file or `describe` it is called in (createTestDb):
 * made before its first test, closed after its last, usable at once.
 */
export function useTestDb(): Db {
  let db: Db | undefined
  beforeAll(async () => {
    db = await createTestDb()
  })
  afterAll(() => db?.close())
  return madeBeforeAll(() => db, 'useTestDb')
}

/**
 * An object that stands for the one `current()` gives once a beforeAll made it, so that a
 * test file can name it at the top; used earlier, it says so.
 */
export function madeBeforeAll<T extends object>(current: () => T | undefined, maker: string): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const made = current()
      if (!made) throw new Error(`${maker}(): used before its beforeAll ran`)
      return Reflect.get(made, key, made) as unknown
    },
  })
}

import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openPglite, openPostgres, type Db } from '../src/db/client.ts'
import { migrate } from '../src/db/migrate.ts'

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new
 * database on the PostgreSQL server of DATABASE_URL (dropped again on close).
 */
export async function createTestDb(): Promise<Db> {
  const url = process.env.DATABASE_URL
  if (!url) {
    const db = await openPglite()
    await migrate(db)
    return db
  }
  const database = await createPostgresDatabase(url)
  const db = openPostgres(database.url)
  await migrate(db)
  return {
    ...db,
    close: async () => {
      await db.close()
      await database.drop()
    },
  }
}

/**
 * A new, empty database on the PostgreSQL server of `url`, for a test that starts the real
 * server process on it (the process migrates it); `drop` removes it again.
 */
export async function createPostgresDatabase(url: string) {
  const name = `portal_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const target = new URL(url)
  target.pathname = `/${name}`
  return {
    url: target.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: url })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

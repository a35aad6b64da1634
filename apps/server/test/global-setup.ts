import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import { openPostgres } from '../src/db/client.ts'
import { migrate } from '../src/db/migrate.ts'
import { pgliteExtensions } from '../src/db/pglite-extensions.ts'
import { createPostgresDatabase } from './db.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database every test file starts from (test/db.ts, createTestDb). */
    migratedDatabase: { kind: 'pglite'; dump: string } | { kind: 'postgres'; template: string }
  }
}

/**
 * Once per run, before any test file: the migrated database, which each test file's
 * createTestDb copies instead of creating a cluster and migrating it again (on PGlite, a
 * dump of its data directory; on PostgreSQL, a template database).
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL
  if (url) {
    const database = await createPostgresDatabase(url)
    const db = openPostgres(database.url)
    try {
      await migrate(db)
    } finally {
      await db.close()
    }
    project.provide('migratedDatabase', { kind: 'postgres', template: database.name })
    return () => database.drop()
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-test-template-'))
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
  project.provide('migratedDatabase', { kind: 'pglite', dump })
  return () => fs.rm(dir, { recursive: true, force: true })
}

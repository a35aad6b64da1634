import fs from 'node:fs/promises'
import path from 'node:path'
import type { Db } from './client.ts'

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations')
/** Any constant: serialises migrations when several nodes start at once. */
const MIGRATION_LOCK = 734_002_117

/** Applies every not yet applied `migrations/NNNN_name.sql`, each in its own transaction. */
export async function migrate(db: Pick<Db, 'transaction'>): Promise<string[]> {
  const files = (await fs.readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort()
  const applied: string[] = []
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    // Under the lock: two nodes creating it at once would collide in the catalogue (pg_type).
    await tx.exec(`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`)
    const done = new Set(
      (await tx.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name),
    )
    for (const name of files) {
      if (done.has(name)) continue
      const sql = await fs.readFile(path.join(MIGRATIONS_DIR, name), 'utf8')
      await tx.exec(sql)
      await tx.query('insert into schema_migrations (name) values ($1)', [name])
      applied.push(name)
    }
  })
  return applied
}

/**
 * The benchmark's own database: a PostgreSQL database it may drop and recreate, or a
 * PGlite data directory under the system's temp folder. Both are migrated with the
 * server's own migrations.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openPglite, openPostgres, type Db } from '../../apps/server/src/db/client.ts'
import { migrate } from '../../apps/server/src/db/migrate.ts'

export type DbKind = 'pg' | 'pglite'

export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/portal_bench'

export const pgUrl = () => process.env.BENCH_DATABASE_URL || DEFAULT_PG_URL

export const pgliteDir = () =>
  process.env.BENCH_PGLITE_DIR || path.join(os.tmpdir(), 'dataportaal-bench-pglite')

export interface BenchDatabase {
  db: Db
  /** Where it lives, for the report (no password). */
  location: string
  /** `select version()`, shortened. */
  version: string
}

function databaseName(url: URL): string {
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''))
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
    throw new Error(`BENCH_DATABASE_URL must name a plain database (a-z, 0-9, _), not "${name}"`)
  }
  if (name === 'postgres' || name.startsWith('template')) {
    throw new Error(`refusing to drop the database "${name}"; name a database of its own`)
  }
  return name
}

/** Creates the PostgreSQL database, first dropping it when `fresh`. */
async function preparePostgres(url: URL, fresh: boolean) {
  const name = databaseName(url)
  const adminUrl = new URL(url)
  adminUrl.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: adminUrl.toString() })
  await admin.connect()
  try {
    if (fresh) await admin.query(`drop database if exists "${name}" with (force)`)
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (!rowCount) await admin.query(`create database "${name}"`)
  } finally {
    await admin.end()
  }
}

const redacted = (url: URL) => {
  const copy = new URL(url)
  if (copy.password) copy.password = '***'
  return copy.toString()
}

/** Opens (and with `fresh`, first empties) the benchmark database, migrated. */
export async function openBenchDatabase(kind: DbKind, fresh: boolean): Promise<BenchDatabase> {
  let db: Db
  let location: string
  if (kind === 'pg') {
    const url = new URL(pgUrl())
    await preparePostgres(url, fresh)
    db = openPostgres(url.toString())
    location = redacted(url)
  } else {
    const dir = pgliteDir()
    if (fresh) await fs.rm(dir, { recursive: true, force: true })
    db = await openPglite(dir)
    location = dir
  }
  await migrate(db)
  const [row] = await db.query<{ version: string }>('select version() as version')
  const version = (row?.version ?? '').split(' on ')[0]!.split(',')[0]!
  return { db, location, version: kind === 'pglite' ? `PGlite (${version})` : version }
}

const SERVER_DIR = path.resolve(import.meta.dirname, '..', '..', 'apps', 'server', 'src')

/**
 * What a synthetic catalogue depends on: the schema (migrations), the server's indexing,
 * the generator and its settings. A reused database must have been made with the same.
 */
export async function catalogueFingerprint(settings: { docs: number; seed: string }) {
  const migrations = path.join(SERVER_DIR, 'db', 'migrations')
  const files = [
    ...(await fs.readdir(migrations)).sort().map((name) => path.join(migrations, name)),
    path.join(SERVER_DIR, 'features', 'documents', 'search-index.ts'),
    // The compound parts the index holds: the splitter and its lexicon's reading.
    path.join(SERVER_DIR, 'features', 'documents', 'compounds.ts'),
    path.join(SERVER_DIR, 'features', 'documents', 'lexicon.ts'),
    path.join(import.meta.dirname, 'synthesize.ts'),
  ]
  const hash = createHash('sha256').update(JSON.stringify(settings))
  for (const file of files) hash.update(file).update(await fs.readFile(file))
  return hash.digest('hex').slice(0, 16)
}

/** Remembers which catalogue the database holds (a table of the benchmark's own). */
export async function markCatalogue(db: Db, fingerprint: string, docs: number) {
  await db.exec(
    'create table if not exists bench_catalogue (fingerprint text not null, docs integer not null)',
  )
  await db.query('delete from bench_catalogue')
  await db.query('insert into bench_catalogue (fingerprint, docs) values ($1, $2)', [
    fingerprint,
    docs,
  ])
}

/** The catalogue the database holds: its fingerprint and its count of synthetic documents. */
export async function describeCatalogue(db: Db) {
  const [marker] = await db.query<{ fingerprint: string | null }>(
    `select (select fingerprint from bench_catalogue limit 1) as fingerprint
      where to_regclass('bench_catalogue') is not null`,
  )
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from documents where external_key like 'bench-%'`,
  )
  return { fingerprint: marker?.fingerprint ?? null, docs: count?.n ?? 0 }
}

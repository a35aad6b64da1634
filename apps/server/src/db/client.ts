import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import pg from 'pg'
import { from as copyFromStream } from 'pg-copy-streams'
import { freeBytes } from '../storage/full.ts'
import { PgliteThread } from './pglite-thread.ts'

export type Row = Record<string, unknown>

/** What services need of a database: parameterised queries, inside a transaction or not. */
export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

/** Bulk loading: what the tables feature needs to fill a table from the loader's files. */
export interface Copying {
  /**
   * Loads a file in PostgreSQL's COPY text format into `target` (`schema.table (col, ...)`,
   * built by the caller from identifiers of its own, never from a user's text). Streams the
   * file on PostgreSQL; PGlite reads it as a Blob (`/dev/blob`), so callers keep files to a
   * bounded size. Returns the rows copied.
   */
  copyFrom(target: string, filePath: string, options?: CopyOptions): Promise<number>
}

export interface CopyOptions {
  /**
   * Rows written frozen and their pages marked all-visible (COPY's FREEZE), so that a count
   * is answered from an index alone from the start, without a VACUUM. Only for a table
   * created in the same transaction.
   */
  freeze?: boolean
}

const copyWith = (options: CopyOptions | undefined) => (options?.freeze ? ' with (freeze)' : '')

/** A transaction's statements: queries, and COPY too. */
export interface Transaction extends Queryable, Copying {}

export interface Db extends Queryable, Copying {
  readonly kind: 'pglite' | 'postgres'
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>
  close(): Promise<void>
  /**
   * Queries and transactions waiting for a connection now: the pool's queue on PostgreSQL,
   * everything behind the one running statement on PGlite. How saturated the database is.
   */
  waitingQueries(): number
  /** Connections open and idle now (for /metrics): the pool's, or PGlite's one session. */
  connections(): { open: number; idle: number }
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
}

/** The embedded database could not start because the disk of DATA_DIR is (nearly) full. */
export class DataDirFullError extends Error {
  override name = 'DataDirFullError'
}

/**
 * Free space below which a failed start of the embedded database is put down to a full disk:
 * a new database takes about 40 MB (16 of them the first WAL segment), and an existing one
 * writes a new WAL segment and its lock file as it opens.
 */
export const PGLITE_START_FREE_MB = 64

/**
 * PGlite on a full disk fails with whatever it was writing (an emscripten errno, "failed to
 * initialize", an abort), none of which says why; the operator needs to hear that the disk
 * is full and how much it takes.
 */
async function explainStartFailure(error: unknown, dataDir: string): Promise<unknown> {
  const free = await freeBytes(dataDir).catch(() => null)
  if (free === null || free >= PGLITE_START_FREE_MB * 1024 * 1024) return error
  const freeMb = (free / 1024 / 1024).toFixed(1)
  return new DataDirFullError(
    `The embedded database cannot start: the disk of DATA_DIR (${dataDir}) is full, ${freeMb} MB free. It needs at least ${PGLITE_START_FREE_MB} MB free to start (a new database takes about 40 MB) and room to grow; free space or move DATA_DIR to a larger disk (docs/operations.md, "When the database or the disk fails").`,
    { cause: error },
  )
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * PGlite is single-process: refuse a data directory another live process holds. Returns the
 * unlock. Exported for the backup and restore commands, which work on the files directly.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true })
  const lockFile = path.join(dir, 'portal.lock')
  if (fs.existsSync(lockFile)) {
    const pid = Number(fs.readFileSync(lockFile, 'utf8').trim())
    if (Number.isInteger(pid) && pid !== process.pid && isProcessAlive(pid)) {
      throw new DataDirLockedError(
        `The embedded database in ${dir} is in use by process ${pid}; PGlite serves one process only. Set DATABASE_URL to share a database.`,
      )
    }
  }
  fs.writeFileSync(lockFile, String(process.pid))
  return () => fs.rmSync(lockFile, { force: true })
}

export { pgliteExtensions } from './pglite-extensions.ts'

/** Where PGlite keeps its data inside the portal's data directory. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pgdata')

export interface OpenOptions {
  /**
   * The database is gone for this process and only a new process brings it back: PGlite's
   * thread died (main.ts then exits, for the supervisor to start it again). PostgreSQL's
   * lost connections are replaced by the pool, so this is never called for it.
   */
  onLost?: (error: Error) => void
  /**
   * A dump of a data directory (a tar file, as PGlite's dumpDataDir writes it) that a new
   * database in memory starts from, instead of an empty cluster: the test suite's migrated
   * database, made once per run (test/global-setup.ts).
   */
  from?: string
}

/**
 * Opens PGlite in `dataDir`, or in memory when `dataDir` is undefined, on a thread of its own
 * (pglite-thread.ts).
 */
export async function openPglite(dataDir?: string, options: OpenOptions = {}): Promise<Db> {
  let unlock: () => void = () => undefined
  let thread: PgliteThread
  try {
    if (dataDir) unlock = lockDataDir(dataDir)
    thread = await PgliteThread.start(
      { dataDir: dataDir ? pgliteDir(dataDir) : null, from: options.from ?? null },
      options.onLost,
    )
  } catch (error) {
    unlock()
    throw dataDir ? await explainStartFailure(error, dataDir) : error
  }
  const run = async <T extends Row>(
    sql: string,
    params: readonly unknown[] | undefined,
    tx: number | null,
  ) =>
    (await thread.request({
      op: 'query',
      sql,
      params: params ? [...params] : undefined,
      tx,
    })) as T[]
  const exec = async (sql: string, tx: number | null) => {
    await thread.request({ op: 'exec', sql, tx })
  }
  // PGlite runs one statement (or transaction) at a time; the rest queue inside it.
  let inFlight = 0
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    inFlight++
    try {
      return await work()
    } finally {
      inFlight--
    }
  }
  const copy = async (
    target: string,
    filePath: string,
    tx: number | null,
    options?: CopyOptions,
  ) => {
    const [row] = (await thread.request({
      op: 'copy',
      target,
      filePath,
      tx,
      with: copyWith(options),
    })) as Array<{
      count: number
    }>
    return row?.count ?? 0
  }
  let nextTransaction = 1
  return {
    kind: 'pglite',
    query: (sql, params) => counted(() => run(sql, params, null)),
    exec: (sql) => counted(() => exec(sql, null)),
    copyFrom: (target, filePath, options) => counted(() => copy(target, filePath, null, options)),
    transaction: (work) =>
      counted(async () => {
        const tx = nextTransaction++
        await thread.request({ op: 'begin', tx })
        let result
        try {
          result = await work({
            query: (sql, params) => run(sql, params, tx),
            exec: (sql) => exec(sql, tx),
            copyFrom: (target, filePath, options) => copy(target, filePath, tx, options),
          })
        } catch (error) {
          await thread.request({ op: 'end', tx, commit: false }).catch(() => undefined)
          throw error
        }
        await thread.request({ op: 'end', tx, commit: true })
        return result
      }),
    close: async () => {
      try {
        await thread.close()
      } finally {
        unlock()
      }
    },
    waitingQueries: () => Math.max(0, inFlight - 1),
    connections: () => ({ open: 1, idle: inFlight === 0 ? 1 : 0 }),
  }
}

/** COPY … FROM STDIN on one connection, the file streamed (node-postgres has no COPY). */
async function copyInto(
  client: pg.PoolClient,
  target: string,
  filePath: string,
  options?: CopyOptions,
) {
  const stream = client.query(copyFromStream(`copy ${target} from stdin${copyWith(options)}`))
  await pipeline(fs.createReadStream(filePath), stream)
  return stream.rowCount
}

export function openPostgres(connectionString: string): Db {
  // Search materialises its matches: 32 MB keeps a broad query's set in memory. No parallel
  // workers: a search is one core's work, and with several people searching at once workers
  // only take cores from the other searches (docs/search.md, "Speed": 42 instead of 31
  // searches a second at 8 clients on 2 cores, and a lower median at 1).
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    options: '-c work_mem=32MB -c max_parallel_workers_per_gather=0',
  })
  // An idle connection that the server ends (a restart, an administrator) is an 'error' event
  // on the pool; unhandled it would crash the process. The pool replaces it on the next query.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`)
  })
  const run = async <T extends Row>(
    target: pg.Pool | pg.PoolClient,
    sql: string,
    params?: readonly unknown[],
  ) => (await target.query<T>(sql, params ? [...params] : undefined)).rows
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    exec: async (sql) => {
      await pool.query(sql)
    },
    copyFrom: async (target, filePath, options) => {
      const client = await pool.connect()
      const lost = () => undefined
      client.on('error', lost)
      try {
        return await copyInto(client, target, filePath, options)
      } finally {
        client.off('error', lost)
        client.release()
      }
    },
    transaction: async (work) => {
      const client = await pool.connect()
      // A connection lost between two statements is an 'error' event on the checked-out
      // client (the pool listens only to idle ones); unheard, it would end the process. The
      // next statement fails with it instead, and release() then discards the client.
      const lost = () => undefined
      client.on('error', lost)
      try {
        await client.query('begin')
        const result = await work({
          query: (sql, p) => run(client, sql, p),
          exec: async (sql) => {
            await client.query(sql)
          },
          copyFrom: (target, filePath, options) => copyInto(client, target, filePath, options),
        })
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => undefined)
        throw error
      } finally {
        client.off('error', lost)
        client.release()
      }
    },
    close: () => pool.end(),
    waitingQueries: () => pool.waitingCount,
    connections: () => ({ open: pool.totalCount, idle: pool.idleCount }),
  }
}

export function openDatabase(
  options: { databaseUrl?: string | undefined; dataDir: string } & OpenOptions,
): Promise<Db> {
  return options.databaseUrl
    ? Promise.resolve(openPostgres(options.databaseUrl))
    : openPglite(options.dataDir, options)
}

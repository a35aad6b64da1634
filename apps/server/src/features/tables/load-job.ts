import { type FieldType, type TableField } from '@dataportaal/contract'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Db, Queryable, Transaction } from '../../db/client.ts'
import { fileJob } from '../../jobs/file-job.ts'
import { enqueueJobs, type ClaimedJob } from '../../jobs/queue.ts'
import { OutageJobError, PermanentJobError, type JobHandler } from '../../jobs/worker.ts'
import { isOutage } from '../../shared/outage.ts'
import type { FileStore } from '../../storage/file-store.ts'
import type {
  LoadedTable,
  LoadRequest,
  TableLoadLimits,
  TableOutcome,
  TypeOverrides,
} from '../../table-loading/protocol.ts'
import { isTabular } from '../../table-loading/index.ts'
import { copyRows, createTable, indexTable, newPhysicalName, qualified } from './physical.ts'

/** Loads the tables of one file into the database (payload `{ fileId }`). */
export const LOAD_TABLES_JOB = 'load-tables'

/** The loader (table-loading/index.ts), injected so that tests can give a fake one. */
export type LoadTables = (request: LoadRequest) => Promise<TableOutcome[]>

/** As for text extraction (uploads/extraction-job.ts): a file's faults are reports, not retries. */
export const TABLE_LOAD_MAX_ATTEMPTS = 3

export const LOAD_INTERRUPTED = 'Het laden van deze tabel is steeds afgebroken.'
export const NO_TABLE = 'Dit bestand bevat geen tabel.'
export const LOAD_FAILED = 'Het laden van deze tabel is mislukt door een fout in het portaal.'

/**
 * Call in the transaction that adds the files (or asks for a reload): each tabular file gets
 * its first metadata row (`wachtend`, unless it holds a table already, which stays readable
 * until the new one replaces it) and a job.
 */
export async function enqueueTableLoads(
  tx: Queryable,
  files: ReadonlyArray<{ id: string; mediaType: string }>,
): Promise<void> {
  const ids = files.filter((file) => isTabular(file.mediaType)).map((file) => file.id)
  if (ids.length === 0) return
  await tx.query(
    `insert into data_tables (file_id, sheet_index) select unnest($1::uuid[]), 0
     on conflict (file_id, sheet_index) do nothing`,
    [ids],
  )
  await enqueueJobs(
    tx,
    LOAD_TABLES_JOB,
    ids.map((fileId) => ({ fileId })),
    { maxAttempts: TABLE_LOAD_MAX_ATTEMPTS },
  )
}

/**
 * A file whose load the portal itself cut short (every attempt interrupted, or a fault of
 * ours) is loaded again with fresh attempts when an admin has the file read again (uploads/
 * reread.ts). A table that failed for the file's own sake (too wide, unreadable) is not: it
 * would fail the same way. Call in the reread's transaction.
 */
export async function reloadInterruptedTables(tx: Queryable, fileId: string): Promise<void> {
  const [file] = await tx.query<{ media_type: string }>(
    `update data_tables t set load_status = 'wachtend', reason = null
       from document_files f
      where f.id = t.file_id and t.file_id = $1 and t.sheet_index = 0
        and t.load_status = 'mislukt' and t.reason = any($2::text[])
      returning f.media_type`,
    [fileId, [LOAD_INTERRUPTED, LOAD_FAILED]],
  )
  if (file) await enqueueTableLoads(tx, [{ id: fileId, mediaType: file.media_type }])
}

export interface LoadJobDeps {
  db: Db
  store: FileStore
  loadTables: LoadTables
  limits: TableLoadLimits
}

/**
 * The job: claim the file (row 0's lease), mark it `bezig`, run the loader on a local copy
 * into a temporary directory, then in one transaction build one typed table per outcome and
 * swap them in with the metadata; the old tables go with the old rows (migration 0022's
 * trigger). Until it commits, readers see the old table. A file replaced or deleted
 * meanwhile, or a process that dies, leaves nothing behind: the transaction rolls back, and
 * the tables it created with it. The file's row is checked (and locked) only at the end, so
 * an upload that removes the file never waits for a long build.
 */
export function loadTablesJob(deps: LoadJobDeps): JobHandler {
  return fileJob(
    (fileId, job, lastAttempt) => loadFile(deps, fileId, job, lastAttempt),
    (fileId) =>
      deps.db.query(
        `update data_tables set load_status = 'wachtend', reason = null,
                lease_by = null, lease_until = null
          where file_id = $1 and sheet_index = 0 and reason = $2`,
        [fileId, LOAD_INTERRUPTED],
      ),
  )
}

interface Claimed {
  sha256: string
  mediaType: string
  /** Per sheet name ('' without sheets): the dictionary kept for it, and its corrected types. */
  dictionaries: Map<string, Record<string, unknown>>
  typeOverrides: Record<string, TypeOverrides>
}

async function claim(deps: LoadJobDeps, fileId: string, job: ClaimedJob): Promise<Claimed | null> {
  const leaseMs = deps.limits.timeoutMs + 10 * 60_000
  return deps.db.transaction(async (tx) => {
    const [file] = await tx.query<{ sha256: string; media_type: string }>(
      `select f.sha256, f.media_type from document_files f join documents d on d.id = f.document_id
        where f.id = $1 and d.deleted_at is null for update of f`,
      [fileId],
    )
    if (!file) return null
    await tx.query(
      `insert into data_tables (file_id, sheet_index) values ($1, 0)
       on conflict (file_id, sheet_index) do nothing`,
      [fileId],
    )
    const [held] = await tx.query(
      `update data_tables set load_status = case when physical_table is null then 'bezig' else load_status end,
              lease_by = $2, lease_until = now() + $3 * interval '1 millisecond'
        where file_id = $1 and sheet_index = 0
          and (lease_until is null or lease_until < now() or lease_by = $2)
        returning id`,
      [fileId, job.claim, leaseMs],
    )
    // Another node loads this file now (a reload asked for meanwhile, say): this job waits
    // for it as for an outage, without using an attempt, and loads the file after it.
    if (!held) throw new OutageJobError('another load holds this file')
    const rows = await tx.query<{ sheet: string | null; dictionary: Record<string, unknown> }>(
      'select sheet, dictionary from data_tables where file_id = $1',
      [fileId],
    )
    const dictionaries = new Map(rows.map((row) => [row.sheet ?? '', row.dictionary]))
    // fromEntries: a sheet or column called `__proto__` is a key like any other.
    const typeOverrides: Record<string, TypeOverrides> = Object.fromEntries(
      [...dictionaries]
        .map(([sheet, dictionary]) => [sheet, typesOf(dictionary)] as const)
        .filter(([, types]) => Object.keys(types).length > 0),
    )
    return { sha256: file.sha256, mediaType: file.media_type, dictionaries, typeOverrides }
  })
}

/** The corrected types in a stored dictionary. */
export function typesOf(dictionary: Record<string, unknown>): Record<string, FieldType> {
  return Object.fromEntries(
    Object.entries(dictionary).flatMap(([name, entry]) =>
      entry && typeof entry === 'object' && 'type' in entry && typeof entry.type === 'string'
        ? [[name, entry.type as FieldType]]
        : [],
    ),
  )
}

async function loadFile(
  deps: LoadJobDeps,
  fileId: string,
  job: ClaimedJob,
  lastAttempt: boolean,
): Promise<void> {
  const claimed = await claim(deps, fileId, job)
  if (!claimed) return
  if (lastAttempt) {
    // Should this last attempt die with its process, the file must not stay 'bezig'.
    await deps.db.query(
      `update data_tables set load_status = 'mislukt', reason = $2
        where file_id = $1 and sheet_index = 0 and physical_table is null`,
      [fileId, LOAD_INTERRUPTED],
    )
  }
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-table-'))
  try {
    const outcomes = await deps.store.withLocalCopy(claimed.sha256, (filePath) =>
      deps.loadTables({
        filePath,
        mediaType: claimed.mediaType,
        outDir,
        limits: limitsFor(deps),
        typeOverrides: claimed.typeOverrides,
      }),
    )
    if (deps.db.kind === 'pglite') await buildInSteps(deps.db, fileId, job, claimed, outcomes)
    else {
      await deps.db
        .transaction(async (tx) => {
          const built: Array<Built | null> = []
          for (const outcome of outcomes) {
            built.push(outcome.ok ? await buildTable(tx, outcome, 'postgres') : null)
          }
          if (!(await swapIn(tx, fileId, job, claimed, outcomes, built))) throw new FileGone()
        })
        .catch((error: unknown) => {
          if (!(error instanceof FileGone)) throw error
        })
    }
  } catch (error) {
    // Let go of the file, for the next attempt (a new claim) or for good with a reason.
    const final = !isOutage(error) && (lastAttempt || error instanceof PermanentJobError)
    await release(deps.db, fileId, job, final ? LOAD_FAILED : null).catch(() => undefined)
    throw error
  } finally {
    await fs.rm(outDir, { recursive: true, force: true }).catch(() => undefined)
  }
}

/** The file went (or another load took it over) while this one built: roll back, quietly. */
class FileGone extends Error {
  override name = 'FileGone'
}

async function release(db: Db, fileId: string, job: ClaimedJob, reason: string | null) {
  await db.query(
    `update data_tables set lease_by = null, lease_until = null,
            load_status = case when physical_table is not null then load_status
                               when $3::text is null then 'wachtend' else 'mislukt' end,
            reason = case when physical_table is null and $3::text is not null then $3 else reason end
      where file_id = $1 and sheet_index = 0 and lease_by = $2`,
    [fileId, job.claim, reason],
  )
}

/**
 * A new typed table with the outcome's rows and indexes: on PostgreSQL in the swap's
 * transaction, its rows copied frozen; on PGlite statement by statement (buildInSteps).
 */
async function buildTable(tx: Transaction, table: LoadedTable, engine: Db['kind']): Promise<Built> {
  const physical = newPhysicalName()
  const inOneTransaction = engine === 'postgres'
  await createTable(tx, physical, table.schema.fields)
  const rows = await copyRows(tx, physical, table.schema.fields.length, table.dataFiles, {
    freeze: inOneTransaction,
  })
  await indexTable(tx, physical, table.schema.fields, engine, rows)
  // What FREEZE does at once: pages all-visible, so a count is read from an index alone.
  if (!inOneTransaction) await tx.exec(`vacuum ${qualified(physical)}`)
  return { physical, rows }
}

/**
 * PGlite answers one statement at a time for the whole process, and an open transaction
 * holds it for its whole length: a table built in one transaction would keep every search
 * and page waiting for the build (seconds for 400,000 rows, a minute for a million). So on
 * PGlite each statement runs on its own (COPY in chunks of 256 kB: CHUNK_BYTES_PGLITE; no column indexes past PGLITE_INDEXED_ROWS_MAX rows) and
 * others take their turn in between; only the swap is a transaction. Until the swap no row
 * refers to the new tables: what a failure leaves is dropped here, and what a dying process
 * leaves is dropped before the next build (one process owns a PGlite database, and it
 * builds one file at a time).
 */
async function buildInSteps(
  db: Db,
  fileId: string,
  job: ClaimedJob,
  claimed: Claimed,
  outcomes: readonly TableOutcome[],
): Promise<void> {
  await dropUnreferencedTables(db)
  const built: Array<Built | null> = []
  try {
    for (const outcome of outcomes) {
      built.push(outcome.ok ? await buildTable(db, outcome, 'pglite') : null)
    }
    const swapped = await db.transaction((tx) => swapIn(tx, fileId, job, claimed, outcomes, built))
    if (!swapped) await dropBuilt(db, built)
  } catch (error) {
    await dropBuilt(db, built).catch(() => undefined)
    throw error
  }
}

const dropBuilt = async (db: Db, built: ReadonlyArray<Built | null>) => {
  for (const table of built) {
    if (table) await db.exec(`drop table if exists ${qualified(table.physical)}`)
  }
}

/** Tables in schema `tables` that no metadata row refers to: left by a build cut short. */
export async function dropUnreferencedTables(db: Queryable): Promise<number> {
  const orphans = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'tables' and c.relkind = 'r'
        and not exists (select 1 from data_tables t where t.physical_table = c.relname)`,
  )
  for (const { name } of orphans) await db.exec(`drop table if exists ${qualified(name)}`)
  return orphans.length
}

/** COPY files on PGlite: each is one statement that holds the database while it runs. */
export const CHUNK_BYTES_PGLITE = 256 * 1024

const limitsFor = (deps: LoadJobDeps): TableLoadLimits =>
  deps.db.kind === 'pglite'
    ? { ...deps.limits, chunkBytes: Math.min(deps.limits.chunkBytes, CHUNK_BYTES_PGLITE) }
    : deps.limits

/** A table built: its name, and the rows COPY put in (the row count the API trusts). */
interface Built {
  physical: string
  rows: number
}

/** The dictionary carried over to a sheet's new schema: only for fields it still has. */
function keptDictionary(
  dictionary: Record<string, unknown> | undefined,
  fields: readonly TableField[],
): Record<string, unknown> {
  if (!dictionary) return {}
  const names = new Set(fields.map((field) => field.name))
  return Object.fromEntries(Object.entries(dictionary).filter(([name]) => names.has(name)))
}

/**
 * Replaces the file's metadata rows and tables; false when the file is gone or another load
 * took it over (the caller then rolls back what it built).
 */
async function swapIn(
  tx: Transaction,
  fileId: string,
  job: ClaimedJob,
  claimed: Claimed,
  outcomes: readonly TableOutcome[],
  built: ReadonlyArray<Built | null>,
): Promise<boolean> {
  const [mine] = await tx.query(
    `select 1 from data_tables where file_id = $1 and sheet_index = 0 and lease_by = $2
          for update`,
    [fileId, job.claim],
  )
  if (!mine) return false
  const rows =
    outcomes.length > 0
      ? outcomes
      : [{ ok: false as const, sheet: null, reason: NO_TABLE, report: null }]
  // Rows of sheets the file no longer has, and their tables (the trigger).
  await tx.query('delete from data_tables where file_id = $1 and sheet_index >= $2', [
    fileId,
    rows.length,
  ])
  for (const [index, outcome] of rows.entries()) {
    const dictionary = outcome.ok
      ? keptDictionary(claimed.dictionaries.get(outcome.sheet ?? ''), outcome.schema.fields)
      : (claimed.dictionaries.get(outcome.sheet ?? '') ?? {})
    await tx.query(
      `insert into data_tables as t (file_id, sheet_index, sheet, load_status, reason, row_count,
                                       schema, report, dictionary, physical_table, loaded_at)
         values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9::jsonb, $10, now())
         on conflict (file_id, sheet_index) do update set
           sheet = excluded.sheet, load_status = excluded.load_status, reason = excluded.reason,
           row_count = excluded.row_count, schema = excluded.schema, report = excluded.report,
           dictionary = excluded.dictionary, physical_table = excluded.physical_table,
           loaded_at = excluded.loaded_at, lease_by = null, lease_until = null`,
      [
        fileId,
        index,
        outcome.sheet,
        outcome.ok ? 'geladen' : 'mislukt',
        outcome.ok ? null : outcome.reason,
        built[index]?.rows ?? 0,
        outcome.ok ? JSON.stringify(outcome.schema) : null,
        outcome.report ? JSON.stringify(outcome.report) : null,
        JSON.stringify(dictionary),
        built[index]?.physical ?? null,
      ],
    )
  }
  return true
}

import type { FieldType, TableField } from '@dataportaal/contract'
import { randomBytes } from 'node:crypto'
import type { Transaction } from '../../db/client.ts'

/**
 * The typed table a loaded table lives in: `tables.t_<32 hex>`, a column `_row` (the row's
 * number in the file, for a stable order), then `c1`..`cN` in the order of the schema's
 * fields, and `_search`, the text columns normalised for `q`. Identifiers are ours alone:
 * never a user's text, so no column name in a file can reach SQL.
 */

/** The SQL type of each field type: the columns' types, and the casts of filter values. */
export const SQL_TYPES: Record<FieldType, string> = {
  integer: 'bigint',
  number: 'double precision',
  boolean: 'boolean',
  date: 'date',
  datetime: 'timestamp',
  string: 'text',
  geojson: 'jsonb',
}

/** Columns past this many get no index of their own: each costs load time and disk. */
export const INDEXED_COLUMNS_MAX = 50

/**
 * On PGlite an index build is one statement that holds the database, searches included, for
 * its length: up to this many rows it takes a fraction of a second, beyond it seconds. Larger
 * tables on PGlite are read without column indexes (slower filters, never a stalled search);
 * PostgreSQL builds them beside the readers, always.
 */
export const PGLITE_INDEXED_ROWS_MAX = 100_000

export const newPhysicalName = () => `t_${randomBytes(16).toString('hex')}`

/** The physical column of the field at `index` (0-based). */
export const columnOf = (index: number) => `c${index + 1}`

/** `tables.t_…`, checked again so that nothing else ever becomes an identifier here. */
export function qualified(physical: string): string {
  if (!/^t_[0-9a-f]{32}$/.test(physical)) throw new Error(`not a table name: ${physical}`)
  return `tables.${physical}`
}

export const isTextField = (field: Pick<TableField, 'type'>) => field.type === 'string'

/** Creates the empty table for `fields` (in the caller's transaction). */
export async function createTable(
  tx: Transaction,
  physical: string,
  fields: readonly Pick<TableField, 'type'>[],
): Promise<void> {
  const columns = fields.map((field, i) => `${columnOf(i)} ${SQL_TYPES[field.type]}`)
  const text = fields.flatMap((field, i) => (isTextField(field) ? [columnOf(i)] : []))
  // portal_normalize: lower case without accents (migration 0001), as search does it;
  // `||` rather than concat_ws, which is not immutable and so not allowed here.
  const search =
    text.length > 0
      ? `_search text generated always as (public.portal_normalize(${text.map((c) => `coalesce(${c}, '')`).join(" || ' ' || ")})) stored`
      : `_search text generated always as (null::text) stored`
  await tx.exec(
    `create table ${qualified(physical)} (_row bigint not null, ${[...columns, search].join(', ')})`,
  )
}

/** Fills the table from the loader's data files, in order. */
export async function copyRows(
  tx: Transaction,
  physical: string,
  fieldCount: number,
  dataFiles: readonly string[],
  options: { freeze: boolean },
): Promise<number> {
  const columns = ['_row', ...Array.from({ length: fieldCount }, (_, i) => columnOf(i))]
  let rows = 0
  for (const file of dataFiles) {
    // Frozen when the table is new in this transaction: its pages all-visible let an exact
    // count of a filter be read from the column's index alone (PostgreSQL 14 and later).
    rows += await tx.copyFrom(`${qualified(physical)} (${columns.join(', ')})`, file, options)
  }
  return rows
}

/**
 * Indexes for the rows API, built after COPY (much cheaper than row by row): the key on
 * `_row`, a btree per column for filters and sorts (the first INDEXED_COLUMNS_MAX), and a
 * trigram index on `_search` for `q` and `contains`.
 */
export async function indexTable(
  tx: Transaction,
  physical: string,
  fields: readonly Pick<TableField, 'type'>[],
  engine: 'pglite' | 'postgres',
  rows: number,
): Promise<void> {
  const table = qualified(physical)
  const primaryKey = `alter table ${table} add primary key (_row)`
  if (engine === 'pglite' && rows > PGLITE_INDEXED_ROWS_MAX) {
    await tx.exec(primaryKey)
    await tx.exec(`analyze ${table}`)
    return
  }
  const statements = [primaryKey]
  // Index builds sort: on PostgreSQL 256 MB instead of the default 64 halves the build of a
  // million rows (23 to 12 s). Not on PGlite: its memory is the server's, and a WebAssembly
  // heap never shrinks again.
  if (engine === 'postgres') statements.unshift(`set local maintenance_work_mem = '256MB'`)
  fields.slice(0, INDEXED_COLUMNS_MAX).forEach((field, i) => {
    // A geometry is not compared or sorted; jsonb's btree would only cost.
    if (field.type === 'geojson') return
    statements.push(`create index on ${table} (${columnOf(i)}, _row)`)
  })
  if (fields.some(isTextField)) {
    statements.push(`create index on ${table} using gin (_search public.gin_trgm_ops)`)
  }
  statements.push(`analyze ${table}`)
  for (const statement of statements) await tx.exec(statement)
}

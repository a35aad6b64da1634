import type { FieldType, TableReport, TableSchema } from '@dataportaal/contract'

/**
 * The seam between reading a table file (this folder: decoding, parsing, type inference,
 * statistics, the quality report, all in an isolated worker thread) and storing it (the
 * tables feature: a typed table in the database, loaded with COPY).
 */

/** What one load may cost; the worker thread is terminated past the time or the heap. */
export interface TableLoadLimits {
  maxRows: number
  maxColumns: number
  timeoutMs: number
  memoryMb: number
  /** Longest line (CSV/TSV) or cell, in bytes; a longer one fails the table as 'too long'. */
  maxLineBytes: number
  /** Most bytes inflated from one ZIP entry (XLSX, ODS). */
  maxEntryBytes: number
  /** Bytes per data file written; the rows are split over several files beyond it. */
  chunkBytes: number
}

/** Keyed by field name; the owner's corrected types, applied instead of the inferred ones. */
export type TypeOverrides = Readonly<Record<string, FieldType>>

export interface LoadRequest {
  filePath: string
  mediaType: string
  /** An empty directory the loader writes its data files into; the caller removes it. */
  outDir: string
  limits: TableLoadLimits
  /** Per sheet name (the empty string for a file without sheets). */
  typeOverrides?: Readonly<Record<string, TypeOverrides>>
}

/**
 * One table read. The rows are in `dataFiles`, in order, in PostgreSQL's COPY text format:
 * one line per row, columns separated by a tab in the order of `schema.fields`, `\N` for a
 * missing value, backslash, tab, CR and LF escaped. Values are normalised to their type:
 * integers and numbers as plain decimals (`1234.5`), booleans `t`/`f`, dates `YYYY-MM-DD`,
 * datetimes `YYYY-MM-DDTHH:MM:SS` (UTC when the file gave a zone), GeoJSON geometries as
 * JSON text. A value that does not fit its column's type is `\N` and a `type-error` in the
 * report. Each row starts with one extra column before the fields: its row number in the
 * file (1 = the file's first line), for stable ordering and for the report.
 */
export interface LoadedTable {
  ok: true
  /** The sheet's name in a workbook; null for a file without sheets. */
  sheet: string | null
  schema: TableSchema
  report: TableReport
  rowCount: number
  dataFiles: string[]
}

/** A table that could not be loaded: too wide, a line too long, unreadable, wrong encoding. */
export interface FailedTable {
  ok: false
  sheet: string | null
  /** Dutch, for the owner, admins and visitors: why the table is not there. */
  reason: string
  report: TableReport
}

export type TableOutcome = LoadedTable | FailedTable

import { stat } from 'node:fs/promises'
import { TABLE_LIMITS } from '@dataportaal/contract'
import { runInThread } from '../extraction/reader-thread.ts'
import type { LoadRequest, TableLoadLimits, TableOutcome } from './protocol.ts'
import { isTabularType } from './read-tables.ts'
import { emptyReport } from './report.ts'

export type * from './protocol.ts'

const MB = 1024 * 1024

export const DEFAULT_TABLE_LIMITS: TableLoadLimits = {
  maxRows: TABLE_LIMITS.maxRows,
  maxColumns: TABLE_LIMITS.maxColumns,
  timeoutMs: 10 * 60_000,
  // The extraction's caps: the two kinds of job take turns on a node, so a node's growth is
  // bounded by one thread's heap (a million-row CSV streams well within it).
  memoryMb: 256,
  maxLineBytes: 8 * MB,
  maxEntryBytes: 100 * MB,
  chunkBytes: 16 * MB,
}

/** Whether files of this media type hold a table: CSV, TSV, XLSX, ODS, JSON, GeoJSON. */
export const isTabular = isTabularType

function duration(ms: number): string {
  if (ms >= 120_000) return `${Math.round(ms / 60_000)} minuten`
  const seconds = Math.ceil(ms / 1000)
  return seconds === 1 ? '1 seconde' : `${seconds} seconden`
}

/**
 * Reads the tables of a file into COPY data files in `outDir`, in a worker thread with a
 * capped heap and a time limit: one outcome per table (per sheet of a workbook, in order;
 * empty sheets skipped). A file that cannot be loaded as a whole (timeout, out of memory,
 * not a table, unreadable) is one FailedTable with `sheet: null`; then, as after any failure,
 * the caller deletes outDir. Only faults outside the file throw: a missing path, a media type
 * without tables, a thread that cannot start.
 */
export async function loadTables(
  request: Omit<LoadRequest, 'limits'> & { limits?: Partial<TableLoadLimits> },
): Promise<TableOutcome[]> {
  const limits: TableLoadLimits = { ...DEFAULT_TABLE_LIMITS, ...request.limits }
  if (!isTabular(request.mediaType)) throw new Error(`no tables in ${request.mediaType}`)
  await stat(request.filePath)
  await stat(request.outDir)
  const result = await runInThread(
    { kind: 'tables', request: { ...request, limits } },
    limits.memoryMb,
    limits.timeoutMs,
  )
  if (result.ok) return 'tables' in result ? result.tables : []
  const reason =
    result.reason === 'timeout'
      ? `Het laden duurde langer dan ${duration(limits.timeoutMs)}.`
      : result.reason === 'out-of-memory'
        ? 'Het bestand vraagt te veel geheugen om als tabel te laden.'
        : 'Het bestand kan niet als tabel worden gelezen; het is mogelijk beschadigd.'
  return [{ ok: false, sheet: null, reason, report: emptyReport() }]
}

import { MEDIA_TYPES } from '@dataportaal/contract'
import { ReadFailure } from '../extraction/limits.ts'
import { csvSource } from './csv-source.ts'
import { jsonSource } from './json-source.ts'
import type { LoadRequest, TableLoadLimits, TableOutcome } from './protocol.ts'
import { byteSize, emptyReport } from './report.ts'
import { odsSource, xlsxSource } from './sheet-sources.ts'
import { TableFailure, type TableSource } from './source.ts'
import { buildTables } from './table-builder.ts'

export const NO_TABLE = 'Het bestand bevat geen tabel.'

/** The essence of a media type: `text/csv; charset=utf-8` is `text/csv`. */
export const essence = (mediaType: string) => (mediaType.split(';')[0] ?? '').trim().toLowerCase()

const SOURCES: Record<string, (path: string, limits: TableLoadLimits) => Promise<TableSource>> = {
  [MEDIA_TYPES.csv]: (path, limits) => csvSource(path, false, limits),
  [MEDIA_TYPES.tsv]: (path, limits) => csvSource(path, true, limits),
  [MEDIA_TYPES.xlsx]: xlsxSource,
  [MEDIA_TYPES.ods]: odsSource,
  [MEDIA_TYPES.json]: (path) => jsonSource(path, false),
  [MEDIA_TYPES.geojson]: (path) => jsonSource(path, true),
}

export const isTabularType = (mediaType: string) => essence(mediaType) in SOURCES

/**
 * The reader of a table file's rows (the loader's, the personal-data check's). Throws
 * TableFailure for a file that is no table, ReadFailure for a workbook that cannot be opened.
 */
export function openTableSource(
  filePath: string,
  mediaType: string,
  limits: TableLoadLimits,
): Promise<TableSource> {
  const open = SOURCES[essence(mediaType)]
  if (!open) throw new Error(`no table reader for ${mediaType}`)
  return open(filePath, limits)
}

/** Why a workbook's container could not be read, in Dutch. */
function containerReason(failure: ReadFailure, limits: TableLoadLimits): string {
  switch (failure.reason) {
    case 'too-large':
      return `Het bestand is te groot om als tabel te laden (meer dan ${byteSize(limits.maxEntryBytes)} uitgepakt).`
    case 'encrypted':
      return 'Het bestand is met een wachtwoord beveiligd.'
    default:
      return 'Het bestand kan niet als tabel worden gelezen; het is mogelijk beschadigd.'
  }
}

/**
 * Reads the tables of a file in the calling thread: only the reader worker calls it, where a
 * hostile file costs no more than that thread. A file that holds no table, or cannot be read
 * as one, is one FailedTable; what goes wrong outside the file throws.
 */
export async function readTables(request: LoadRequest): Promise<TableOutcome[]> {
  const failed = (reason: string): TableOutcome[] => [
    { ok: false, sheet: null, reason, report: emptyReport() },
  ]
  try {
    const source = await openTableSource(request.filePath, request.mediaType, request.limits)
    const outcomes = await buildTables(
      source,
      request.limits,
      request.outDir,
      request.typeOverrides,
    )
    return outcomes.length > 0 ? outcomes : failed(NO_TABLE)
  } catch (error) {
    if (error instanceof TableFailure) return failed(error.message)
    if (error instanceof ReadFailure) return failed(containerReason(error, request.limits))
    throw error
  }
}

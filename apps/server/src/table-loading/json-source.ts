import { readFile, stat } from 'node:fs/promises'
import type { FieldType } from '@dataportaal/contract'
import type { RawRow, TableSource } from './source.ts'
import { TableFailure } from './source.ts'

/**
 * JSON and GeoJSON are read whole (JSON.parse), so their size is capped: the parsed objects
 * take several times the file's bytes, and the worker's heap is 256 MB.
 */
export const JSON_MAX_BYTES = 25 * 1024 * 1024

export const NOT_A_TABLE =
  'Het bestand bevat geen tabel: verwacht wordt een lijst (array) van objecten met dezelfde velden.'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

function cellOf(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  // A nested object or array is kept as JSON text.
  return JSON.stringify(value)
}

/** A JSON array of flat objects, or a GeoJSON FeatureCollection's features. */
export async function jsonSource(filePath: string, geo: boolean): Promise<TableSource> {
  const { size } = await stat(filePath)
  if (size > JSON_MAX_BYTES) {
    throw new TableFailure(
      `Het bestand is groter dan ${JSON_MAX_BYTES / (1024 * 1024)} MB; JSON van die omvang wordt niet als tabel geladen.`,
    )
  }
  let parsed: unknown
  try {
    parsed = JSON.parse((await readFile(filePath, 'utf8')).replace(/^\ufeff/, ''))
  } catch {
    throw new TableFailure('Het bestand is geen geldige JSON.')
  }
  let records: Array<Record<string, unknown>>
  const fixedTypes = new Map<number, FieldType>()
  let geometries: unknown[] | null = null
  if (geo) {
    if (
      !isRecord(parsed) ||
      parsed.type !== 'FeatureCollection' ||
      !Array.isArray(parsed.features)
    ) {
      throw new TableFailure(
        'Het bestand bevat geen tabel: alleen een FeatureCollection wordt als tabel geladen.',
      )
    }
    const features = parsed.features.filter(isRecord)
    records = features.map((feature) => (isRecord(feature.properties) ? feature.properties : {}))
    geometries = features.map((feature) => feature.geometry)
    fixedTypes.set(0, 'geojson')
  } else {
    if (!Array.isArray(parsed) || !parsed.every(isRecord)) throw new TableFailure(NOT_A_TABLE)
    records = parsed
  }
  // Columns are the union of the keys, in the order first seen; a 'geometry' property comes
  // after the geometry itself and is renamed as a duplicate.
  const extraKeys: string[] = []
  const seen = new Set<string>()
  for (const record of records) {
    for (const key of Object.keys(record)) {
      if (!seen.has(key)) {
        seen.add(key)
        extraKeys.push(key)
      }
    }
  }
  const header = geometries ? ['geometry', ...extraKeys] : extraKeys
  return {
    numberStyle: 'point',
    reportsMissingCells: false,
    headerFirst: true,
    fixedTypes,
    async read(sink) {
      const sheet = { index: 0, name: null }
      if (!sink(sheet, { rowNumber: 0, cells: header })) return
      for (const [i, record] of records.entries()) {
        const cells = extraKeys.map((key) => cellOf(record[key]))
        if (geometries) cells.unshift(cellOf(geometries[i]))
        const row: RawRow = { rowNumber: i + 1, cells }
        if (!sink(sheet, row)) return
      }
    },
  }
}

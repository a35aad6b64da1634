import { z } from 'zod'
import type { TableSchema } from './tables.ts'

export const COVERAGE_LIMITS = { spatialMax: 500 } as const

/** [west, south, east, north] in WGS 84 degrees, as GeoJSON's bbox (RFC 7946). */
export const BoundingBox = z
  .tuple([z.number(), z.number(), z.number(), z.number()])
  .meta({ id: 'BoundingBox' })
export type BoundingBox = z.infer<typeof BoundingBox>

/**
 * The period and the area a document is about: dct:temporal and dct:spatial in the
 * catalogue, and the bounding box of its GeoJSON files (dcat:bbox).
 */
export const DocumentCoverage = z
  .object({
    temporalStart: z.iso.date().nullable(),
    temporalEnd: z.iso.date().nullable(),
    spatial: z
      .string()
      .nullable()
      .describe('The URI of the area as the document stores it; null for the city (default)'),
    bbox: BoundingBox.nullable().describe("Around the geometries of the document's GeoJSON files"),
  })
  .meta({ id: 'DocumentCoverage' })
export type DocumentCoverage = z.infer<typeof DocumentCoverage>

/** The smallest box around two boxes (either may be absent). */
export function unionBox(a: BoundingBox | null, b: BoundingBox | null): BoundingBox | null {
  if (!a) return b
  if (!b) return a
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])]
}

/**
 * The period a document's tables cover, to suggest as its dct:temporal: from the earliest to
 * the latest value of their date (and datetime) columns, as the loader's statistics hold
 * them; null when no table has a date column with values.
 */
export function periodOfTables(
  schemas: ReadonlyArray<TableSchema | null>,
): { start: string; end: string } | null {
  let start: string | null = null
  let end: string | null = null
  for (const field of schemas.flatMap((schema) => schema?.fields ?? [])) {
    if (field.type !== 'date' && field.type !== 'datetime') continue
    const { min, max } = field.stats
    if (typeof min === 'string' && /^\d{4}-\d{2}-\d{2}/.test(min)) {
      const day = min.slice(0, 10)
      if (start === null || day < start) start = day
    }
    if (typeof max === 'string' && /^\d{4}-\d{2}-\d{2}/.test(max)) {
      const day = max.slice(0, 10)
      if (end === null || day > end) end = day
    }
  }
  return start !== null && end !== null ? { start, end } : null
}

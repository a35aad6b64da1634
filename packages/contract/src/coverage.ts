import { z } from 'zod'

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

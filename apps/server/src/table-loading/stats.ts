import { createHash } from 'node:crypto'
import {
  TABLE_LIMITS,
  unionBox,
  type BoundingBox,
  type CellValue,
  type FieldStats,
} from '@dataportaal/contract'

// Long texts are kept short in the schema and counted by a hash, so a column of megabyte
// cells cannot fill the heap with its distinct values.
const KEEP_CHARS = 200

const shorten = (value: CellValue): CellValue =>
  typeof value === 'string' && value.length > KEEP_CHARS ? `${value.slice(0, KEEP_CHARS)}…` : value

type Comparable = string | number | boolean

/** Pass 2's statistics of one column (contract FieldStats). */
export class StatsCollector {
  private empty = 0
  private readonly distinct = new Set<string>()
  private capped = false
  private min: Comparable | undefined
  private max: Comparable | undefined
  private readonly examples: CellValue[] = []
  private bbox: BoundingBox | null = null

  constructor(private readonly ordered: boolean) {}

  addEmpty(): void {
    this.empty++
  }

  add(value: Comparable, text: string): void {
    const key = text.length > KEEP_CHARS ? createHash('sha1').update(text).digest('base64') : text
    if (!this.distinct.has(key)) {
      if (this.distinct.size < TABLE_LIMITS.distinctBound) {
        this.distinct.add(key)
        if (this.examples.length < TABLE_LIMITS.examples) this.examples.push(shorten(value))
      } else {
        this.capped = true
      }
    }
    if (!this.ordered) return
    if (this.min === undefined || value < this.min) this.min = value
    if (this.max === undefined || value > this.max) this.max = value
  }

  /** A GeoJSON geometry's box joins the column's (catalogue dcat:bbox, issue 32). */
  addGeometry(geometry: unknown): void {
    this.bbox = unionBox(this.bbox, boxOf(geometry))
  }

  stats(): FieldStats {
    const stats: FieldStats = {
      emptyCount: this.empty,
      distinctCount: this.distinct.size,
      distinctCapped: this.capped,
      examples: this.examples,
    }
    if (this.min !== undefined) stats.min = shorten(this.min)
    if (this.max !== undefined) stats.max = shorten(this.max)
    if (this.bbox) stats.bbox = this.bbox
    return stats
  }
}

/**
 * The box around a GeoJSON geometry's positions (longitude, latitude; RFC 7946), null for
 * one without valid positions. Positions outside -180..180, -90..90 are not WGS 84 and are
 * left out, so a file in another reference system gives no box rather than a wrong one.
 */
export function boxOf(geometry: unknown): BoundingBox | null {
  let box: BoundingBox | null = null
  const visit = (node: unknown, depth: number): void => {
    if (!Array.isArray(node) || depth > 6) return
    const [x, y] = node as unknown[]
    if (typeof x === 'number' && typeof y === 'number') {
      if (Number.isFinite(x) && Number.isFinite(y) && Math.abs(x) <= 180 && Math.abs(y) <= 90) {
        box = unionBox(box, [x, y, x, y])
      }
      return
    }
    for (const child of node) visit(child, depth + 1)
  }
  const walk = (value: unknown): void => {
    if (value === null || typeof value !== 'object') return
    const object = value as { coordinates?: unknown; geometries?: unknown }
    if (Array.isArray(object.geometries)) for (const g of object.geometries) walk(g)
    visit(object.coordinates, 0)
  }
  walk(geometry)
  return box
}

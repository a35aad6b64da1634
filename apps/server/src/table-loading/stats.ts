import { createHash } from 'node:crypto'
import { TABLE_LIMITS, type CellValue, type FieldStats } from '@dataportaal/contract'

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

  stats(): FieldStats {
    const stats: FieldStats = {
      emptyCount: this.empty,
      distinctCount: this.distinct.size,
      distinctCapped: this.capped,
      examples: this.examples,
    }
    if (this.min !== undefined) stats.min = shorten(this.min)
    if (this.max !== undefined) stats.max = shorten(this.max)
    return stats
  }
}

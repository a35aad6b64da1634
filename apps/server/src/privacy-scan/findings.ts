import type { PrivacyKind } from '@dataportaal/contract'
import type { ChecksumKind, Detection, Hit } from './detection.ts'
import { contextOf, mask } from './masking.ts'
import type { PersonalDataFinding } from './protocol.ts'

/**
 * A column holding ten numbers of a checksum kind's shape of which fewer than half pass is a
 * column of ordinary numbers (case numbers, amounts without separators): there one in eleven
 * passes the elfproef and one in ten the Luhn check by chance, so those are no findings. A
 * column holds one kind of thing; a page does not, so free text has no such rule: a BSN among
 * case numbers in a report is still found.
 */
const CHANCE_MIN_CANDIDATES = 10
const CHANCE_MAX_SHARE = 0.5

const isChecksumKind = (kind: PrivacyKind): kind is ChecksumKind =>
  kind === 'bsn' || kind === 'betaalkaart'

export interface AddOptions {
  row?: number
  repeat?: number
  counts?: (hit: Hit) => boolean
}

interface Entry {
  kind: PrivacyKind
  place: string
  masked: string
  context: string
  count: number
  misses: number
  firstRow: number
  lastRow: number
}

/**
 * Gathers the values found into one finding per kind and place: a page, a line, a column.
 * Only the first value of each is kept, masked, with its context.
 */
export class FindingCollector {
  private readonly entries = new Map<string, Entry>()

  /** `columns`: each place is a table's column, to which the rule of chance applies. */
  constructor(private readonly columns = false) {}

  /**
   * The values found in `text` (a page, a cell, a title) at `place`. For a table `row` is the
   * cell's row and `repeat` how many identical rows it stands for; `counts` leaves out hits
   * another call counts (a block's overlap with the next), which are still masked in context.
   */
  add(place: string, text: string, detection: Detection, options: AddOptions = {}): void {
    const { row = 0, repeat = 1, counts = () => true } = options
    for (const hit of detection.hits) {
      if (counts(hit)) this.hit(place, text, hit, detection.hits, row, repeat)
    }
    for (const kind of ['bsn', 'betaalkaart'] as const) {
      const misses = detection.misses[kind]
      if (misses > 0) this.entry(kind, place, row).misses += misses * repeat
    }
  }

  private hit(
    place: string,
    text: string,
    hit: Hit,
    hits: readonly Hit[],
    row: number,
    repeat: number,
  ) {
    const entry = this.entry(hit.kind, place, row)
    if (entry.count === 0) {
      entry.masked = mask(hit.kind, text.slice(hit.start, hit.end))
      entry.context = contextOf(text, hit, hits)
    }
    // A table counts cells, not values: a cell with two addresses is one cell to look at.
    if (row > 0 && entry.lastRow === row + repeat - 1 && entry.count > 0) return
    entry.count += repeat
    entry.firstRow = entry.count === repeat ? row : entry.firstRow
    entry.lastRow = row + repeat - 1
  }

  private entry(kind: PrivacyKind, place: string, row: number): Entry {
    const key = `${kind}\u0000${place}`
    let entry = this.entries.get(key)
    if (!entry) {
      entry = {
        kind,
        place,
        masked: '',
        context: '',
        count: 0,
        misses: 0,
        firstRow: row,
        lastRow: row,
      }
      this.entries.set(key, entry)
    }
    return entry
  }

  /**
   * The findings, in the order their places were first met. `location` turns a place and the
   * first and last row with a value into the Dutch location.
   */
  findings(
    location: (place: string, firstRow: number, lastRow: number) => string = (place) => place,
  ): PersonalDataFinding[] {
    return [...this.entries.values()]
      .filter((entry) => entry.count > 0 && !(this.columns && byChance(entry)))
      .map((entry) => ({
        kind: entry.kind,
        location: location(entry.place, entry.firstRow, entry.lastRow),
        masked: entry.masked,
        context: entry.context,
        count: entry.count,
      }))
  }
}

function byChance(entry: Entry): boolean {
  if (!isChecksumKind(entry.kind)) return false
  const candidates = entry.count + entry.misses
  return candidates >= CHANCE_MIN_CANDIDATES && entry.count < candidates * CHANCE_MAX_SHARE
}

import type { Bucket } from '@dataportaal/contract'
import type { FacetCounts, KindCount, PeriodCount } from '../engine.ts'
import type { IndexSnapshot } from './followed-index.ts'

/** Tallies per small integer key, in a typed array that grows to the largest key. */
class Tally {
  private counts = new Int32Array(64)

  add(key: number) {
    if (key >= this.counts.length) {
      const bigger = new Int32Array(Math.max(key + 1, this.counts.length * 2))
      bigger.set(this.counts)
      this.counts = bigger
    }
    this.counts[key]!++
  }

  /** The keys counted at least once, with their counts. */
  *entries(): Generator<[number, number]> {
    for (let key = 0; key < this.counts.length; key++) {
      if (this.counts[key]! > 0) yield [key, this.counts[key]!]
    }
  }
}

/** Year and whole stars in one key: year * 8 + stars, 7 for not rated. */
const NOT_RATED = 7

/** The counts of the found documents: what `countsSql` (sql/counts.ts) computes, for visitors. */
export function countFacets(snapshot: IndexSnapshot, found: Int32Array): FacetCounts {
  const { index } = snapshot
  const perKind = new Tally()
  const perPeriod = new Tally()
  const perSet = new Tally()
  const { kind, themeSet, ratingAvg, date } = index
  for (const o of found) {
    perKind.add(kind[o]!)
    perSet.add(themeSet[o]!)
    const stars = ratingAvg[o]!
    perPeriod.add(
      Math.floor(date[o]! / 10000) * 8 + (Number.isNaN(stars) ? NOT_RATED : Math.floor(stars)),
    )
  }
  const kinds: KindCount[] = [...perKind.entries()].map(([id, count]) => {
    const { contentType, source, wooCategory } = snapshot.kinds.get(id)!
    return { contentType, source, wooCategory, count }
  })
  const periods: PeriodCount[] = [...perPeriod.entries()].map(([key, count]) => ({
    year: Math.floor(key / 8),
    stars: key % 8 === NOT_RATED ? null : key % 8,
    count,
  }))
  const perTheme = new Map<string, number>()
  let noTheme = 0
  for (const [id, n] of perSet.entries()) {
    const names = snapshot.themeSets.get(id)!
    if (names.length === 0) noTheme += n
    for (const name of names) perTheme.set(name, (perTheme.get(name) ?? 0) + n)
  }
  const order = (name: string) => snapshot.themeOrder.get(name) ?? Number.MAX_SAFE_INTEGER
  const themes: Bucket[] = [...perTheme]
    .map(([key, count]) => ({ key, count }))
    .sort((a, b) => b.count - a.count || order(a.key) - order(b.key))
  return { kinds, periods, themes, withoutTheme: noTheme, labels: null, withoutLabel: 0 }
}

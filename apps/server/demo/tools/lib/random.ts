import type { Position } from './types.ts'

/**
 * A small seeded PRNG (mulberry32) so every run of the generator writes byte-identical files.
 * Each content module creates its own generator, so adding a document elsewhere does not shift
 * the numbers of existing ones.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export class Dice {
  private readonly next: () => number

  constructor(seed: number) {
    this.next = seededRandom(seed)
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  /** Number in [min, max) rounded to `decimals`. */
  num(min: number, max: number, decimals = 1): number {
    const factor = 10 ** decimals
    return Math.round((min + this.next() * (max - min)) * factor) / factor
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)]
    if (item === undefined) throw new Error('pick() from an empty list')
    return item
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }
}

export interface Wijk {
  name: string
  code: string
  inwoners: number
  center: Position
}

// Centre of the fictional city; coordinates are [longitude, latitude] as GeoJSON wants them.
const CENTER: Position = [5.479, 52.2215]

function offset(dLon: number, dLat: number): Position {
  return [round6(CENTER[0] + dLon), round6(CENTER[1] + dLat)]
}

export const WIJKEN: readonly Wijk[] = [
  { name: 'Binnenstad', code: 'WK01', inwoners: 9810, center: offset(0, 0) },
  { name: 'Noord', code: 'WK02', inwoners: 14220, center: offset(0.002, 0.018) },
  { name: 'Oost', code: 'WK03', inwoners: 12930, center: offset(0.03, 0.001) },
  { name: 'Zuid', code: 'WK04', inwoners: 15380, center: offset(-0.003, -0.018) },
  { name: 'West', code: 'WK05', inwoners: 11570, center: offset(-0.03, 0.002) },
  { name: 'Havenkwartier', code: 'WK06', inwoners: 6340, center: offset(-0.02, 0.011) },
  { name: 'Vlietzoom', code: 'WK07', inwoners: 10650, center: offset(0.024, -0.013) },
  { name: 'Buitengebied', code: 'WK08', inwoners: 5100, center: offset(0.045, 0.035) },
]

export const STREETS: readonly string[] = [
  'Marktstraat',
  'Kerkplein',
  'Stationsplein',
  'Havenkade',
  'Molenweg',
  'Lindelaan',
  'Vlietkade',
  'Beukenlaan',
  'Schoolstraat',
  'Dorpsweg',
  'Julianastraat',
  'Graanmarkt',
  'Oude Gracht',
  'Bleekveld',
  'Kastanjelaan',
  'Sportlaan',
  'Industrieweg',
  'Spoorsingel',
  'Eikenhof',
  'Zuiderpark',
  'Wilgenweg',
  'Prinsenstraat',
]

export function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6
}

/** A point near a wijk centre; the binnenstad is compact, the buitengebied spread out. */
export function pointIn(dice: Dice, wijk: Wijk): Position {
  const spread = wijk.name === 'Buitengebied' ? 3 : wijk.name === 'Binnenstad' ? 0.5 : 1
  return [
    round6(wijk.center[0] + dice.num(-0.009, 0.009, 6) * spread),
    round6(wijk.center[1] + dice.num(-0.005, 0.005, 6) * spread),
  ]
}

export function wijkByName(name: string): Wijk {
  const wijk = WIJKEN.find((w) => w.name === name)
  if (!wijk) throw new Error(`Unknown wijk ${name}`)
  return wijk
}

import { describe, expect, it } from 'vitest'
import { useTestDb } from '../../../../test/db.ts'
import type {} from '../../../db/client.ts'
import { seededRandom } from './testing.ts'
import { parseTsvector, type TsvectorEntry } from './tsvector.ts'

/**
 * parseTsvector against PostgreSQL itself: random vectors with lexemes that need quoting
 * go in, and what `::text` prints must parse to what `unnest(tsvector)` lists.
 */
const db = useTestDb()

const NASTY = [
  "it's",
  'a\\b',
  "''",
  'twee woorden',
  'a:b',
  'x,y',
  'ë',
  '日本',
  '😀',
  "\\'",
  'gemeent',
]
const WEIGHT_CODES: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 }

function randomInput(random: ReturnType<typeof seededRandom>) {
  const quote = (lexeme: string) => `'${lexeme.replace(/['\\]/gu, (c) => c + c)}'`
  return Array.from({ length: random.int(6) }, () => {
    const lexeme = quote(random.pick(NASTY) + random.pick(['', 'a', 'z']))
    if (random.next() < 0.2) return lexeme
    const positions = Array.from(
      { length: 1 + random.int(5) },
      () => `${1 + random.int(20000)}${random.pick(['A', 'B', 'C', 'D', ''])}`,
    )
    return `${lexeme}:${positions.join(',')}`
  }).join(' ')
}

interface Unnested {
  lexeme: string
  positions: number[] | null
  weights: string[] | null
}

describe('parseTsvector', () => {
  it('reads what PostgreSQL prints as the lexemes and positions it holds', async () => {
    const random = seededRandom(7)
    const inputs = Array.from({ length: 300 }, () => randomInput(random))
    const rows = await db.query<{ text: string; entries: Unnested[] | null }>(
      `select v::text as text,
              (select json_agg(json_build_object('lexeme', lexeme, 'positions', positions,
                                                 'weights', weights))
                 from unnest(v)) as entries
         from unnest($1::tsvector[]) with ordinality as t(v, n) order by n`,
      [inputs],
    )
    for (const row of rows) {
      const expected: TsvectorEntry[] = (row.entries ?? []).map((entry) => ({
        lexeme: entry.lexeme,
        positions: (entry.positions ?? []).map(
          (position, k) => (WEIGHT_CODES[entry.weights![k]!]! << 14) | position,
        ),
      }))
      expect(parseTsvector(row.text), row.text).toEqual(expected)
    }
  })

  it('reads the empty vector and a lexeme without positions', () => {
    expect(parseTsvector('')).toEqual([])
    expect(parseTsvector(`'nopos' 'x':1A,16383`)).toEqual([
      { lexeme: 'nopos', positions: [] },
      { lexeme: 'x', positions: [(3 << 14) | 1, 16383] },
    ])
  })
})

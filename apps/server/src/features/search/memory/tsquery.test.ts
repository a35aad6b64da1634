import { beforeAll, describe, expect, it } from 'vitest'
import { useTestDb } from '../../../../test/db.ts'
import type {} from '../../../db/client.ts'
import {
  askDatabase,
  loadVectors,
  memorySource,
  parseAll,
  queryTexts,
  seededRandom,
  testQueries,
} from './testing.ts'
import { formatTsquery, matchDocs, parseTsquery } from './tsquery.ts'

/**
 * matchDocs against PostgreSQL's own `@@`, for every pair of a few hundred vectors and a few
 * hundred queries: random ones over lexemes that are each other's prefixes (so phrases,
 * prefixes, weights and lexemes without positions meet), Dutch ones through to_tsquery.
 */
let vectors: string[]
let texts: string[]
let answers: { matches: string }[]

const db = useTestDb()

beforeAll(async () => {
  const random = seededRandom(20261125)
  // The empty vector too: only NOT can match it.
  vectors = [...(await loadVectors(db, random, 240)), '']
  const queries = testQueries(random)
  texts = await queryTexts(db, queries)
  answers = await askDatabase(db, vectors, queries)
})

describe('matchDocs', () => {
  it('matches exactly the vectors that @@ matches', () => {
    const source = memorySource(parseAll(vectors))
    const wrong: string[] = []
    texts.forEach((text, i) => {
      const matches = matchDocs(parseTsquery(text), source)
      expect(matches, text).not.toBeNull()
      const mine = Array.from(matches!).join('')
      const expected = answers[i]!.matches
      for (let doc = 0; doc < vectors.length; doc++) {
        if (mine[doc] !== expected[doc]) {
          wrong.push(`${text} on ${vectors[doc]}: @@ says ${expected[doc]}`)
        }
      }
    })
    expect(wrong.slice(0, 20)).toEqual([])
  })

  it('evaluates a good share of phrases that match, not only ones that do not', () => {
    // Guards the test itself: the random corpus must make phrases match often enough.
    const matched = texts.filter(
      (text, i) => text.includes('<') && answers[i]!.matches.includes('1'),
    )
    expect(matched.length).toBeGreaterThan(100)
  })
})

describe('parseTsquery', () => {
  it('reads PostgreSQL’s text output back into the very query tree', async () => {
    const rows = await db.query<{ same: boolean; original: string; back: string }>(
      `select a::tsquery = b::tsquery as same, a as original, b::tsquery::text as back
         from unnest($1::text[], $2::text[]) as t(a, b)`,
      [texts, texts.map((text) => formatTsquery(parseTsquery(text)))],
    )
    expect(rows.filter((row) => !row.same || row.back !== row.original)).toEqual([])
  })

  it('reads operands with flags, quotes and backslashes, and the empty query', () => {
    expect(parseTsquery(`'it''s':*AB & !'a\\\\b'`)).toEqual({
      kind: 'and',
      left: { kind: 'operand', lexeme: "it's", prefix: true, weights: 12 },
      right: {
        kind: 'not',
        operand: { kind: 'operand', lexeme: 'a\\b', prefix: false, weights: 0 },
      },
    })
    expect(parseTsquery(`'werk' <2> 'inkom':*`)).toMatchObject({ kind: 'phrase', distance: 2 })
    expect(parseTsquery('')).toEqual({ kind: 'empty' })
  })
})

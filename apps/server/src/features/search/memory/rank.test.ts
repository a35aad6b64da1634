import { beforeAll, describe, expect, it } from 'vitest'
import { useTestDb } from '../../../../test/db.ts'
import type {} from '../../../db/client.ts'
import { rankDocs } from './rank.ts'
import {
  askDatabase,
  loadVectors,
  memorySource,
  parseAll,
  queryTexts,
  seededRandom,
  testQueries,
} from './testing.ts'
import { parseTsquery } from './tsquery.ts'

/**
 * rankDocs against PostgreSQL's own `ts_rank(vector, query)` for every pair of a few
 * hundred vectors and queries. PostgreSQL computes in float4 (some steps in double) and
 * rankDocs repeats every rounding step, so the test asks for equality to the bit:
 * `ts_rank(...)::float8` is the exact float4 value.
 */
let vectors: string[]
let texts: string[]
let answers: { matches: string; ranks: number[] }[]

const db = useTestDb()

beforeAll(async () => {
  const random = seededRandom(4242)
  vectors = await loadVectors(db, random, 240)
  const queries = testQueries(random)
  texts = await queryTexts(db, queries)
  answers = await askDatabase(db, vectors, queries)
})

/** The first few (query, vector) pairs where rankDocs and ts_rank differ. */
function differences(
  rank: (text: string, i: number) => { docs: Int32Array; ranks: Float64Array },
): string[] {
  const wrong: string[] = []
  texts.forEach((text, i) => {
    const { docs, ranks } = rank(text, i)
    docs.forEach((doc, k) => {
      const expected = answers[i]!.ranks[doc]!
      if (ranks[k] !== expected) {
        wrong.push(`${text} on ${vectors[doc]}: ${ranks[k]} where ts_rank gives ${expected}`)
      }
    })
  })
  return wrong.slice(0, 20)
}

describe('rankDocs', () => {
  it('equals ts_rank to the bit for every vector', () => {
    const source = memorySource(parseAll(vectors))
    const all = Int32Array.from(vectors.keys())
    const wrong = differences((text) => ({
      docs: all,
      ranks: rankDocs(parseTsquery(text), source, all, all.length),
    }))
    expect(wrong).toEqual([])
  })

  it('equals ts_rank to the bit when given only the matching documents', () => {
    const source = memorySource(parseAll(vectors))
    const wrong = differences((text, i) => {
      const matching: number[] = []
      for (const [doc, match] of [...answers[i]!.matches].entries()) {
        if (match === '1') matching.push(doc)
      }
      // Room after `count` that rankDocs must leave alone.
      const docs = Int32Array.from([...matching, 0, 0])
      return {
        docs: docs.subarray(0, matching.length),
        ranks: rankDocs(parseTsquery(text), source, docs, matching.length),
      }
    })
    expect(wrong).toEqual([])
  })

  it('ranks differently by frequency and by proximity, as the data must make it', () => {
    // Guards the test itself: distinct, non-trivial ranks must be common.
    const distinct = new Set(answers.flatMap((answer) => answer.ranks))
    expect(distinct.size).toBeGreaterThan(500)
  })
})

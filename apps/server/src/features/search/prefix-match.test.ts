import { describe, expect, it } from 'vitest'
import { useTestDb } from '../../../test/db.ts'
import type {} from '../../db/client.ts'
import { matchedTsquery } from './text-match.ts'

/**
 * `portal_match_tsquery` (migration 0019): the prefix query of a search as a tsquery, where
 * a word the Dutch stemmer shortens by more than an inflection matches its stem as a whole
 * word or the word as typed as a prefix. The expected texts are PostgreSQL's own output.
 */

const db = useTestDb()

const matched = async (prefixQuery: string) => {
  const [row] = await db.query<{ query: string }>(`select ${matchedTsquery('$1')}::text as query`, [
    prefixQuery,
  ])
  return row!.query
}

const stemmed = async (prefixQuery: string) => {
  const [row] = await db.query<{ query: string }>(`select to_tsquery('dutch', $1)::text as query`, [
    prefixQuery,
  ])
  return row!.query
}

describe('what a search matches', () => {
  it('matches a word shortened by a derivational ending as its stem or as the typed prefix', async () => {
    expect(await stemmed('overheid:*')).toBe(`'over':*`)
    expect(await matched('overheid:*')).toBe(`'over' | 'overheid':*`)
    expect(await matched('werkloosheid:*')).toBe(`'werklos' | 'werkloosheid':*`)
  })

  it('keeps the stem as the prefix of an inflected word, and whole words whole', async () => {
    for (const query of ['fietsen:*', 'inkomens:*', 'gemeente:*', 'abc123:*', 'overheid']) {
      expect(await matched(query)).toBe(await stemmed(query))
    }
  })

  it('rewrites each word on its own, also when another word has the same stem', async () => {
    // Rewriting the stem's operand would also turn `gemeente:*` into `'gemeent'`.
    expect(await matched('bevolking:* & (gemeente:* | gemeentelijk:*)')).toBe(
      `( 'gemeent':* | 'gemeent' | 'gemeentelijk':* ) & ( 'bevolk' | 'bevolking':* )`,
    )
  })

  it('rewrites the last word of a phrase within the phrase', async () => {
    expect(await matched('(lokale <-> overheid:*) & financien:*')).toBe(
      `'financien':* & 'lokal' <-> ( 'over' | 'overheid':* )`,
    )
    expect(await matched('(overheid <-> financien:*)')).toBe(`'over' <-> 'financien':*`)
  })

  it('never takes a word of the query for its placeholder', async () => {
    expect(await matched('p1x:* & overheid:*')).toBe(`'p1x':* & ( 'over' | 'overheid':* )`)
  })

  it('drops stop words as to_tsquery does', async () => {
    expect(await matched('de:* & gezondheid:*')).toBe(`'gezond' | 'gezondheid':*`)
    expect(await matched('de:*')).toBe('')
  })
})

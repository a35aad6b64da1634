import { describe, expect, it } from 'vitest'
import { seededRandom, type Random } from './testing.ts'
import { TitleIndex, type EntryTitle } from './titles.ts'

/**
 * The title index against the rules written out plainly (filter everything, then sort): the
 * same answers however titles arrive (all at once or a few per catch-up) and whichever are
 * dead. That it equals the database's SQL is `complete.test.ts`.
 */
const WORDS = ['ab', 'abc', 'abd', 'b', 'ba', 'bab', 'c_d', 'é', 'éa', 'x²ab', 'y-ab', '1ab']
const PREFIXES = ['ab', 'abc', 'ba', 'b', 'c', 'éa', 'é', 'ab ab', 'ba ab', 'x', '1a', 'zz']

function randomTitle(random: Random): EntryTitle | null {
  if (random.next() < 0.1) return null
  const words = Array.from({ length: 1 + random.int(4) }, () => random.pick(WORDS))
  const normalized = words.join(random.pick([' ', ' ', '-', '; ']))
  // Several shown forms of one normalized title, as capitals and accents give.
  const shown = random.next() < 0.5 ? normalized.toUpperCase() : normalized
  return { shown, normalized }
}

const WORD_CHARACTER = '[\\p{Alphabetic}\\p{Nd}_]'
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')

/** The rules: filtered from every title, ordered by sorting all of them. */
function plainly(titles: ReadonlyArray<EntryTitle | null>, live: Uint8Array) {
  const published = titles.flatMap((title, ordinal) =>
    title && live[ordinal] ? [{ ...title, ordinal }] : [],
  )
  const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  const distinct = (shown: string[]) => [...new Set(shown)]
  return {
    startingWith: (prefix: string) =>
      distinct(
        published
          .filter((title) => title.normalized.startsWith(prefix))
          .sort(
            (a, b) =>
              byBytes(a.normalized, b.normalized) ||
              byBytes(a.shown, b.shown) ||
              a.ordinal - b.ordinal,
          )
          .map((title) => title.shown),
      ),
    withWordStartingWith: (prefix: string) => {
      const pattern = new RegExp(
        `(?<!${WORD_CHARACTER})(?=${WORD_CHARACTER})${escape(prefix)}`,
        'u',
      )
      return distinct(
        published
          .filter((title) => pattern.test(title.normalized))
          .map((title) => title.shown)
          .sort((a, b) => a.length - b.length || byBytes(a, b)),
      )
    },
  }
}

describe('the title index', () => {
  it('answers by the rules however its titles arrive and whichever are dead', () => {
    const random = seededRandom(20261126)
    for (let round = 0; round < 40; round++) {
      const titles = Array.from({ length: 1 + random.int(120) }, () => randomTitle(random))
      const live = new Uint8Array(titles.length).map(() => (random.next() < 0.8 ? 1 : 0))
      const index = new TitleIndex()
      // In batches, as a build and later catch-ups add them.
      for (const title of titles) {
        index.add(title)
        if (random.next() < 0.2) index.sortNew()
      }
      const expected = plainly(titles, live)
      for (const prefix of PREFIXES) {
        const limit = 1 + random.int(10)
        const starting = index.startingWith(prefix, live, new Set(), limit)
        expect({ round, prefix, starting }).toEqual({
          round,
          prefix,
          starting: expected.startingWith(prefix).slice(0, limit),
        })
        const inside = index.withWordStartingWith(prefix, live, new Set(), limit)
        expect({ round, prefix, inside }).toEqual({
          round,
          prefix,
          inside: expected.withWordStartingWith(prefix).slice(0, limit),
        })
      }
    }
  })

  it('leaves out titles already taken, and takes those it gives', () => {
    const index = new TitleIndex()
    for (const shown of ['Abc', 'Abd', 'Abe', 'Een abc']) {
      index.add({ shown, normalized: shown.toLowerCase() })
    }
    const live = new Uint8Array(4).fill(1)
    const taken = new Set(['Abd'])
    expect(index.startingWith('ab', live, taken, 2)).toEqual(['Abc', 'Abe'])
    expect(index.withWordStartingWith('ab', live, taken, 8)).toEqual(['Een abc'])
    expect([...taken]).toEqual(['Abd', 'Abc', 'Abe', 'Een abc'])
  })
})

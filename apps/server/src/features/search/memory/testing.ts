import type { Queryable } from '../../../db/client.ts'
import { seededRandom as mulberry32 } from '../../../../demo/tools/lib/random.ts'
import { EntryIndex } from './entry-index.ts'
import { parseTsvector, type TsvectorEntry } from './tsvector.ts'

/**
 * For the tests of the in-memory query evaluation: the index over parsed
 * vectors, and seeded random vectors and queries that make PostgreSQL's corner cases
 * common (shared prefixes, lexemes without positions, several lexemes at one position).
 */

/**
 * The index of the server (`EntryIndex`) over whole vectors, one ordinal per vector in the
 * given order, so the tests evaluate on the lists and lookups search really uses.
 */
export function memorySource(vectors: readonly (readonly TsvectorEntry[])[]): EntryIndex {
  const index = new EntryIndex()
  vectors.forEach((lexemes, ordinal) => {
    index.put({
      id: String(ordinal),
      public: true,
      kindId: 0,
      themeSetId: 0,
      date: 20260101,
      ratingAvg: null,
      ratingCount: 0,
      lexemes,
      title: null,
    })
  })
  return index
}

/** The demo generator's seeded PRNG (mulberry32), so every run tests the same cases. */
export function seededRandom(seed: number) {
  const next = mulberry32(seed)
  const int = (below: number) => Math.floor(next() * below)
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!
  return { next, int, pick }
}

export type Random = ReturnType<typeof seededRandom>

/**
 * Lexemes that are each other's prefixes, so prefix queries meet several: 'a':* more than
 * four (gathered up front), 'ab':* four (walked with cursors), see EntryWalk.
 */
export const LEXEMES = [
  'a',
  'ab',
  'abc',
  'abd',
  'abe',
  'ac',
  'b',
  'ba',
  'bab',
  'c',
  'ca',
  'cab',
  'd',
  'é',
]
const PREFIXES = ['a', 'ab', 'b', 'ba', 'c', 'ca', 'd', 'é', 'x']
const WEIGHT_LETTERS = ['A', 'B', 'C', '']

const quote = (lexeme: string) => `'${lexeme.replace(/['\\]/gu, (c) => c + c)}'`

/** A random vector as tsvector input text: few lexemes, close positions, some without. */
export function randomVectorText(random: Random): string {
  const count = 1 + random.int(8)
  const parts: string[] = []
  for (let i = 0; i < count; i++) {
    const lexeme = quote(random.pick(LEXEMES))
    if (random.next() < 0.12) {
      parts.push(lexeme)
      continue
    }
    const positions = Array.from(
      { length: 1 + random.int(4) },
      () => `${1 + random.int(14)}${random.pick(WEIGHT_LETTERS)}`,
    )
    parts.push(`${lexeme}:${positions.join(',')}`)
  }
  return parts.join(' ')
}

function randomOperand(random: Random): string {
  const prefix = random.next() < 0.35
  const lexeme = quote(prefix ? random.pick(PREFIXES) : random.pick([...LEXEMES, 'zz']))
  let flags = prefix ? '*' : ''
  if (random.next() < 0.15) flags += random.pick(['A', 'B', 'C', 'D', 'AB', 'CD', 'BD'])
  return flags ? `${lexeme}:${flags}` : lexeme
}

/** A random query as tsquery input text, every operator's operands in parentheses. */
export function randomQueryText(random: Random, depth: number): string {
  const roll = random.next()
  if (depth === 0 || roll < 0.25) return randomOperand(random)
  const sub = () => `(${randomQueryText(random, depth - 1)})`
  if (roll < 0.33) return `!${sub()}`
  if (roll < 0.53) return `${sub()} & ${sub()}`
  if (roll < 0.68) return `${sub()} | ${sub()}`
  const distance = random.pick(['<->', '<->', '<->', '<2>', '<0>', '<3>'])
  return `${sub()} ${distance} ${sub()}`
}

/** A phrase chain of operands, the kind of query the portal mostly sends. */
export function randomChainText(random: Random): string {
  const length = 2 + random.int(3)
  const parts = [randomOperand(random)]
  for (let i = 1; i < length; i++) {
    parts.push(random.pick(['<->', '<->', '<2>']), randomOperand(random))
  }
  return parts.join(' ')
}

export const DUTCH_TEXTS = [
  'Werk en inkomen in de gemeente Amsterdam',
  'Bevolking van Amsterdam naar stadsdeel en leeftijd',
  'De inwoners van de gemeente werken en wonen in de stad',
  'Inkomen per huishouden, werkloosheid en werkgelegenheid',
  'Gemeentelijke belastingen en heffingen voor inwoners',
  'Afval ophalen: wanneer wordt het afval opgehaald in uw buurt?',
  'Werk, werk en nog eens werk: inkomens van werkenden',
  'Bevolkingsprognose 2030 gemeente en regio',
]

export const DUTCH_QUERIES = [
  'werk <-> en <-> inkomen:*',
  '(bevolking:* | inwoners:*) & gemeente:*',
  'gemeente:*',
  'werk:* & inkomen',
  'afval <2> ophalen',
  'werk <-> werk',
  'amsterdam & !afval',
  'inwoners <-> van <-> de <-> gemeente',
  'bevolking:* <-> van',
  'de & het',
  'werk:A | inkomen:BD',
  '!werk',
]

/**
 * The vectors as PostgreSQL normalizes them: random ones, Dutch texts with weights set
 * per part, and some stripped of their positions. Returns their text output.
 */
export async function loadVectors(db: Queryable, random: Random, count: number) {
  const inputs = Array.from({ length: count }, () => randomVectorText(random))
  const rows = await db.query<{ text: string }>(
    `select v::text as text from unnest($1::tsvector[]) with ordinality as t(v, n) order by n`,
    [inputs],
  )
  const dutch = await db.query<{ text: string }>(
    `select v::text as text from (
       select setweight(to_tsvector('dutch', a.t), 'A') || to_tsvector('dutch', b.t) as v, a.n, b.n as m
         from unnest($1::text[]) with ordinality as a(t, n)
         cross join unnest($1::text[]) with ordinality as b(t, n)
       union all
       select strip(to_tsvector('dutch', t)) || setweight(to_tsvector('dutch', t), 'B'), n, 0
         from unnest($1::text[]) with ordinality as c(t, n)
     ) v order by n, m`,
    [DUTCH_TEXTS],
  )
  return [...rows, ...dutch].map((row) => row.text)
}

/**
 * A query to send: tsquery input text, or with `dutch` text for `to_tsquery('dutch', ...)`.
 * The database evaluates the query itself, never our reading of its text output.
 */
export interface QueryInput {
  readonly text: string
  readonly dutch: boolean
}

const QUERY_OF = `case when d then to_tsquery('dutch', t) else t::tsquery end`

/** PostgreSQL's text output of each query, which the in-memory index parses. */
export async function queryTexts(db: Queryable, queries: readonly QueryInput[]) {
  const rows = await db.query<{ text: string }>(
    `select (${QUERY_OF})::text as text
       from unnest($1::text[], $2::boolean[]) with ordinality as qs(t, d, i) order by i`,
    [queries.map((q) => q.text), queries.map((q) => q.dutch)],
  )
  return rows.map((row) => row.text)
}

/** What PostgreSQL says per (query, vector): `@@` as 0/1 and `ts_rank` (as float8, exact). */
export async function askDatabase(
  db: Queryable,
  vectors: readonly string[],
  queries: readonly QueryInput[],
) {
  const rows = await db.query<{ matches: string; ranks: number[] }>(
    `select string_agg(case when v @@ q then '1' else '0' end, '' order by j) as matches,
            array_agg(ts_rank(v, q)::float8 order by j) as ranks
       from (select ${QUERY_OF} as q, i
               from unnest($2::text[], $3::boolean[]) with ordinality as qs(t, d, i)) qs
       cross join unnest($1::tsvector[]) with ordinality as vs(v, j)
      group by i order by i`,
    [vectors, queries.map((q) => q.text), queries.map((q) => q.dutch)],
  )
  return rows.map((row) => ({ matches: row.matches, ranks: row.ranks.map(Number) }))
}

export const parseAll = (texts: readonly string[]) => texts.map(parseTsvector)

/** Queries PostgreSQL's odd corners hide in, written out so they are always tested. */
const CORNER_QUERIES = [
  `'a' <-> 'b'`,
  `'a':* <-> 'b':*`,
  `'a' <0> 'ab'`,
  `'a':* <0> 'ab'`,
  `!'a' <-> 'b'`,
  `'a' <-> !'b'`,
  `!'a' <-> !'b'`,
  `!('a' <-> 'b') <-> 'c'`,
  `('a' <-> 'b' | 'c') <-> 'd'`,
  `('a' | !'b') <-> 'c'`,
  `(!'a' | 'b') <-> 'c'`,
  `(!'a' | !'b') <-> 'c'`,
  `(!'a' & !'b') <-> 'c'`,
  `('a' & 'b') <-> ('c' & 'd')`,
  `'a' <-> ('b' <-> 'c')`,
  `('a' <-> 'b') <2> ('c' <-> 'd')`,
  `'a':A <-> 'b':BC`,
  `'a':*A & 'b'`,
  `'a' & 'a':* & 'b'`,
  `'a':* & 'a' & 'b'`,
  `'ab' & 'a' & 'b' & 'ab':* & 'c' & 'a':* & 'ba' & 'b':*`,
  `'c' | 'b' | 'a':* | 'a' | 'ab' | 'b':* | 'd' | 'ca'`,
  `'a' <-> 'b' <-> 'a':* <-> 'ab' <-> 'b':* <-> 'c' <-> 'a'`,
  `!'a'`,
  `!!'a'`,
  `!('a' & 'b')`,
  `'a' | !'b'`,
  `'zz'`,
  `'zz' & 'a'`,
  `'zz' <-> 'a'`,
  ``,
]

/** Random, chained, corner-case and Dutch queries, the same ones every run. */
export function testQueries(random: Random): QueryInput[] {
  return [
    ...Array.from({ length: 300 }, () => randomQueryText(random, 3)),
    ...Array.from({ length: 100 }, () => randomChainText(random)),
    ...CORNER_QUERIES,
  ]
    .map((text) => ({ text, dutch: false }))
    .concat(DUTCH_QUERIES.map((text) => ({ text, dutch: true })))
}

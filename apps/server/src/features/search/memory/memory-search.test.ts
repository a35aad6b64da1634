import { PublicSearchQuery, type SearchResponse } from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../../test/app.ts'
import { addSynonyms, createDocument, type DocumentSpec } from '../../../../test/factories.ts'
import { PUBLIC_VIEWER } from '../../../auth/viewer.ts'
import type { Queryable, Row } from '../../../db/client.ts'
import { seedDemoCatalogue } from '../../catalogue/demo.ts'
import { searchDocuments, searchMemory, type SearchMemory } from '../service.ts'
import { FollowedIndex } from './followed-index.ts'

/**
 * A visitor's search answered from the entries in memory must be exactly the answer SQL
 * gives: the same total, every count, the same page in the same order. Both answer here
 * over the demo catalogue plus documents that make every filter and order count, before
 * and after the catalogue changes.
 */
let ctx: TestContext
let index: FollowedIndex
let inMemory: SearchMemory
const sqlOnly = searchMemory(0, null)
/** Statements of the in-memory side: the SQL search's own (`runSearch`) must not be among them. */
const statements: string[] = []
let recording: Queryable

beforeAll(async () => {
  ctx = await createTestContext()
  expect(await seedDemoCatalogue(ctx.db, ctx.store)).toBe(true)
  await addSynonyms(ctx.db, 'Weidevogels', ['grutto', 'zwarte stern'])
  // A phrase whose last word the stemmer shortens: matched as (stem | word:*) within it.
  await addSynonyms(ctx.db, 'Bestuur', ['lokale overheid'])
  const extra: DocumentSpec[] = [
    { title: 'Weidevogels in de polder', date: '2010-05-01' },
    { title: 'Grutto en zwarte stern geteld', date: '2024-05-01' },
    { title: 'Fietsenstallingen bij stations', date: '2019-03-01' },
    { title: 'Bromfietsen in de binnenstad', date: '2019-03-01' },
    { title: 'Overheidsfinanciën van de gemeente', date: '2022-01-01' },
    { title: 'Nog niet beoordeeld: afvalinzameling', date: '2023-01-01', status: 'openstaand' },
  ]
  for (const spec of extra) await createDocument(ctx.db, spec)
  await rateSome()
  recording = {
    ...ctx.db,
    query: <T extends Row>(sql: string, params?: readonly unknown[]) => {
      statements.push(sql)
      return ctx.db.query<T>(sql, params)
    },
  }
  index = new FollowedIndex(ctx.db, (error) => {
    throw error
  })
  inMemory = searchMemory(0, index)
}, 120_000)
afterAll(() => ctx.close())

/** Ratings on a few hundred documents, so the rating facet, filter and order have ties. */
async function rateSome() {
  await ctx.db.query(
    `update documents d set rating_avg = r.avg, rating_count = r.n
       from (select id, ((row_number() over (order by id)) % 5 + 1)::real as avg,
                    ((row_number() over (order by id)) % 3 + 1)::int as n
               from documents order by id limit 300) r
      where d.id = r.id`,
  )
}

const logging = {
  client: { kind: 'address' as const, address: '127.0.0.1' },
  limitPerHour: 1,
  // Not expected here: a failed log write fails the test.
  onFailure: (error: unknown) => {
    throw error
  },
}

const answer = (db: Queryable, memory: SearchMemory, query: Record<string, string>) =>
  searchDocuments(db, PUBLIC_VIEWER, PublicSearchQuery.parse(query), logging, memory)

/** What a visitor sees of an answer: the page (ids in order), the total and every count. */
const seen = (response: SearchResponse) => ({
  ids: response.Results.map((result) => result.contentUID),
  total: response.Total,
  aggregations: response.Aggregations,
  suggestion: response.Suggestion,
  corrections: response.Corrections,
})

async function expectSameAnswers(queries: Array<Record<string, string>>) {
  await index.ready()
  for (const query of queries) {
    statements.length = 0
    const fromMemory = seen(await answer(recording, inMemory, query))
    const fromSql = seen(await answer(ctx.db, sqlOnly, query))
    expect({ query, ...fromMemory }).toEqual({ query, ...fromSql })
    // Answered in memory, not by the SQL search's statement.
    expect(statements.filter((sql) => sql.includes('array(select id::text from m'))).toEqual([])
  }
}

const WORDS = [
  'gemeente',
  'bevolking',
  'inwoners',
  'weidevogels',
  'zwarte stern',
  'fiets',
  'financien overheid',
  'overheid',
  'lokale overheid',
  'overheden gemeentelijke gemeente',
  'werkloosheid',
  'gezondheid zorg',
  'afval',
  'bevolkng',
  'gemeete',
  'verkeer en vervoer',
  'werk en inkomen',
  'wonen',
  'zorg',
  'onderwijs 2019',
  'de',
  'zzzqqq',
  'gemeente bevolking inkomen',
]

describe('a search answered in memory', () => {
  it('equals the SQL answer for words, synonyms, phrases, compounds and typos', async () => {
    await expectSameAnswers(WORDS.map((query) => ({ query })))
  })

  it('equals the SQL answer when many searches are answered at once', async () => {
    // Each counts its found documents a turn after choosing its page, while other searches
    // take working arrays: what it keeps for counting must be its own.
    await index.ready()
    const queries = WORDS.map((query) => ({ query }))
    const together = await Promise.all(queries.map((query) => answer(ctx.db, inMemory, query)))
    for (const [i, query] of queries.entries()) {
      const fromSql = seen(await answer(ctx.db, sqlOnly, query))
      expect({ query, ...seen(together[i]!) }).toEqual({ query, ...fromSql })
    }
  })

  it('equals the SQL answer with every filter, order and page', async () => {
    const facets = (await answer(ctx.db, sqlOnly, {})).Aggregations
    const first = (buckets: Array<{ key: string }>) => buckets[0]?.key ?? 'geen'
    const filters: Array<Record<string, string>> = [
      { categoryType: first(facets.contentTypeName) },
      { source: first(facets.sourceFriendlyName) },
      { tags: first(facets.themes) },
      { tags: 'Geen thema' },
      { minRating: '3' },
      { dateFrom: '2015-01-01', dateTo: '2020-12-31' },
      { sort: 'date' },
      { sort: 'rating' },
      { offset: '3' },
      { pageSize: '50', offset: '2' },
    ]
    if (facets.wooCategory[0]) filters.push({ wooCategory: facets.wooCategory[0].key })
    const queries = filters.flatMap((filter) => [
      filter,
      { ...filter, query: 'gemeente' },
      { ...filter, query: 'bevolking' },
    ])
    await expectSameAnswers(queries)
  })

  it('follows the catalogue: published, deleted, rated and reclassified documents', async () => {
    await expectSameAnswers([{ query: 'kievit' }, { query: 'gemeente', sort: 'rating' }])
    const added = await createDocument(ctx.db, { title: 'Kievit en gemeente', date: '2026-01-01' })
    // Until it has caught up the index gives way to SQL, which sees the new document.
    statements.length = 0
    const early = await answer(recording, inMemory, { query: 'kievit' })
    expect(early.Results.map((result) => result.contentUID)).toEqual([added])
    await expectSameAnswers([{ query: 'kievit' }])
    const [other] = await ctx.db.query<{ id: string }>(
      `select id::text as id from documents where status = 'goedgekeurd' and deleted_at is null
        order by id limit 1`,
    )
    await ctx.db.query('update documents set deleted_at = now() where id = $1', [other!.id])
    await ctx.db.query(
      'update documents set rating_avg = 5, rating_count = 9, document_date = $2 where id = $1',
      [added, '2001-01-01'],
    )
    await addSynonyms(ctx.db, 'Weidevogels', ['kievit'])
    await expectSameAnswers([
      { query: 'kievit' },
      { query: 'weidevogels' },
      { query: 'gemeente', sort: 'rating' },
      { query: 'gemeente', minRating: '5' },
      {},
      { dateTo: '2001-12-31' },
    ])
    const after = await answer(ctx.db, sqlOnly, { query: 'gemeente', pageSize: '50' })
    expect(after.Results.map((result) => result.contentUID)).not.toContain(other!.id)
  })
})

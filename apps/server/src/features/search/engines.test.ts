import { PublicSearchQuery, type SearchQuery, type SearchResponse } from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestContext } from '../../../test/app.ts'
import { addSynonyms, createDocument, type DocumentSpec } from '../../../test/factories.ts'
import { PUBLIC_VIEWER } from '../../auth/viewer.ts'
import type { Queryable, Row } from '../../db/client.ts'
import { seedDemoCatalogue } from '../catalogue/demo.ts'
import { isBrowsing } from './browsing.ts'
import type { EngineSearch, SearchEngine } from './engine.ts'
import { searchEngines, type SearchEngines } from './engines.ts'
import { FollowedIndex } from './memory/followed-index.ts'
import { respond, searchDocuments, searchNode } from './service.ts'
import { textMatchAtVersion, type TextMatch } from './text-match.ts'

/**
 * Every search engine (`engines.ts`) must give exactly the answer SQL gives: the same
 * total, every count, the same page in the same order, the same suggestion. The same cases
 * run on each engine, over the demo catalogue plus documents that make every filter and
 * order count, before and after the catalogue changes.
 *
 * An engine answers the searches it is meant for (`ANSWERS`) and may leave the others to
 * the next in turn. A new engine is one entry in `SearchEngines` and one here.
 */
const ANSWERS: Record<keyof SearchEngines, (input: SearchQuery, match: TextMatch) => boolean> = {
  sql: () => true,
  browsing: isBrowsing,
  // Once its index holds the request's version (`index.ready()`), every visitor's search
  // of these cases: none asks for a page deeper than its 5,000 candidates.
  memory: () => true,
}

let index: FollowedIndex
let engines: Array<[keyof SearchEngines, SearchEngine]>
let sql: SearchEngine

const ctx = useTestContext()

beforeAll(async () => {
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
  index = new FollowedIndex(ctx.db, (error) => {
    throw error
  })
  const all = searchEngines(index)
  sql = all.sql
  engines = Object.entries(all).flatMap(([name, engine]) =>
    engine ? [[name as keyof SearchEngines, engine]] : [],
  )
}, 120_000)

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

/** What a visitor sees of an answer: the page (ids in order), the total and every count. */
const seen = (response: SearchResponse) => ({
  ids: response.Results.map((result) => result.contentUID),
  total: response.Total,
  aggregations: response.Aggregations,
  suggestion: response.Suggestion,
  corrections: response.Corrections,
})

type Seen = ReturnType<typeof seen>

/** A visitor's search as every engine gets it: the words looked up at the current version. */
async function visitorSearch(query: Record<string, string>): Promise<EngineSearch> {
  const input = PublicSearchQuery.parse(query)
  const { match, version } = await textMatchAtVersion(ctx.db, input.query)
  // A text of no words finds nothing without asking any engine (service.ts).
  if (match.kind === 'none') throw new Error(`not a case for the engines: ${input.query}`)
  return { viewer: PUBLIC_VIEWER, input, match, version }
}

/** The response to `search` from `engine`, or null when it leaves the search to the next. */
async function answerOf(engine: SearchEngine, search: EngineSearch) {
  const result = await engine.search(ctx.db, search)
  return result && seen(await respond(ctx.db, search, search.match, result))
}

async function expectSameAnswers(queries: Array<Record<string, string>>) {
  await index.ready()
  for (const query of queries) {
    const search = await visitorSearch(query)
    const fromSql = await answerOf(sql, search)
    for (const [name, engine] of engines) {
      expectSqlAnswer(name, search, await answerOf(engine, search), fromSql)
    }
  }
}

/** An engine's answer: given when it is meant to answer, and then SQL's. */
function expectSqlAnswer(
  name: keyof SearchEngines,
  search: EngineSearch,
  answer: Seen | null,
  fromSql: Seen | null,
) {
  const { query, ...filters } = search.input
  const asked = { query, filters, name }
  const answers = ANSWERS[name](search.input, search.match)
  expect({ ...asked, answered: answer !== null }).toEqual({ ...asked, answered: answers })
  if (answer) expect({ ...asked, ...answer }).toEqual({ ...asked, ...fromSql })
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

const logging = {
  client: { kind: 'address' as const, address: '127.0.0.1' },
  limitPerHour: 1,
  // Not expected here: a failed log write fails the test.
  onFailure: (error: unknown) => {
    throw error
  },
}

describe('every search engine', () => {
  it('equals the SQL answer for words, synonyms, phrases, compounds and typos', async () => {
    await expectSameAnswers(WORDS.map((query) => ({ query })))
  })

  it('equals the SQL answer when many searches are answered at once', async () => {
    // The memory counts its found documents a turn after choosing its page, while other
    // searches take working arrays: what it keeps for counting must be its own.
    await index.ready()
    const searches = await Promise.all(WORDS.map((query) => visitorSearch({ query })))
    for (const [name, engine] of engines) {
      const together = await Promise.all(searches.map((search) => answerOf(engine, search)))
      for (const [i, search] of searches.entries()) {
        expectSqlAnswer(name, search, together[i]!, await answerOf(sql, search))
      }
    }
  })

  it('equals the SQL answer with every filter, order and page', async () => {
    const facets = (await answerOf(sql, await visitorSearch({})))!.aggregations
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
    const node = searchNode(0, index)
    const added = await createDocument(ctx.db, { title: 'Kievit en gemeente', date: '2026-01-01' })
    // Until it has caught up the index gives way to SQL, which sees the new document.
    const early = await searchDocuments(
      ctx.db,
      PUBLIC_VIEWER,
      PublicSearchQuery.parse({ query: 'kievit' }),
      logging,
      node,
    )
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
    const after = await answerOf(sql, await visitorSearch({ query: 'gemeente', pageSize: '50' }))
    expect(after!.ids).not.toContain(other!.id)
  })
})

describe('the choice of engine', () => {
  it('leaves a visitor’s search to the memory once its index holds the version', async () => {
    await index.ready()
    const statements: string[] = []
    const recording: Queryable = {
      ...ctx.db,
      query: <T extends Row>(text: string, params?: readonly unknown[]) => {
        statements.push(text)
        return ctx.db.query<T>(text, params)
      },
    }
    const node = searchNode(0, index)
    for (const query of WORDS) {
      statements.length = 0
      const input = PublicSearchQuery.parse({ query })
      const answer = await searchDocuments(recording, PUBLIC_VIEWER, input, logging, node)
      // Answered in memory, not by the SQL engine's statement, and as SQL answers.
      expect({
        query,
        sql: statements.filter((s) => s.includes('array(select id::text from m')),
      }).toEqual({ query, sql: [] })
      expect({ query, ...seen(answer) }).toEqual({
        query,
        ...(await answerOf(sql, await visitorSearch({ query }))),
      })
    }
  })
})

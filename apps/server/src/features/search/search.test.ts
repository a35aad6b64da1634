import { apiPaths, NO_VALUE_BUCKET, type SearchResponse } from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, useTestContext, EMPLOYEE, OTHER_EMPLOYEE } from '../../../test/app.ts'
import { addSynonyms, createDocument } from '../../../test/factories.ts'

const search = async (params: Record<string, string | string[]>, token?: string) => {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) query.append(key, item)
  }
  const prefix = token ? '/api' : '/pubapi'
  const response = await ctx.app.inject({
    url: `${prefix}${apiPaths.search}?${query.toString()}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  return { status: response.statusCode, body: response.json<SearchResponse>() }
}

const titles = (body: SearchResponse) => body.Results.map((result) => result.title)

const ctx = useTestContext()

beforeAll(async () => {
  const db = ctx.db
  await addSynonyms(db, 'Fiets', ['rijwiel', 'tweewieler'])
  await createDocument(db, {
    title: 'Asielverzoeken per nationaliteit',
    wooCategory: '012',
    description: 'Aantal eerste asielverzoeken per maand.',
    themes: ['Asiel en integratie'],
    date: '2016-03-01',
  })
  await createDocument(db, {
    title: 'Fietsenstallingen in de binnenstad',
    wooCategory: '002',
    description: 'Locaties en capaciteit van bewaakte stallingen.',
    contentType: 'Kaart',
    source: 'Verkeer en Openbare Ruimte',
    themes: ['Fiets'],
    date: '2023-06-01',
    ratings: [{ by: EMPLOYEE, rating: 5 }],
  })
  await createDocument(db, {
    title: 'Bevolkingsprognose per wijk',
    description: 'Verwachte ontwikkeling van de bevolking tot 2040.',
    themes: ['Bevolking'],
    date: '2024-02-01',
    ratings: [{ by: EMPLOYEE, rating: 3 }],
  })
  await createDocument(db, {
    title: 'Jaarverslag gemeentelijke dienstverlening',
    wooCategory: '012',
    description: 'Verantwoording over het jaar.',
    contentType: 'Rapport',
    fileText: 'In hoofdstuk drie staat de waterberging in de polder beschreven.',
    date: '2022-05-01',
  })
  await createDocument(db, {
    title: 'Bevolking concept (nog niet goedgekeurd)',
    wooCategory: '015',
    description: 'Wacht op validatie.',
    status: 'openstaand',
    owner: EMPLOYEE,
  })
  await createDocument(db, {
    title: 'Bevolking afgekeurd',
    status: 'afgekeurd',
    owner: EMPLOYEE,
  })
  await createDocument(db, { title: 'Bevolking verwijderd', deleted: true })
  await createDocument(db, {
    title: 'Begroting <script>alert("x")</script> 2025',
    wooCategory: '008',
    description: 'De <b>begroting</b> voor 2025 & verder.',
    contentType: 'Raadsinformatie',
    source: 'Financiën en Bestuur',
    themes: ['Bestuur'],
    labels: ['Intern'],
    date: '2025-01-01',
  })
})

describe('Dutch search', () => {
  it('matches word forms: asielverzoek finds Asielverzoeken', async () => {
    const { status, body } = await search({ query: 'asielverzoek' })
    expect(status).toBe(200)
    expect(titles(body)).toEqual(['Asielverzoeken per nationaliteit'])
  })

  it('matches the start of a compound: fiets finds fietsenstallingen', async () => {
    const { body } = await search({ query: 'fiets' })
    expect(titles(body)).toContain('Fietsenstallingen in de binnenstad')
  })

  it('tolerates one typo: bevolkng finds bevolking', async () => {
    const { body } = await search({ query: 'bevolkng' })
    expect(titles(body)).toContain('Bevolkingsprognose per wijk')
  })

  it('expands a thesaurus synonym to its theme: rijwiel finds fiets documents', async () => {
    const { body } = await search({ query: 'rijwiel' })
    expect(titles(body)).toEqual(['Fietsenstallingen in de binnenstad'])
  })

  it('finds documents by the text of their files', async () => {
    const { body } = await search({ query: 'waterberging' })
    expect(titles(body)).toEqual(['Jaarverslag gemeentelijke dienstverlening'])
    expect(body.Results[0]!.snippet).toContain('<mark>waterberging</mark>')
  })

  it('ranks a title match above a description match', async () => {
    const { body } = await search({ query: 'bevolking' })
    expect(titles(body)[0]).toBe('Bevolkingsprognose per wijk')
  })

  it('highlights safely: document HTML is escaped, only <mark> is markup', async () => {
    const { body } = await search({ query: 'begroting' })
    const [result] = body.Results
    expect(result!.titleHighlight).toBe(
      '<mark>Begroting</mark> &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; 2025',
    )
    expect(result!.snippet).toContain('<mark>begroting</mark>')
    expect(result!.snippet).toContain('2025 &amp; verder')
    expect(result!.snippet).not.toMatch(/<(?!\/?mark>)/)
  })
})

describe('visibility', () => {
  it('shows visitors only approved, not deleted documents', async () => {
    const { body } = await search({ query: 'bevolking' })
    expect(titles(body)).toEqual(['Bevolkingsprognose per wijk'])
    expect(body.Total).toBe(1)
  })

  it('shows an employee their own documents in any status, never deleted ones', async () => {
    const token = await ctx.tokenFor(EMPLOYEE)
    const { body } = await search({ query: 'bevolking' }, token)
    expect(titles(body).sort()).toEqual([
      'Bevolking afgekeurd',
      'Bevolking concept (nog niet goedgekeurd)',
      'Bevolkingsprognose per wijk',
    ])
  })

  it("shows another employee only approved documents, and an admin everyone's", async () => {
    const other = await search({ query: 'bevolking' }, await ctx.tokenFor(OTHER_EMPLOYEE))
    expect(titles(other.body)).toEqual(['Bevolkingsprognose per wijk'])
    const admin = await search({ query: 'bevolking' }, await ctx.tokenFor(ADMIN))
    expect(admin.body.Total).toBe(3)
  })

  it('never sends labels to visitors, and sends them to employees', async () => {
    const publicResult = (await search({ query: 'begroting' })).body
    expect(publicResult.Results[0]).not.toHaveProperty('labels')
    expect(publicResult.Aggregations).not.toHaveProperty('labels')
    const token = await ctx.tokenFor(EMPLOYEE)
    const employeeResult = (await search({ query: 'begroting' }, token)).body
    expect(employeeResult.Results[0]!.labels).toEqual(['Intern'])
    expect(employeeResult.Aggregations.labels).toEqual([{ key: 'Intern', count: 1 }])
  })
})

describe('filters, sorting, paging and aggregations', () => {
  it('aggregates every facet, with Geen thema last', async () => {
    const { body } = await search({})
    expect(body.Total).toBe(5)
    const agg = body.Aggregations
    expect(agg.contentTypeName).toContainEqual({ key: 'Dataset', count: 2 })
    expect(agg.sourceFriendlyName).toContainEqual({ key: 'Verkeer en Openbare Ruimte', count: 1 })
    expect(agg.themes.at(-1)).toEqual({ key: NO_VALUE_BUCKET.themes, count: 1 })
    expect(agg.rating).toEqual([
      { key: '5', count: 1 },
      { key: '4', count: 1 },
      { key: '3', count: 2 },
      { key: '2', count: 2 },
      { key: '1', count: 2 },
    ])
    expect(agg.date.map((bucket) => bucket.key)).toEqual(['2025', '2024', '2023', '2022', '2016'])
  })

  it('filters by content type, source, theme, "no theme", rating and date', async () => {
    expect(titles((await search({ categoryType: 'Kaart' })).body)).toEqual([
      'Fietsenstallingen in de binnenstad',
    ])
    expect(titles((await search({ source: 'Financiën en Bestuur' })).body)).toHaveLength(1)
    expect(titles((await search({ tags: ['Fiets', 'Bevolking'] })).body).sort()).toEqual([
      'Bevolkingsprognose per wijk',
      'Fietsenstallingen in de binnenstad',
    ])
    expect(titles((await search({ tags: NO_VALUE_BUCKET.themes })).body)).toEqual([
      'Jaarverslag gemeentelijke dienstverlening',
    ])
    expect(titles((await search({ minRating: '4' })).body)).toEqual([
      'Fietsenstallingen in de binnenstad',
    ])
    expect(
      titles((await search({ dateFrom: '2023-01-01', dateTo: '2024-12-31' })).body).sort(),
    ).toEqual(['Bevolkingsprognose per wijk', 'Fietsenstallingen in de binnenstad'])
  })

  it('counts the Woo information categories of the matching documents, most first', async () => {
    // The prognosis has no category and is in no bucket.
    expect((await search({})).body.Aggregations.wooCategory).toEqual([
      { key: '012', count: 2 },
      { key: '002', count: 1 },
      { key: '008', count: 1 },
    ])
    // The employee's own document awaiting validation counts for them.
    const token = await ctx.tokenFor(EMPLOYEE)
    expect((await search({}, token)).body.Aggregations.wooCategory).toEqual([
      { key: '012', count: 2 },
      { key: '002', count: 1 },
      { key: '008', count: 1 },
      { key: '015', count: 1 },
    ])
    expect((await search({ categoryType: 'Rapport' })).body.Aggregations.wooCategory).toEqual([
      { key: '012', count: 1 },
    ])
  })

  it('filters by Woo information category, for visitors and employees alike', async () => {
    const filtered = (await search({ wooCategory: ['012', '008'] })).body
    expect(titles(filtered).sort()).toEqual([
      'Asielverzoeken per nationaliteit',
      'Begroting <script>alert("x")</script> 2025',
      'Jaarverslag gemeentelijke dienstverlening',
    ])
    expect(filtered.Total).toBe(3)
    expect(filtered.Aggregations.wooCategory).toEqual([
      { key: '012', count: 2 },
      { key: '008', count: 1 },
    ])
    const token = await ctx.tokenFor(EMPLOYEE)
    expect(titles((await search({ wooCategory: '015' }, token)).body)).toEqual([
      'Bevolking concept (nog niet goedgekeurd)',
    ])
    expect(titles((await search({ wooCategory: '015' })).body)).toEqual([])
    expect(titles((await search({ wooCategory: '012', categoryType: 'Rapport' })).body)).toEqual([
      'Jaarverslag gemeentelijke dienstverlening',
    ])
    const unknown = await search({ wooCategory: '018' })
    expect(unknown.status).toBe(200)
    expect(unknown.body.Total).toBe(0)
  })

  it('filters by label for employees', async () => {
    const token = await ctx.tokenFor(EMPLOYEE)
    const { body } = await search({ labels: 'Intern' }, token)
    expect(titles(body)).toHaveLength(1)
  })

  it('sorts by date and by rating', async () => {
    expect(titles((await search({ sort: 'date' })).body)[0]).toContain('Begroting')
    expect(titles((await search({ sort: 'rating' })).body).slice(0, 2)).toEqual([
      'Fietsenstallingen in de binnenstad',
      'Bevolkingsprognose per wijk',
    ])
  })

  it('pages with a 1-based offset', async () => {
    const first = (await search({ pageSize: '2', offset: '1', sort: 'date' })).body
    const third = (await search({ pageSize: '2', offset: '3', sort: 'date' })).body
    expect(first.Results).toHaveLength(2)
    expect(third.Results).toHaveLength(1)
    expect(third.Total).toBe(5)
    expect(titles(third)).not.toContain(titles(first)[0])
  })

  it('writes every search to the search log', async () => {
    await search({ query: 'logboektest', categoryType: 'Kaart' })
    const rows = await ctx.db.query<{ query: string; filters: unknown; result_count: number }>(
      `select query, filters, result_count from search_log where query = 'logboektest'`,
    )
    expect(rows).toEqual([
      {
        query: 'logboektest',
        filters: expect.objectContaining({ categoryType: ['Kaart'] }),
        result_count: 0,
      },
    ])
  })
})

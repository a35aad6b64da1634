import { randomUUID } from 'node:crypto'
import {
  API_PREFIX,
  apiPaths,
  type DocumentDetail,
  type RatingState,
  type SearchResponse,
} from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN,
  createTestContext,
  EMPLOYEE,
  OTHER_EMPLOYEE,
  type TestContext,
  type TestIdentity,
} from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'

let ctx: TestContext
const doc = { rated: '', other: '', othersPending: '', deleted: '', busy: '' }

beforeAll(async () => {
  ctx = await createTestContext()
  doc.rated = await createDocument(ctx.db, { title: 'Luchtkwaliteit per meetpunt' })
  doc.other = await createDocument(ctx.db, {
    title: 'Luchtkwaliteit jaaroverzicht',
    ratings: [{ by: ADMIN, rating: 4 }],
  })
  doc.othersPending = await createDocument(ctx.db, {
    title: 'Concept van een collega',
    status: 'openstaand',
    owner: OTHER_EMPLOYEE,
  })
  doc.deleted = await createDocument(ctx.db, { title: 'Verwijderd rapport', deleted: true })
  doc.busy = await createDocument(ctx.db, { title: 'Veel gewaardeerd document' })
})
afterAll(() => ctx.close())

const call = (path: string, as: TestIdentity | null, query: Record<string, string> = {}) =>
  ctx.call<RatingState>('PUT', path, as, { query })

const rate = (id: string, rating: string | number, as: TestIdentity | null = EMPLOYEE) =>
  call(apiPaths.rating(id), as, { rating: String(rating) })
const reset = (id: string, as: TestIdentity | null = EMPLOYEE) => call(apiPaths.resetRating(id), as)

async function stored(id: string) {
  const [row] = await ctx.db.query<{ rating_avg: number | null; rating_count: number; n: number }>(
    `select rating_avg::float8 as rating_avg, rating_count,
            (select count(*)::int from ratings where document_id = $1) as n
       from documents where id = $1`,
    [id],
  )
  return row
}

async function detail(id: string, as: TestIdentity) {
  const response = await ctx.app.inject({
    url: `${API_PREFIX.authenticated}${apiPaths.document(id)}`,
    headers: { authorization: `Bearer ${await ctx.tokenFor(as)}` },
  })
  return response.json<DocumentDetail>()
}

describe('PUT /documents/{id}/rating', () => {
  it('records the rating and answers it with the new average and count', async () => {
    const { status, body } = await rate(doc.rated, 4)
    expect(status).toBe(200)
    expect(body).toEqual({ rating: 4, averageRating: 4, ratingCount: 1 })
  })

  it('averages the ratings of several employees', async () => {
    expect((await rate(doc.rated, 5, OTHER_EMPLOYEE)).body).toEqual({
      rating: 5,
      averageRating: 4.5,
      ratingCount: 2,
    })
  })

  it('keeps one rating per employee: a new one replaces the old, the same one changes nothing', async () => {
    expect((await rate(doc.rated, 2)).body).toEqual({
      rating: 2,
      averageRating: 3.5,
      ratingCount: 2,
    })
    expect((await rate(doc.rated, 2)).body).toEqual({
      rating: 2,
      averageRating: 3.5,
      ratingCount: 2,
    })
    expect(await stored(doc.rated)).toEqual({ rating_avg: 3.5, rating_count: 2, n: 2 })
  })

  it('rounds the average to one decimal', async () => {
    expect((await rate(doc.rated, 5, ADMIN)).body).toEqual({
      rating: 5,
      averageRating: 4,
      ratingCount: 3,
    })
    expect((await rate(doc.rated, 4, ADMIN)).body.averageRating).toBe(3.7)
  })

  it('shows each employee their own rating, and everyone the average', async () => {
    expect(await detail(doc.rated, EMPLOYEE)).toMatchObject({
      averageRating: 3.7,
      ratingCount: 3,
      contentUserUse: { favorited: false, rating: 2 },
    })
    expect((await detail(doc.rated, OTHER_EMPLOYEE)).contentUserUse?.rating).toBe(5)
    const open = await ctx.app.inject({
      url: `${API_PREFIX.public}${apiPaths.document(doc.rated)}`,
    })
    expect(open.json<DocumentDetail>()).toMatchObject({ averageRating: 3.7, ratingCount: 3 })
  })

  it('refuses a rating outside 1..5 or not a whole number with 422, changing nothing', async () => {
    for (const rating of ['0', '6', 'x', '3.5', '', '-1']) {
      const { status, body, response } = await rate(doc.rated, rating)
      expect(status, rating).toBe(422)
      expect(response.headers['content-type']).toContain('application/problem+json')
      expect(JSON.stringify(body)).toContain('Een waardering is een heel getal van 1 tot en met 5.')
    }
    expect((await call(apiPaths.rating(doc.rated), EMPLOYEE)).status).toBe(422)
    expect((await rate('geen-uuid', 3)).status).toBe(422)
    const row = await stored(doc.rated)
    expect(row).toMatchObject({ rating_count: 3, n: 3 })
    expect(row?.rating_avg).toBeCloseTo(11 / 3, 5)
  })

  it("answers 404 for a missing, deleted or another employee's unapproved document", async () => {
    for (const id of [randomUUID(), doc.deleted, doc.othersPending]) {
      expect((await rate(id, 3)).status).toBe(404)
      expect((await reset(id)).status).toBe(404)
      expect((await stored(id))?.n ?? 0).toBe(0)
    }
  })

  it('answers 401 to a visitor and does not exist on the public API', async () => {
    expect((await rate(doc.rated, 3, null)).status).toBe(401)
    expect((await reset(doc.rated, null)).status).toBe(401)
    const open = await ctx.app.inject({
      method: 'PUT',
      url: `${API_PREFIX.public}${apiPaths.rating(doc.rated)}?rating=3`,
    })
    expect(open.statusCode).toBe(404)
  })
})

describe('PUT /documents/{id}/resetrating', () => {
  it("removes the caller's rating only, and doing it twice changes nothing", async () => {
    for (let i = 0; i < 2; i++) {
      const { status, body } = await reset(doc.rated)
      expect(status).toBe(200)
      expect(body).toEqual({ rating: null, averageRating: 4.5, ratingCount: 2 })
    }
    expect((await detail(doc.rated, EMPLOYEE)).contentUserUse?.rating).toBeNull()
  })

  it('leaves no average when the last rating goes', async () => {
    await reset(doc.rated, OTHER_EMPLOYEE)
    expect((await reset(doc.rated, ADMIN)).body).toEqual({
      rating: null,
      averageRating: null,
      ratingCount: 0,
    })
    expect(await stored(doc.rated)).toEqual({ rating_avg: null, rating_count: 0, n: 0 })
  })

  it('refuses query parameters', async () => {
    expect((await call(apiPaths.resetRating(doc.rated), EMPLOYEE, { rating: '3' })).status).toBe(
      422,
    )
  })
})

describe('the rating filter and sort', () => {
  it('follow a new rating at once', async () => {
    const search = async (query: Record<string, string>) => {
      const response = await ctx.app.inject({
        url: `${API_PREFIX.authenticated}${apiPaths.search}?${new URLSearchParams(query)}`,
        headers: { authorization: `Bearer ${await ctx.tokenFor(EMPLOYEE)}` },
      })
      return response.json<SearchResponse>()
    }
    const before = await search({ query: 'luchtkwaliteit', minRating: '5' })
    expect(before.Results).toEqual([])
    await rate(doc.rated, 5)
    const after = await search({ query: 'luchtkwaliteit', minRating: '5' })
    expect(after.Results.map((result) => result.title)).toEqual(['Luchtkwaliteit per meetpunt'])
    expect(after.Results[0]?.contentUserUse).toEqual({ favorited: false, rating: 5 })
    const sorted = await search({ query: 'luchtkwaliteit', sort: 'rating' })
    expect(sorted.Results.map((result) => result.averageRating)).toEqual([5, 4])
    expect(sorted.Aggregations.rating).toEqual([
      { key: '5', count: 1 },
      { key: '4', count: 2 },
      { key: '3', count: 2 },
      { key: '2', count: 2 },
      { key: '1', count: 2 },
    ])
  })
})

describe('concurrent ratings', () => {
  const raters: TestIdentity[] = Array.from({ length: 12 }, (_, i) => ({
    oid: `oid-beoordelaar-${i}`,
    name: `Beoordelaar ${i}`,
    email: `beoordelaar${i}@voorbeeldstad.nl`,
  }))

  it('give the right average and count when many employees rate one document at once', async () => {
    // Every employee is recorded first, so the requests below race on the ratings only.
    await Promise.all(raters.map((rater) => reset(doc.busy, rater)))
    const first = raters.map((_, i) => (i % 5) + 1)
    const results = await Promise.all(raters.map((rater, i) => rate(doc.busy, first[i]!, rater)))
    expect(results.map((result) => result.status)).toEqual(raters.map(() => 200))
    const sum = first.reduce((a, b) => a + b, 0)
    expect(await stored(doc.busy)).toMatchObject({ rating_count: 12, n: 12 })
    expect((await stored(doc.busy))?.rating_avg).toBeCloseTo(sum / 12, 5)
  })

  it('stay consistent when ratings change and are reset at the same time', async () => {
    const changes = raters.map((rater, i) =>
      i % 3 === 0 ? reset(doc.busy, rater) : rate(doc.busy, 5 - (i % 5), rater),
    )
    await Promise.all(changes)
    const expected = raters.flatMap((_, i) => (i % 3 === 0 ? [] : [5 - (i % 5)]))
    const row = await stored(doc.busy)
    expect(row).toMatchObject({ rating_count: expected.length, n: expected.length })
    expect(row?.rating_avg).toBeCloseTo(expected.reduce((a, b) => a + b, 0) / expected.length, 5)
  })

  it('give the right answer to two employees rating at the same moment', async () => {
    const [a, b] = await Promise.all([
      rate(doc.other, 1, EMPLOYEE),
      rate(doc.other, 5, OTHER_EMPLOYEE),
    ])
    // ADMIN's 4 was there already; whichever came last saw all three ratings.
    const last = [a!.body, b!.body].find((body) => body.ratingCount === 3)
    expect(last?.averageRating).toBeCloseTo(10 / 3, 1)
    expect(await stored(doc.other)).toMatchObject({ rating_count: 3, n: 3 })
  })
})

import { randomUUID } from 'node:crypto'
import {
  API_PREFIX,
  apiPaths,
  type DocumentDetail,
  type RatingState,
  type SearchResponse,
} from '@dataportaal/contract'
import { describe, expect, it } from 'vitest'
import {
  ADMIN,
  useTestContext,
  EMPLOYEE,
  OTHER_EMPLOYEE,
  type TestIdentity,
} from '../../../test/app.ts'
import { createDocument, type DocumentSpec } from '../../../test/factories.ts'

// Every test makes the documents it rates, so each passes alone and in any order.
const ctx = useTestContext()

const newDocument = (spec: Partial<DocumentSpec> = {}) =>
  createDocument(ctx.db, { title: 'Luchtmeetnet per uur', ...spec })

/** A document rated 2 by EMPLOYEE, 5 by OTHER_EMPLOYEE and 4 by ADMIN: an average of 3.7. */
const ratedByThree = () =>
  newDocument({
    ratings: [
      { by: EMPLOYEE, rating: 2 },
      { by: OTHER_EMPLOYEE, rating: 5 },
      { by: ADMIN, rating: 4 },
    ],
  })

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
    const id = await newDocument()
    const { status, body } = await rate(id, 4)
    expect(status).toBe(200)
    expect(body).toEqual({ rating: 4, averageRating: 4, ratingCount: 1 })
  })

  it('averages the ratings of several employees', async () => {
    const id = await newDocument()
    await rate(id, 4)
    expect((await rate(id, 5, OTHER_EMPLOYEE)).body).toEqual({
      rating: 5,
      averageRating: 4.5,
      ratingCount: 2,
    })
  })

  it('keeps one rating per employee: a new one replaces the old, the same one changes nothing', async () => {
    const id = await newDocument()
    await rate(id, 4)
    await rate(id, 5, OTHER_EMPLOYEE)
    expect((await rate(id, 2)).body).toEqual({
      rating: 2,
      averageRating: 3.5,
      ratingCount: 2,
    })
    expect((await rate(id, 2)).body).toEqual({
      rating: 2,
      averageRating: 3.5,
      ratingCount: 2,
    })
    expect(await stored(id)).toEqual({ rating_avg: 3.5, rating_count: 2, n: 2 })
  })

  it('rounds the average to one decimal', async () => {
    const id = await newDocument()
    await rate(id, 2)
    await rate(id, 5, OTHER_EMPLOYEE)
    expect((await rate(id, 5, ADMIN)).body).toEqual({
      rating: 5,
      averageRating: 4,
      ratingCount: 3,
    })
    expect((await rate(id, 4, ADMIN)).body.averageRating).toBe(3.7)
  })

  it('shows each employee their own rating, and everyone the average', async () => {
    const id = await ratedByThree()
    expect(await detail(id, EMPLOYEE)).toMatchObject({
      averageRating: 3.7,
      ratingCount: 3,
      contentUserUse: { favorited: false, rating: 2 },
    })
    expect((await detail(id, OTHER_EMPLOYEE)).contentUserUse?.rating).toBe(5)
    const open = await ctx.app.inject({
      url: `${API_PREFIX.public}${apiPaths.document(id)}`,
    })
    expect(open.json<DocumentDetail>()).toMatchObject({ averageRating: 3.7, ratingCount: 3 })
  })

  it('refuses a rating outside 1..5 or not a whole number with 422, changing nothing', async () => {
    const id = await ratedByThree()
    for (const rating of ['0', '6', 'x', '3.5', '', '-1']) {
      const { status, body, response } = await rate(id, rating)
      expect(status, rating).toBe(422)
      expect(response.headers['content-type']).toContain('application/problem+json')
      expect(JSON.stringify(body)).toContain('Een waardering is een heel getal van 1 tot en met 5.')
    }
    expect((await call(apiPaths.rating(id), EMPLOYEE)).status).toBe(422)
    expect((await rate('geen-uuid', 3)).status).toBe(422)
    const row = await stored(id)
    expect(row).toMatchObject({ rating_count: 3, n: 3 })
    expect(row?.rating_avg).toBeCloseTo(11 / 3, 5)
  })

  it("answers 404 for a missing, deleted or another employee's unapproved document", async () => {
    const othersPending = await newDocument({
      title: 'Concept van een collega',
      status: 'openstaand',
      owner: OTHER_EMPLOYEE,
    })
    const deleted = await newDocument({ title: 'Verwijderd rapport', deleted: true })
    for (const id of [randomUUID(), deleted, othersPending]) {
      expect((await rate(id, 3)).status).toBe(404)
      expect((await reset(id)).status).toBe(404)
      expect((await stored(id))?.n ?? 0).toBe(0)
    }
  })

  it('answers 401 to a visitor and does not exist on the public API', async () => {
    const id = await newDocument()
    expect((await rate(id, 3, null)).status).toBe(401)
    expect((await reset(id, null)).status).toBe(401)
    const open = await ctx.app.inject({
      method: 'PUT',
      url: `${API_PREFIX.public}${apiPaths.rating(id)}?rating=3`,
    })
    expect(open.statusCode).toBe(404)
    expect(await stored(id)).toMatchObject({ rating_count: 0, n: 0 })
  })
})

describe('PUT /documents/{id}/resetrating', () => {
  it("removes the caller's rating only, and doing it twice changes nothing", async () => {
    const id = await ratedByThree()
    for (let i = 0; i < 2; i++) {
      const { status, body } = await reset(id)
      expect(status).toBe(200)
      expect(body).toEqual({ rating: null, averageRating: 4.5, ratingCount: 2 })
    }
    expect((await detail(id, EMPLOYEE)).contentUserUse?.rating).toBeNull()
  })

  it('leaves no average when the last rating goes', async () => {
    const id = await newDocument({
      ratings: [
        { by: OTHER_EMPLOYEE, rating: 5 },
        { by: ADMIN, rating: 4 },
      ],
    })
    await reset(id, OTHER_EMPLOYEE)
    expect((await reset(id, ADMIN)).body).toEqual({
      rating: null,
      averageRating: null,
      ratingCount: 0,
    })
    expect(await stored(id)).toEqual({ rating_avg: null, rating_count: 0, n: 0 })
  })

  it('refuses query parameters', async () => {
    const id = await newDocument()
    expect((await call(apiPaths.resetRating(id), EMPLOYEE, { rating: '3' })).status).toBe(422)
  })
})

describe('the rating filter and sort', () => {
  it('follow a new rating at once', async () => {
    // A word of their own, so that the other tests' documents do not count.
    const rated = await newDocument({ title: 'Geluidsoverlast per meetpunt' })
    await newDocument({
      title: 'Geluidsoverlast jaaroverzicht',
      ratings: [{ by: ADMIN, rating: 4 }],
    })
    const search = async (query: Record<string, string>) => {
      const response = await ctx.app.inject({
        url: `${API_PREFIX.authenticated}${apiPaths.search}?${new URLSearchParams(query)}`,
        headers: { authorization: `Bearer ${await ctx.tokenFor(EMPLOYEE)}` },
      })
      return response.json<SearchResponse>()
    }
    const before = await search({ query: 'geluidsoverlast', minRating: '5' })
    expect(before.Results).toEqual([])
    await rate(rated, 5)
    const after = await search({ query: 'geluidsoverlast', minRating: '5' })
    expect(after.Results.map((result) => result.title)).toEqual(['Geluidsoverlast per meetpunt'])
    expect(after.Results[0]?.contentUserUse).toEqual({ favorited: false, rating: 5 })
    const sorted = await search({ query: 'geluidsoverlast', sort: 'rating' })
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
  const first = raters.map((_, i) => (i % 5) + 1)

  /** A document, with every rater recorded as an employee, so requests race on ratings only. */
  async function busyDocument() {
    const id = await newDocument({ title: 'Veel gewaardeerd document' })
    await Promise.all(raters.map((rater) => reset(id, rater)))
    return id
  }

  it('give the right average and count when many employees rate one document at once', async () => {
    const id = await busyDocument()
    const results = await Promise.all(raters.map((rater, i) => rate(id, first[i]!, rater)))
    expect(results.map((result) => result.status)).toEqual(raters.map(() => 200))
    const sum = first.reduce((a, b) => a + b, 0)
    expect(await stored(id)).toMatchObject({ rating_count: 12, n: 12 })
    expect((await stored(id))?.rating_avg).toBeCloseTo(sum / 12, 5)
  })

  it('stay consistent when ratings change and are reset at the same time', async () => {
    const id = await busyDocument()
    for (const [i, rater] of raters.entries()) await rate(id, first[i]!, rater)
    const changes = raters.map((rater, i) =>
      i % 3 === 0 ? reset(id, rater) : rate(id, 5 - (i % 5), rater),
    )
    await Promise.all(changes)
    const expected = raters.flatMap((_, i) => (i % 3 === 0 ? [] : [5 - (i % 5)]))
    const row = await stored(id)
    expect(row).toMatchObject({ rating_count: expected.length, n: expected.length })
    expect(row?.rating_avg).toBeCloseTo(expected.reduce((a, b) => a + b, 0) / expected.length, 5)
  })

  it('give the right answer to two employees rating at the same moment', async () => {
    const id = await newDocument({ ratings: [{ by: ADMIN, rating: 4 }] })
    const [a, b] = await Promise.all([rate(id, 1, EMPLOYEE), rate(id, 5, OTHER_EMPLOYEE)])
    // ADMIN's 4 was there already; whichever came last saw all three ratings.
    const last = [a!.body, b!.body].find((body) => body.ratingCount === 3)
    expect(last?.averageRating).toBeCloseTo(10 / 3, 1)
    expect(await stored(id)).toMatchObject({ rating_count: 3, n: 3 })
  })
})

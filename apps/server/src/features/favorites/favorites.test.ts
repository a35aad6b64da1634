import { randomUUID } from 'node:crypto'
import {
  API_PREFIX,
  apiPaths,
  type DocumentDetail,
  type DocumentList,
  type FavoriteState,
  type SearchResponse,
} from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN,
  useTestContext,
  EMPLOYEE,
  OTHER_EMPLOYEE,
  type TestIdentity,
} from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'

const doc = { first: '', second: '', third: '', own: '', othersPending: '', deleted: '' }

const ctx = useTestContext()

beforeAll(async () => {
  doc.first = await createDocument(ctx.db, { title: 'Afvalinzameling per wijk' })
  doc.second = await createDocument(ctx.db, { title: 'Fietstellingen binnenstad' })
  doc.third = await createDocument(ctx.db, { title: 'Woningvoorraad', owner: OTHER_EMPLOYEE })
  doc.own = await createDocument(ctx.db, {
    title: 'Eigen concept',
    status: 'openstaand',
    owner: EMPLOYEE,
  })
  doc.othersPending = await createDocument(ctx.db, {
    title: 'Concept van een collega',
    status: 'openstaand',
    owner: OTHER_EMPLOYEE,
  })
  doc.deleted = await createDocument(ctx.db, { title: 'Verwijderd rapport', deleted: true })
})

const call = (
  method: 'GET' | 'PUT' | 'DELETE',
  path: string,
  as: TestIdentity | null,
  query: Record<string, string> = {},
) => ctx.call(method, path, as, { query })

const favorite = (id: string, as: TestIdentity = EMPLOYEE) => call('PUT', apiPaths.favorite(id), as)
const unfavorite = (id: string, as: TestIdentity = EMPLOYEE) =>
  call('DELETE', apiPaths.favorite(id), as)
const list = async (as: TestIdentity = EMPLOYEE, query: Record<string, string> = {}) =>
  (await call('GET', apiPaths.favorites, as, query)).body as DocumentList
const titles = (body: DocumentList) => body.Results.map((result) => result.title)

const favoriteRows = async (id: string) =>
  ctx.db.query<{ employee_id: string }>(
    'select employee_id from favorites where document_id = $1 order by employee_id',
    [id],
  )

describe('PUT and DELETE /documents/{id}/favorite', () => {
  it('marks a document as a favourite, and doing it twice changes nothing', async () => {
    for (let i = 0; i < 2; i++) {
      const { status, body } = await favorite(doc.first)
      expect(status).toBe(200)
      expect(body).toEqual({ favorited: true } satisfies FavoriteState)
    }
    expect(await favoriteRows(doc.first)).toEqual([{ employee_id: EMPLOYEE.oid }])
  })

  it('unmarks it, and doing that twice changes nothing either', async () => {
    for (let i = 0; i < 2; i++) {
      const { status, body } = await unfavorite(doc.first)
      expect(status).toBe(200)
      expect(body).toEqual({ favorited: false })
    }
    expect(await favoriteRows(doc.first)).toEqual([])
  })

  it('keeps favourites per employee', async () => {
    await favorite(doc.first, EMPLOYEE)
    await favorite(doc.first, OTHER_EMPLOYEE)
    await unfavorite(doc.first, OTHER_EMPLOYEE)
    expect(await favoriteRows(doc.first)).toEqual([{ employee_id: EMPLOYEE.oid }])
  })

  it("answers 404 for a missing, deleted or another employee's unapproved document", async () => {
    for (const id of [randomUUID(), doc.deleted, doc.othersPending]) {
      for (const change of [favorite, unfavorite]) {
        const { status, response } = await change(id)
        expect(status).toBe(404)
        expect(response.headers['content-type']).toContain('application/problem+json')
      }
      expect(await favoriteRows(id)).toEqual([])
    }
  })

  it('lets the owner favourite their own unapproved document, and an admin any', async () => {
    expect((await favorite(doc.own)).status).toBe(200)
    expect((await favorite(doc.othersPending, ADMIN)).status).toBe(200)
    await unfavorite(doc.othersPending, ADMIN)
  })

  it('answers 422 for a malformed id or a query parameter', async () => {
    expect((await favorite('geen-uuid')).status).toBe(422)
    expect((await call('PUT', apiPaths.favorite(doc.first), EMPLOYEE, { x: '1' })).status).toBe(422)
  })

  it('answers 401 to a visitor, and does not exist on the public API', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const { status, response } = await call(method, apiPaths.favorite(doc.first), null)
      expect(status).toBe(401)
      expect(response.headers['www-authenticate']).toBe('Bearer')
      const open = await ctx.app.inject({
        method,
        url: `${API_PREFIX.public}${apiPaths.favorite(doc.first)}`,
      })
      expect(open.statusCode).toBe(404)
    }
  })
})

describe('GET /documents/favorites', () => {
  beforeAll(async () => {
    // first (already) < second < third < own: newest favourite last.
    await unfavorite(doc.own)
    await favorite(doc.second)
    await favorite(doc.third)
    await favorite(doc.own)
  })

  it('lists the caller’s favourites, newest favourite first, as document summaries', async () => {
    const body = await list()
    expect(titles(body)).toEqual([
      'Eigen concept',
      'Woningvoorraad',
      'Fietstellingen binnenstad',
      'Afvalinzameling per wijk',
    ])
    expect(body.Total).toBe(4)
    for (const result of body.Results) {
      expect(result.contentUserUse).toEqual({ favorited: true, rating: null })
    }
    expect(body.Results[0]).toMatchObject({
      status: 'openstaand',
      owner: { id: EMPLOYEE.oid, name: EMPLOYEE.name },
      fileFormats: [],
    })
  })

  it('pages with a 1-based offset', async () => {
    const page = await list(EMPLOYEE, { offset: '2', pageSize: '3' })
    expect(titles(page)).toEqual(['Afvalinzameling per wijk'])
    expect(page.Total).toBe(4)
    expect((await list(EMPLOYEE, { offset: '3', pageSize: '3' })).Results).toEqual([])
  })

  it('shows another employee only their own favourites', async () => {
    expect(await list(OTHER_EMPLOYEE)).toEqual({ Results: [], Total: 0 })
  })

  it('drops a favourite whose document is deleted later', async () => {
    await ctx.db.query('update documents set deleted_at = now() where id = $1', [doc.second])
    const body = await list()
    expect(titles(body)).not.toContain('Fietstellingen binnenstad')
    expect(body.Total).toBe(3)
    await ctx.db.query('update documents set deleted_at = null where id = $1', [doc.second])
  })

  it('answers 422 for bad paging and 401 to a visitor', async () => {
    const bad: Array<Record<string, string>> = [
      { offset: '0' },
      { pageSize: '500' },
      { sort: 'date' },
    ]
    for (const query of bad) {
      expect((await call('GET', apiPaths.favorites, EMPLOYEE, query)).status).toBe(422)
    }
    expect((await call('GET', apiPaths.favorites, null)).status).toBe(401)
  })
})

describe('contentUserUse after favouriting', () => {
  it('is true on the detail, in search results and own documents for the caller only', async () => {
    const detail = (await call('GET', apiPaths.document(doc.third), EMPLOYEE))
      .body as DocumentDetail
    expect(detail.contentUserUse).toEqual({ favorited: true, rating: null })
    const theirs = (await call('GET', apiPaths.document(doc.third), OTHER_EMPLOYEE))
      .body as DocumentDetail
    expect(theirs.contentUserUse).toEqual({ favorited: false, rating: null })

    const found = (await call('GET', apiPaths.search, EMPLOYEE, { query: 'woningvoorraad' }))
      .body as SearchResponse
    expect(found.Results[0]?.contentUserUse).toEqual({ favorited: true, rating: null })

    const own = (await call('GET', apiPaths.userDocuments, EMPLOYEE)).body as DocumentList
    expect(own.Results.map((result) => result.contentUserUse?.favorited)).toEqual([true])

    await unfavorite(doc.third)
    const after = (await call('GET', apiPaths.document(doc.third), EMPLOYEE)).body as DocumentDetail
    expect(after.contentUserUse?.favorited).toBe(false)
  })
})

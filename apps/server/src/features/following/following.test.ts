import {
  API_PREFIX,
  apiPaths,
  type DocumentList,
  type NameList,
  type Problem,
} from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN,
  useTestContext,
  EMPLOYEE,
  OTHER_EMPLOYEE,
  type TestIdentity,
} from '../../../test/app.ts'
import { addSynonyms, createDocument, type DocumentSpec } from '../../../test/factories.ts'
import { ensureNamed } from '../vocabulary/service.ts'

const ids: Record<string, string> = {}

/** Published on the given day of January 2025, so "newest published first" is well defined. */
const DOCUMENTS: Array<[string, number | null, DocumentSpec]> = [
  ['oldBike', 1, { title: 'Fietspaden 2020', themes: ['Fiets'] }],
  ['waste', 2, { title: 'Afvalcijfers', themes: ['Afval'] }],
  ['both', 3, { title: 'Fietsen bij de milieustraat', themes: ['Fiets', 'Afval'] }],
  ['newBike', 4, { title: 'Fietstellingen 2025', themes: ['Fiets'] }],
  ['housing', 5, { title: 'Woningbouw', themes: ['Wonen'] }],
  ['deleted', 6, { title: 'Verwijderde fietskaart', themes: ['Fiets'], deleted: true }],
  [
    'ownPending',
    null,
    { title: 'Eigen fietsconcept', themes: ['Fiets'], status: 'openstaand', owner: EMPLOYEE },
  ],
  [
    'othersPending',
    null,
    { title: 'Fietsconcept collega', themes: ['Fiets'], status: 'openstaand', owner: ADMIN },
  ],
]

const ctx = useTestContext()

beforeAll(async () => {
  await addSynonyms(ctx.db, 'Fiets', ['rijwiel'])
  await ensureNamed(ctx.db, 'themes', 'Zorg/Welzijn')
  for (const [key, day, spec] of DOCUMENTS) {
    ids[key] = await createDocument(ctx.db, spec)
    if (day !== null) {
      await ctx.db.query(
        `update documents set published_at = timestamptz '2025-01-01' + $2 * interval '1 day'
          where id = $1`,
        [ids[key], day],
      )
    }
  }
})

const call = <T>(
  method: 'GET' | 'PUT' | 'DELETE',
  path: string,
  as: TestIdentity | null,
  query: Record<string, string> = {},
) => ctx.call<T & Problem>(method, path, as, { query })

const followed = (as: TestIdentity = EMPLOYEE) => call<NameList>('GET', apiPaths.followedTags, as)
const follow = (name: string, as: TestIdentity | null = EMPLOYEE) =>
  call<NameList>('PUT', apiPaths.followedTags, as, { data: name })
const unfollow = (name: string, as: TestIdentity | null = EMPLOYEE) =>
  call<NameList>('DELETE', apiPaths.followedTag(name), as)
const titles = (body: DocumentList) => body.Results.map((result) => result.title)

describe('GET, PUT and DELETE /tags/following', () => {
  it('starts with no followed themes', async () => {
    const { status, body } = await followed()
    expect(status).toBe(200)
    expect(body).toEqual({ Results: [], Total: 0 })
  })

  it('follows a theme, matched trimmed and case-insensitively, and answers the new list', async () => {
    const { status, body } = await follow(' fiets ')
    expect(status).toBe(200)
    expect(body).toEqual({ Results: ['Fiets'], Total: 1 })
    expect((await followed()).body).toEqual({ Results: ['Fiets'], Total: 1 })
  })

  it('changes nothing when following a theme again, also through a synonym', async () => {
    expect((await follow('Fiets')).body).toEqual({ Results: ['Fiets'], Total: 1 })
    expect((await follow('rijwiel')).body).toEqual({ Results: ['Fiets'], Total: 1 })
  })

  it('lists followed themes alphabetically', async () => {
    expect((await follow('afval')).body).toEqual({ Results: ['Afval', 'Fiets'], Total: 2 })
    expect((await follow('Zorg/Welzijn')).body.Results).toEqual(['Afval', 'Fiets', 'Zorg/Welzijn'])
  })

  it('refuses a name outside the vocabulary, empty or missing, with 422', async () => {
    const unknown = await follow('Onbekend')
    expect(unknown.status).toBe(422)
    expect(unknown.body).toMatchObject({
      detail: 'Dit thema bestaat niet. Kies een thema uit de lijst.',
      errors: [
        {
          path: 'querystring.data',
          message: 'Dit thema bestaat niet. Kies een thema uit de lijst.',
        },
      ],
    })
    expect((await follow('')).status).toBe(422)
    expect((await follow('  ')).status).toBe(422)
    expect((await call('PUT', apiPaths.followedTags, EMPLOYEE)).status).toBe(422)
    expect((await followed()).body.Total).toBe(3)
  })

  it('unfollows, ignoring case, and doing it twice or for an unknown name changes nothing', async () => {
    expect((await unfollow('ZORG/WELZIJN')).body).toEqual({
      Results: ['Afval', 'Fiets'],
      Total: 2,
    })
    for (const name of ['Zorg/Welzijn', 'Onbekend']) {
      const { status, body } = await unfollow(name)
      expect(status).toBe(200)
      expect(body).toEqual({ Results: ['Afval', 'Fiets'], Total: 2 })
    }
  })

  it('keeps each employee’s themes apart', async () => {
    expect((await followed(OTHER_EMPLOYEE)).body).toEqual({ Results: [], Total: 0 })
  })

  it('answers 401 to a visitor', async () => {
    expect((await call('GET', apiPaths.followedTags, null)).status).toBe(401)
    expect((await follow('Fiets', null)).status).toBe(401)
    expect((await unfollow('Fiets', null)).status).toBe(401)
  })
})

describe('GET /tags/{name}/followers', () => {
  it('lists the display names of the followers alphabetically', async () => {
    await follow('Fiets', OTHER_EMPLOYEE)
    const { status, body } = await call<NameList>('GET', apiPaths.tagFollowers('fiets'), ADMIN)
    expect(status).toBe(200)
    expect(body).toEqual({ Results: [OTHER_EMPLOYEE.name, EMPLOYEE.name], Total: 2 })
    expect((await call('GET', apiPaths.tagFollowers('Wonen'), EMPLOYEE)).body).toEqual({
      Results: [],
      Total: 0,
    })
  })

  it('answers 404 for a theme that does not exist, and 401 to a visitor', async () => {
    const missing = await call('GET', apiPaths.tagFollowers('Onbekend'), EMPLOYEE)
    expect(missing.status).toBe(404)
    expect(missing.body.detail).toBe('Dit thema bestaat niet.')
    expect((await call('GET', apiPaths.tagFollowers('Fiets'), null)).status).toBe(401)
  })
})

describe('GET /tags/{name}/documents', () => {
  it('lists the approved documents in a theme, newest published first', async () => {
    const { status, body } = await call<DocumentList>(
      'GET',
      apiPaths.tagDocuments('FIETS'),
      EMPLOYEE,
    )
    expect(status).toBe(200)
    expect(titles(body)).toEqual([
      'Fietstellingen 2025',
      'Fietsen bij de milieustraat',
      'Fietspaden 2020',
    ])
    expect(body.Total).toBe(3)
    expect(body.Results[0]).toMatchObject({
      status: 'goedgekeurd',
      themes: ['Fiets'],
      contentUserUse: { favorited: false, rating: null },
    })
  })

  it('pages with a 1-based offset', async () => {
    const { body } = await call<DocumentList>('GET', apiPaths.tagDocuments('Fiets'), EMPLOYEE, {
      offset: '2',
      pageSize: '2',
    })
    expect(titles(body)).toEqual(['Fietspaden 2020'])
    expect(body.Total).toBe(3)
  })

  it('answers 404 for a theme that does not exist and 422 for bad paging', async () => {
    expect((await call('GET', apiPaths.tagDocuments('Onbekend'), EMPLOYEE)).status).toBe(404)
    expect(
      (await call('GET', apiPaths.tagDocuments('Fiets'), EMPLOYEE, { pageSize: '0' })).status,
    ).toBe(422)
  })
})

describe('GET /pubapi/tags/{name}/documents', () => {
  const visitorCall = (name: string, query: Record<string, string> = {}) =>
    ctx.call<DocumentList & Problem>('GET', apiPaths.tagDocuments(name), null, {
      query,
      prefix: API_PREFIX.public,
    })

  it('shows a visitor only the approved, live documents, without personal fields', async () => {
    const { status, body } = await visitorCall('fiets')
    expect(status).toBe(200)
    expect(titles(body)).toEqual([
      'Fietstellingen 2025',
      'Fietsen bij de milieustraat',
      'Fietspaden 2020',
    ])
    expect(body.Total).toBe(3)
    for (const result of body.Results) {
      expect(result.status).toBe('goedgekeurd')
      expect(result).not.toHaveProperty('contentUserUse')
      expect(result).not.toHaveProperty('labels')
    }
  })

  it('never shows a visitor an unpublished document, even when it is the only one', async () => {
    const theme = 'Alleen concepten'
    await createDocument(ctx.db, {
      title: 'Concept zonder publicatie',
      themes: [theme],
      status: 'openstaand',
      owner: EMPLOYEE,
    })
    const { status, body } = await visitorCall(theme)
    expect(status).toBe(200)
    expect(body).toEqual({ Results: [], Total: 0 })
  })

  it('pages, and answers 404 for an unknown theme and 422 for hostile input', async () => {
    const page = await visitorCall('Fiets', { offset: '2', pageSize: '2' })
    expect(titles(page.body)).toEqual(['Fietspaden 2020'])
    const missing = await visitorCall('Onbekend')
    expect(missing.status).toBe(404)
    expect(missing.body.detail).toBe('Dit thema bestaat niet.')
    expect((await visitorCall('Fiets', { pageSize: '0' })).status).toBe(422)
    expect((await visitorCall('Fiets', { offset: 'x' })).status).toBe(422)
    expect((await visitorCall('Fiets', { onbekend: '1' })).status).toBe(422)
  })
})

describe('GET /tags/following/documents', () => {
  it('lists approved documents in any followed theme once, newest published first', async () => {
    const { status, body } = await call<DocumentList>(
      'GET',
      apiPaths.followedTagsDocuments,
      EMPLOYEE,
    )
    expect(status).toBe(200)
    expect(titles(body)).toEqual([
      'Fietstellingen 2025',
      'Fietsen bij de milieustraat',
      'Afvalcijfers',
      'Fietspaden 2020',
    ])
    expect(body.Total).toBe(4)
  })

  it('shows the caller’s favourite and rating on each document', async () => {
    await call('PUT', apiPaths.favorite(ids.newBike!), EMPLOYEE)
    await call('PUT', apiPaths.rating(ids.newBike!), EMPLOYEE, { rating: '4' })
    const { body } = await call<DocumentList>('GET', apiPaths.followedTagsDocuments, EMPLOYEE, {
      pageSize: '1',
    })
    expect(body.Results[0]).toMatchObject({
      title: 'Fietstellingen 2025',
      averageRating: 4,
      ratingCount: 1,
      contentUserUse: { favorited: true, rating: 4 },
    })
  })

  it('follows what the caller follows', async () => {
    await unfollow('Fiets')
    const { body } = await call<DocumentList>('GET', apiPaths.followedTagsDocuments, EMPLOYEE)
    expect(titles(body)).toEqual(['Fietsen bij de milieustraat', 'Afvalcijfers'])
    const none = await call<DocumentList>('GET', apiPaths.followedTagsDocuments, ADMIN)
    expect(none.body).toEqual({ Results: [], Total: 0 })
  })

  it('drops a theme that an admin deletes from the vocabulary', async () => {
    await ctx.db.query(`delete from themes where name = 'Afval'`)
    expect((await followed()).body).toEqual({ Results: [], Total: 0 })
  })

  it('answers 401 to a visitor and does not exist on /pubapi', async () => {
    expect((await call('GET', apiPaths.followedTagsDocuments, null)).status).toBe(401)
    const open = await ctx.app.inject({
      url: `${API_PREFIX.public}${apiPaths.followedTagsDocuments}`,
    })
    expect(open.statusCode).toBe(404)
  })
})

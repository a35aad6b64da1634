import {
  API_PREFIX,
  apiPaths,
  type DocumentDetail,
  type ManagedVocabularyList,
  type NameList,
  type Problem,
  type SearchResponse,
  type TagList,
  type ThesaurusEntry,
} from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, useTestContext, EMPLOYEE, type TestIdentity } from '../../../test/app.ts'
import { addSynonyms, createDocument } from '../../../test/factories.ts'

const doc = { fiets: '', afval: '', pending: '' }

const ctx = useTestContext()

beforeAll(async () => {
  doc.fiets = await createDocument(ctx.db, {
    title: 'Fietsenstallingen in de binnenstad',
    themes: ['Fiets', 'Verkeer'],
    labels: ['Intern'],
  })
  doc.afval = await createDocument(ctx.db, { title: 'Afvalinzameling per wijk', themes: ['Afval'] })
  doc.pending = await createDocument(ctx.db, {
    title: 'Concept fietsparkeren',
    themes: ['Fiets'],
    status: 'openstaand',
  })
  await createDocument(ctx.db, { title: 'Oud fietsplan', themes: ['Fiets'], deleted: true })
  await addSynonyms(ctx.db, 'Fiets', ['rijwiel'])
})

const call = <T>(
  method: 'GET' | 'PUT' | 'DELETE',
  path: string,
  as: TestIdentity | null,
  body?: unknown,
) => ctx.call<T>(method, path, as, body === undefined ? {} : { body })

const names = async (path: string) =>
  (await call<TagList>('GET', path, ADMIN)).body.Results.map((item) => item.name)

const managed = async (path: string) =>
  (await call<ManagedVocabularyList>('GET', path, ADMIN)).body.Results.map(
    ({ name, documents }) => ({ name, documents }),
  )

const publicSearch = (query: Record<string, string>) =>
  ctx.call<SearchResponse>('GET', apiPaths.search, null, { query, prefix: API_PREFIX.public })

const titles = (response: { body: SearchResponse }) =>
  response.body.Results.map((result) => result.title)

describe('the admin lists', () => {
  it('count every document that is not deleted, in any status, sorted by name', async () => {
    expect(await managed(apiPaths.managedTags)).toEqual([
      { name: 'Afval', documents: 1 },
      { name: 'Fiets', documents: 2 },
      { name: 'Verkeer', documents: 1 },
    ])
    expect(await managed(apiPaths.managedLabels)).toEqual([{ name: 'Intern', documents: 1 }])
  })
})

describe('creating', () => {
  it('answers 201 with the new id, and the theme is in /tags at once', async () => {
    const { status, body, response } = await call<string>('PUT', apiPaths.tags, ADMIN, {
      name: '  Groen  ',
    })
    expect(status).toBe(201)
    expect(response.headers['content-type']).toContain('application/json')
    expect(body).toMatch(/^[0-9a-f-]{36}$/)
    const tags = (
      await ctx.call<TagList>('GET', apiPaths.tags, null, { prefix: API_PREFIX.public })
    ).body.Results
    expect(tags).toContainEqual({ id: body, name: 'Groen' })
  })

  it('adds a label the same way', async () => {
    const { status, body } = await call<string>('PUT', apiPaths.labels, ADMIN, { name: 'Extern' })
    expect(status).toBe(201)
    expect(await names(apiPaths.labels)).toEqual(['Extern', 'Intern'])
    expect(body).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('refuses a name in use in another case with 409 and a Dutch message', async () => {
    const theme = await call<Problem>('PUT', apiPaths.tags, ADMIN, { name: 'fIETS' })
    expect(theme.status).toBe(409)
    expect(theme.response.headers['content-type']).toContain('application/problem+json')
    expect(theme.body.detail).toBe('Er bestaat al een thema met deze naam: Fiets.')
    expect(theme.body.errors).toEqual([{ path: 'body.name', message: theme.body.detail }])
    const label = await call<Problem>('PUT', apiPaths.labels, ADMIN, { name: 'intern' })
    expect(label.status).toBe(409)
    expect(label.body.detail).toBe('Er bestaat al een label met deze naam: Intern.')
  })

  it('refuses a theme named like another theme’s synonym', async () => {
    const { status, body } = await call<Problem>('PUT', apiPaths.tags, ADMIN, { name: 'Rijwiel' })
    expect(status).toBe(409)
    expect(body.detail).toBe('‘Rijwiel’ is al een synoniem van het thema Fiets.')
  })

  it.each([
    ['empty', '', 'Vul een naam in.'],
    ['only spaces', '    ', 'Vul een naam in.'],
    ['61 characters', 'a'.repeat(61), 'Een naam is hoogstens 60 tekens lang.'],
    [
      'a line break',
      'Twee\nregels',
      'Een naam mag geen tabs, regeleinden of andere stuurtekens bevatten.',
    ],
  ])('refuses a name that is %s with 422', async (_case, name, message) => {
    for (const path of [apiPaths.tags, apiPaths.labels]) {
      const { status, body } = await call<Problem>('PUT', path, ADMIN, { name })
      expect(status).toBe(422)
      expect(body.errors).toEqual([{ path: 'body.name', message }])
    }
  })

  it('accepts exactly 60 characters and refuses a body without a name', async () => {
    expect((await call('PUT', apiPaths.labels, ADMIN, { name: 'b'.repeat(60) })).status).toBe(201)
    expect((await call('PUT', apiPaths.labels, ADMIN, {})).status).toBe(422)
    expect((await call('PUT', apiPaths.labels, ADMIN, { name: 'x', extra: 1 })).status).toBe(422)
  })
})

describe('deleting a theme', () => {
  it('takes it off every document, out of search and facets, and drops its followers', async () => {
    const follow = await ctx.call<NameList>('PUT', apiPaths.followedTags, EMPLOYEE, {
      query: { data: 'Fiets' },
    })
    expect(follow.body.Results).toEqual(['Fiets'])
    expect(titles(await publicSearch({ tags: 'Fiets' }))).toEqual([
      'Fietsenstallingen in de binnenstad',
    ])

    const { status } = await call('DELETE', apiPaths.tag('fiets'), ADMIN)
    expect(status).toBe(204)

    const document = await call<DocumentDetail>('GET', apiPaths.document(doc.fiets), ADMIN)
    expect(document.body.themes).toEqual(['Verkeer'])
    const pending = await call<DocumentDetail>('GET', apiPaths.document(doc.pending), ADMIN)
    expect(pending.body.themes).toBeNull()
    expect(await names(apiPaths.tags)).not.toContain('Fiets')
    expect(titles(await publicSearch({ tags: 'Fiets' }))).toEqual([])
    // The synonym went with the theme: it no longer leads to the document.
    expect(titles(await publicSearch({ query: 'rijwiel' }))).toEqual([])
    const followed = await ctx.call<NameList>('GET', apiPaths.followedTags, EMPLOYEE)
    expect(followed.body.Results).toEqual([])

    const audit = await ctx.db.query<{ action: string; document_id: string | null }>(
      `select action, document_id::text from audit_log
        where action in ('theme_removed', 'theme_deleted') order by id`,
    )
    expect(audit.map((row) => row.action).sort()).toEqual([
      'theme_deleted',
      'theme_removed',
      'theme_removed',
      'theme_removed',
    ])
  })

  it('answers 404 for a theme that does not exist', async () => {
    const { status, body } = await call<Problem>('DELETE', apiPaths.tag('Fiets'), ADMIN)
    expect(status).toBe(404)
    expect(body.detail).toBe('Dit thema bestaat niet.')
  })
})

describe('deleting a theme while employees use it', () => {
  it('never leaves a link to it, and no attempt ends in a server error', async () => {
    for (let round = 0; round < 5; round++) {
      const name = `Tijdelijk ${round}`
      expect((await call('PUT', apiPaths.tags, ADMIN, { name })).status).toBe(201)
      const [deleted, attached, followed] = await Promise.all([
        call('DELETE', apiPaths.tag(name), ADMIN),
        ctx.call('PUT', apiPaths.documentTag(doc.afval), EMPLOYEE, { query: { name } }),
        ctx.call('PUT', apiPaths.followedTags, EMPLOYEE, { query: { data: name } }),
      ])
      expect(deleted.status).toBe(204)
      // Before the delete: attached or followed, then removed with the theme; after it: 422.
      expect([200, 422]).toContain(attached.status)
      expect([200, 422]).toContain(followed.status)
      const document = await call<DocumentDetail>('GET', apiPaths.document(doc.afval), ADMIN)
      expect(document.body.themes).toEqual(['Afval'])
      const following = await ctx.call<NameList>('GET', apiPaths.followedTags, EMPLOYEE)
      expect(following.body.Results).not.toContain(name)
    }
  })
})

describe('deleting a label', () => {
  it('takes it off its documents', async () => {
    expect((await call('DELETE', apiPaths.label('INTERN'), ADMIN)).status).toBe(204)
    const document = await call<DocumentDetail>('GET', apiPaths.document(doc.fiets), ADMIN)
    expect(document.body.labels).toBeNull()
    expect(await names(apiPaths.labels)).not.toContain('Intern')
    expect((await call('DELETE', apiPaths.label('Intern'), ADMIN)).status).toBe(404)
  })
})

describe('the thesaurus', () => {
  const save = (name: string, synonyms: string[], related: string[] = []) =>
    call<ThesaurusEntry & Problem>('PUT', apiPaths.thesaurusEntry(name), ADMIN, {
      synonyms,
      related,
    })

  it('changes search results at once', async () => {
    expect(titles(await publicSearch({ query: 'huisvuil' }))).toEqual([])
    const { status, body } = await save('afval', ['huisvuil', ' Huisvuil ', 'vuilnis'], ['Groen'])
    expect(status).toBe(200)
    expect(body).toEqual({ term: 'Afval', synonyms: ['huisvuil', 'vuilnis'], related: ['Groen'] })
    expect(titles(await publicSearch({ query: 'huisvuil' }))).toEqual(['Afvalinzameling per wijk'])
    const thesaurus = await ctx.call<ThesaurusEntry[]>('GET', apiPaths.thesaurus, null, {
      prefix: API_PREFIX.public,
    })
    expect(thesaurus.body).toContainEqual(body)

    expect((await save('Afval', ['vuilnis'])).status).toBe(200)
    expect(titles(await publicSearch({ query: 'huisvuil' }))).toEqual([])
  })

  it('refuses a synonym that is another theme’s name or synonym, or the theme’s own name', async () => {
    const taken = await save('Verkeer', ['Vuilnis'])
    expect(taken.status).toBe(409)
    expect(taken.body.errors).toEqual([
      { path: 'body.synonyms', message: '‘Vuilnis’ is al een synoniem van het thema Afval.' },
    ])
    expect((await save('Verkeer', ['afval'])).body.detail).toBe(
      '‘afval’ is de naam van een ander thema en kan geen synoniem zijn.',
    )
    const own = await save('Verkeer', [], ['verkeer'])
    expect(own.status).toBe(409)
    expect(own.body.detail).toBe('‘verkeer’ is de naam van dit thema zelf.')
    expect((await save('Verkeer', ['auto'], ['Auto'])).body.detail).toBe(
      '‘Auto’ staat al bij de synoniemen.',
    )
  })

  it('validates every term like a name, and the number of terms', async () => {
    const empty = await save('Verkeer', ['  '])
    expect(empty.status).toBe(422)
    expect(empty.body.errors).toEqual([{ path: 'body.synonyms.0', message: 'Vul een naam in.' }])
    const many = await save(
      'Verkeer',
      Array.from({ length: 51 }, (_, index) => `term${index}`),
    )
    expect(many.status).toBe(422)
    expect((await save('Bestaat niet', ['iets'])).status).toBe(404)
  })
})

describe('access', () => {
  const routes: Array<[method: 'GET' | 'PUT' | 'DELETE', path: string, body?: unknown]> = [
    ['GET', apiPaths.managedTags],
    ['GET', apiPaths.managedLabels],
    ['PUT', apiPaths.tags, { name: 'Nieuw' }],
    ['PUT', apiPaths.labels, { name: 'Nieuw' }],
    ['DELETE', apiPaths.tag('Verkeer')],
    ['DELETE', apiPaths.label('Extern')],
    ['PUT', apiPaths.thesaurusEntry('Verkeer'), { synonyms: ['auto'], related: [] }],
    ['PUT', apiPaths.tagEuTheme('Verkeer'), { euTheme: 'TRAN' }],
  ]

  it('refuses a visitor with 401 and an employee with 403 on every admin route', async () => {
    for (const [method, path, body] of routes) {
      expect((await call(method, path, null, body)).status, `${method} ${path}`).toBe(401)
      expect((await call(method, path, EMPLOYEE, body)).status, `${method} ${path}`).toBe(403)
    }
    expect(await names(apiPaths.tags)).toContain('Verkeer')
    expect(await names(apiPaths.labels)).toContain('Extern')
  })

  it('serves no admin route on /pubapi', async () => {
    for (const [method, path, body] of routes) {
      const { status } = await ctx.call(method, path, null, {
        prefix: API_PREFIX.public,
        ...(body === undefined ? {} : { body }),
      })
      expect([404, 405], `${method} ${path}`).toContain(status)
    }
  })
})

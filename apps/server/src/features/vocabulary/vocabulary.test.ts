import { apiPaths, NO_VALUE_BUCKET } from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestContext, EMPLOYEE } from '../../../test/app.ts'
import { addSynonyms, createDocument } from '../../../test/factories.ts'

const ctx = useTestContext()

beforeAll(async () => {
  await addSynonyms(ctx.db, 'Fiets', ['rijwiel'])
  await ctx.db.query(
    `insert into theme_terms (theme_id, kind, term)
     select id, 'related', 'Verkeer' from themes where name = 'Fiets'`,
  )
  await createDocument(ctx.db, { title: 'Fietspaden', themes: ['Fiets'], labels: ['Intern'] })
  await createDocument(ctx.db, { title: 'Fietstellingen', themes: ['Fiets', 'Verkeer'] })
  await createDocument(ctx.db, { title: 'Zonder thema' })
  await createDocument(ctx.db, {
    title: 'Niet goedgekeurd',
    themes: ['Afval'],
    status: 'openstaand',
  })
})

const get = async (url: string, token?: string) =>
  (
    await ctx.app.inject({
      url: `${token ? '/api' : '/pubapi'}${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
  ).json<unknown>()

describe('themes', () => {
  it('lists every theme with its id', async () => {
    const body = (await get(apiPaths.tags)) as { Results: Array<{ name: string }>; Total: number }
    expect(body.Results.map((tag) => tag.name)).toEqual(['Afval', 'Fiets', 'Verkeer'])
    expect(body.Total).toBe(3)
  })

  it('gives the thesaurus with synonyms and related terms', async () => {
    expect(await get(apiPaths.thesaurus)).toContainEqual({
      term: 'Fiets',
      synonyms: ['rijwiel'],
      related: ['Verkeer'],
    })
  })

  it('counts visible documents per theme with Geen Thema last', async () => {
    expect(await get(apiPaths.tagsAggregation)).toEqual({
      Results: [
        { key: 'Fiets', count: 2 },
        { key: 'Verkeer', count: 1 },
        { key: NO_VALUE_BUCKET.tags, count: 1 },
      ],
      Total: 3,
    })
  })
})

describe('input', () => {
  it('refuses unknown query parameters with 422 on every vocabulary call', async () => {
    for (const url of [apiPaths.tags, apiPaths.thesaurus, apiPaths.tagsAggregation]) {
      const response = await ctx.app.inject({ url: `/pubapi${url}?limit=5` })
      expect(response.statusCode).toBe(422)
      expect(response.headers['content-type']).toContain('application/problem+json')
    }
  })
})

describe('labels', () => {
  it('are counted for employees, with Geen labels last', async () => {
    const token = await ctx.tokenFor(EMPLOYEE)
    expect(await get(apiPaths.labelsAggregation, token)).toEqual({
      Results: [
        { key: 'Intern', count: 1 },
        { key: NO_VALUE_BUCKET.labels, count: 2 },
      ],
      Total: 2,
    })
  })

  it('do not exist on the public API', async () => {
    const response = await ctx.app.inject({ url: `/pubapi${apiPaths.labelsAggregation}` })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toContain('application/problem+json')
  })
})

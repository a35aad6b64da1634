import { apiPaths } from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestContext } from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'

const ctx = useTestContext()

beforeAll(async () => {
  await createDocument(ctx.db, { title: 'Parkeergarages en tarieven', themes: ['Verkeer'] })
  // 53 letters: longer than any word the typo vocabulary keeps.
  await createDocument(ctx.db, {
    title: 'Kinderopvangtoeslagaanvraagformulierenbundelverwerking in 2024',
  })
})

const get = (url: string) => ctx.app.inject({ url })

describe('search input that is refused with 422 problem details', () => {
  it.each([
    ['an unknown parameter', 'query=park&colour=red'],
    ['offset=0', 'offset=0'],
    ['a negative offset', 'offset=-3'],
    ['pageSize=10000', 'pageSize=10000'],
    ['a non-numeric page size', 'pageSize=tien'],
    ['a 5,000-character query', `query=${'a'.repeat(5000)}`],
    ['an unknown sort', 'sort=random'],
    ['an invalid date', 'dateFrom=2024-13-45'],
    ['a rating above 5', 'minRating=6'],
    ['labels on the public API', 'labels=Intern'],
  ])('%s', async (_name, queryString) => {
    const response = await get(`/pubapi${apiPaths.search}?${queryString}`)
    expect(response.statusCode).toBe(422)
    expect(response.headers['content-type']).toContain('application/problem+json')
    const problem = response.json<{ title: string; status: number; errors: unknown[] }>()
    expect(problem).toMatchObject({ title: 'Ongeldige invoer', status: 422 })
    expect(problem.errors.length).toBeGreaterThan(0)
  })
})

describe('search input that gives a correct, possibly empty, result', () => {
  it.each([
    ['SQL in the query', "'; drop table documents; --"],
    ['HTML in the query', '<img src=x onerror=alert(1)>'],
    ['only punctuation', '!!! ???'],
    ['a backslash and quotes', `\\' " \\\\`],
    ['only stop words', 'de het een'],
    [
      'twelve words and more',
      'een twee drie vier vijf zes zeven acht negen tien elf twaalf dertien',
    ],
    [
      'twelve words the stemmer shortens',
      'overheid gezondheid werkloosheid bereikbaarheid duurzaamheid eenzaamheid zekerheid ' +
        'veiligheid mogelijkheden gemeentelijk bevolking huishouding',
    ],
    ['words like the prefix placeholders', 'p1x p1xx p2x overheid gezondheid'],
    ['letters of other scripts', 'straße überheid αβγδheid дума overheid'],
  ])('%s', async (_name, query) => {
    const response = await get(`/pubapi${apiPaths.search}?query=${encodeURIComponent(query)}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ Total: 0, Results: [] })
  })

  it('answers twelve words of the longest kind with nothing found, corrected or suggested', async () => {
    const letters = 'qwxzjvkybg'
    const words = Array.from({ length: 12 }, (_, i) =>
      Array.from({ length: 40 }, (_, j) => letters[(i * 7 + j * j) % letters.length]).join(''),
    )
    const query = encodeURIComponent(words.join(' '))
    const response = await get(`/pubapi${apiPaths.search}?query=${query}`)
    expect(response.statusCode).toBe(200)
    const answer = response.json<Record<string, unknown>>()
    expect(answer).toMatchObject({ Total: 0, Results: [] })
    expect(answer).not.toHaveProperty('Corrections')
    expect(answer).not.toHaveProperty('Suggestion')
  })

  it('cuts a word of 500 letters to its first 40, which find the words that start with them', async () => {
    const word = 'kinderopvangtoeslagaanvraagformulierenbundelverwerking'.padEnd(500, 'x')
    const response = await get(`/pubapi${apiPaths.search}?query=${word}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      Total: 1,
      Results: [{ title: 'Kinderopvangtoeslagaanvraagformulierenbundelverwerking in 2024' }],
    })
  })

  it('treats tsquery operators as plain text', async () => {
    const query = encodeURIComponent('park & | ! <-> :* ( )')
    const response = await get(`/pubapi${apiPaths.search}?query=${query}`)
    expect(response.json()).toMatchObject({ Total: 1 })
  })

  it('still finds the document after a hostile query', async () => {
    const response = await get(`/pubapi${apiPaths.search}?query=parkeergarage`)
    expect(response.json()).toMatchObject({ Total: 1 })
  })

  it('answers an offset beyond the last page with an empty page and the real total', async () => {
    const response = await get(`/pubapi${apiPaths.search}?offset=99`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ Total: 2, Results: [] })
  })
})

describe('suggestions', () => {
  it('suggests titles and theme names for a prefix, at most 8', async () => {
    for (let i = 0; i < 10; i++) {
      await createDocument(ctx.db, { title: `Parkeervergunningen wijk ${i}` })
    }
    const response = await get(`/pubapi${apiPaths.complete('park')}`)
    expect(response.statusCode).toBe(200)
    const suggestions = response.json<string[]>()
    expect(suggestions).toHaveLength(8)
    expect(suggestions[0]).toBe('Parkeergarages en tarieven')
  })

  it('puts matching theme names first', async () => {
    const suggestions = (await get(`/pubapi${apiPaths.complete('verk')}`)).json<string[]>()
    expect(suggestions[0]).toBe('Verkeer')
  })

  it('matches a word inside a title', async () => {
    const suggestions = (await get(`/pubapi${apiPaths.complete('tarieven')}`)).json<string[]>()
    expect(suggestions).toEqual(['Parkeergarages en tarieven'])
  })

  it('gives nothing for one character or only spaces', async () => {
    expect((await get(`/pubapi${apiPaths.complete('p')}`)).json()).toEqual([])
    expect((await get(`/pubapi${apiPaths.complete(' p  ')}`)).json()).toEqual([])
  })

  it('refuses an overlong text with 422 problem details', async () => {
    const response = await get(`/pubapi${apiPaths.complete('x'.repeat(600))}`)
    expect(response.statusCode).toBe(422)
    expect(response.headers['content-type']).toContain('application/problem+json')
  })

  it('refuses a path too long to route with 414 problem details', async () => {
    const response = await get(`/pubapi${apiPaths.complete('x'.repeat(3000))}`)
    expect(response.statusCode).toBe(414)
    expect(response.headers['content-type']).toContain('application/problem+json')
  })
})

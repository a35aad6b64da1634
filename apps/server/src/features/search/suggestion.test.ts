import { beforeAll, describe, expect, it } from 'vitest'
import { useTestContext, EMPLOYEE, type TestIdentity, searchAs } from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'
import { MAX_TOTAL_TO_SUGGEST, SUGGESTION_MIN_TOTAL } from './suggestion.ts'

/**
 * 'Bedoelde u …': the catalogue itself has a misspelt `parkeervergunnimg` once, next to
 * eight documents about the `parkeervergunning` (five reports, three data sets).
 */

const search = (query: Record<string, string>, as: TestIdentity | null = null) =>
  searchAs(ctx, query, as)

const ctx = useTestContext()

beforeAll(async () => {
  const wijken = ['Binnenstad', 'Oost', 'West', 'Noord', 'Zuid', 'Overvecht', 'Vleuten', 'Zuilen']
  for (const [i, wijk] of wijken.entries()) {
    await createDocument(ctx.db, {
      title: `Parkeervergunning ${wijk}`,
      description: 'Vergunningen voor bewoners, ook in de binnenstad.',
      contentType: i < 5 ? 'Rapport' : 'Dataset',
    })
  }
  await createDocument(ctx.db, {
    title: 'Parkeervergunnimg aanvragen',
    description: 'Hoe u hem aanvraagt.',
    contentType: 'Dataset',
  })
  await createDocument(ctx.db, { title: 'Stadskaart', contentType: 'Kaart' })
  // A misspelling common enough to find more than a suggestion is offered for.
  for (let n = 1; n <= 12; n++) await createDocument(ctx.db, { title: `Verkeersbesluit ${n}` })
  for (let n = 1; n <= MAX_TOTAL_TO_SUGGEST + 1; n++) {
    const date = n === 1 ? '2020-06-01' : '2024-06-01'
    await createDocument(ctx.db, { title: `Verkeersbesluut ${n}`, date })
  }
})

describe("'Bedoelde u …'", () => {
  it('offers a close, more frequent spelling with what it finds', async () => {
    const answer = await search({ query: 'Parkeervergunnimg' })
    expect(answer.Total).toBe(1)
    expect(answer.Suggestion?.query).toBe('parkeervergunning')
    const followed = await search({ query: answer.Suggestion!.query })
    expect(answer.Suggestion!.total).toBe(followed.Total)
    expect(followed.Total).toBeGreaterThanOrEqual(8)
    // Following it is an ordinary search that finds plenty: no suggestion there.
    expect(followed).not.toHaveProperty('Suggestion')
  })

  it('replaces only the misspelt word and keeps the others', async () => {
    const answer = await search({ query: 'parkeervergunnimg binnenstad' })
    expect(answer.Total).toBe(0)
    expect(answer.Suggestion).toEqual({
      query: 'parkeervergunning binnenstad',
      total: (await search({ query: 'parkeervergunning binnenstad' })).Total,
    })
    expect(answer.Suggestion!.total).toBeGreaterThanOrEqual(8)
  })

  it('counts the suggestion with the same filters', async () => {
    const reports = await search({ query: 'parkeervergunnimg', categoryType: 'Rapport' })
    expect(reports.Total).toBe(0)
    expect(reports.Suggestion).toEqual({ query: 'parkeervergunning', total: 5 })

    // Among the data sets the right spelling finds too few to be worth offering.
    const datasets = await search({ query: 'parkeervergunnimg', categoryType: 'Dataset' })
    expect(datasets.Total).toBe(1)
    const followed = await search({ query: 'parkeervergunning', categoryType: 'Dataset' })
    expect(followed.Total).toBeLessThan(SUGGESTION_MIN_TOTAL)
    expect(datasets).not.toHaveProperty('Suggestion')
  })

  it('offers nothing for a query that finds enough, or for no query at all', async () => {
    expect(await search({ query: 'parkeervergunning' })).not.toHaveProperty('Suggestion')
    const misspelt = await search({ query: 'verkeersbesluut' })
    expect(misspelt.Total).toBe(MAX_TOTAL_TO_SUGGEST + 1)
    expect(misspelt).not.toHaveProperty('Suggestion')
    // One fewer, and it is offered: the limit kept it out, not the words.
    const fewer = await search({ query: 'verkeersbesluut', dateFrom: '2021-01-01' })
    expect(fewer.Total).toBe(MAX_TOTAL_TO_SUGGEST)
    expect(fewer.Suggestion).toEqual({ query: 'verkeersbesluit', total: 12 })
    const onlyFilters = await search({ categoryType: 'Kaart' })
    expect(onlyFilters.Total).toBe(1)
    expect(onlyFilters).not.toHaveProperty('Suggestion')
    expect(await search({ query: '  ' })).not.toHaveProperty('Suggestion')
  })

  it('shows what the typo correction also searched for', async () => {
    // No catalogue word starts with it: corrected, not suggested.
    const answer = await search({ query: 'parkeervergunnng' })
    expect(answer.Total).toBeGreaterThanOrEqual(8)
    expect(answer.Corrections).toEqual([
      { word: 'parkeervergunnng', alternatives: expect.arrayContaining(['parkeervergunning']) },
    ])
    expect(answer).not.toHaveProperty('Suggestion')
    expect(await search({ query: 'parkeervergunning' })).not.toHaveProperty('Corrections')
  })

  it('looks up at most four words of a query for typos; the others are searched as typed', async () => {
    const typos = ['parkeervergunnng', 'binnenstd', 'vergunnigen', 'bewonerrs', 'stadskart']
    for (const typo of typos) {
      const alone = await search({ query: typo })
      expect(alone.Corrections?.map((correction) => correction.word)).toEqual([typo])
    }
    const together = await search({ query: typos.join(' ') })
    expect(together.Corrections?.map((correction) => correction.word)).toEqual(typos.slice(0, 4))
  })

  it('never suggests a word that only unpublished documents contain, not even to their owner', async () => {
    await createDocument(ctx.db, { title: 'Havenmeestr jaarverslag' })
    const pending = await Promise.all(
      ['Noord', 'Oost', 'Zuid', 'West', 'Centrum', 'Haven'].map((part) =>
        createDocument(ctx.db, {
          title: `Havenmeester ${part}`,
          status: 'openstaand',
          owner: EMPLOYEE,
        }),
      ),
    )
    const probe = { query: 'havenmeestr' }
    expect((await search(probe, EMPLOYEE)).Total).toBe(1)
    expect(await search(probe, EMPLOYEE)).not.toHaveProperty('Suggestion')
    expect(await search(probe)).not.toHaveProperty('Suggestion')

    // Once they are published, the same probe is offered the word.
    await ctx.db.query(
      `update documents set status = 'goedgekeurd', published_at = now() where id = any($1::uuid[])`,
      [pending],
    )
    expect((await search(probe)).Suggestion).toEqual({ query: 'havenmeester', total: 6 })
  })

  it('logs the search once, not the suggestion', async () => {
    const logged = async () =>
      (await ctx.db.query<{ n: number }>('select count(*)::int as n from search_log'))[0]!.n
    const before = await logged()
    expect((await search({ query: 'parkeervergunnimg' })).Suggestion).toBeDefined()
    expect(await logged()).toBe(before + 1)
  })
})

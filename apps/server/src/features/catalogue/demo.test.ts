import {
  apiPaths,
  EU_LICENCE_LIST,
  NO_VALUE_BUCKET,
  type DocumentDetail,
  type SearchResponse,
} from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestContext } from '../../../test/app.ts'
import { seedDemoCatalogue } from './demo.ts'

const search = async (params: string) =>
  (await ctx.app.inject({ url: `/pubapi${apiPaths.search}?${params}` })).json<SearchResponse>()

const ctx = useTestContext()

beforeAll(async () => {
  expect(await seedDemoCatalogue(ctx.db, ctx.store)).toBe(true)
})

describe('demo catalogue', () => {
  it('loads the CBS records and the city documents once', async () => {
    const [row] = await ctx.db.query<{ cbs: number; demo: number }>(
      `select count(*) filter (where external_key like 'cbs-%')::int as cbs,
              count(*) filter (where external_key like 'demo:%')::int as demo from documents`,
    )
    expect(row).toEqual({ cbs: 1669, demo: expect.any(Number) })
    expect(row!.demo).toBeGreaterThanOrEqual(30)
    expect(await seedDemoCatalogue(ctx.db, ctx.store)).toBe(false)
  })

  it('gives every facet something to show', async () => {
    const { Aggregations: agg, Total } = await search('')
    expect(Total).toBeGreaterThan(1700)
    expect(agg.contentTypeName.map((bucket) => bucket.key).sort()).toEqual(
      [
        'Dashboard',
        'Dataset',
        'Beleidsdocument',
        'Kaart',
        'Overig',
        'Raadsinformatie',
        'Rapport',
      ].sort(),
    )
    expect(agg.sourceFriendlyName.length).toBeGreaterThanOrEqual(7)
    expect(agg.themes.length).toBeGreaterThanOrEqual(16)
    expect(agg.themes.at(-1)!.key).toBe(NO_VALUE_BUCKET.themes)
    expect(agg.date.length).toBeGreaterThan(5)
    expect(agg.wooCategory.map((bucket) => bucket.key).sort()).toEqual([
      '001',
      '002',
      '005',
      '008',
      '012',
      '015',
    ])
  })

  it('files the city’s Woo documents under their category, with the licence as its URI', async () => {
    const { Results } = await search('wooCategory=015')
    expect(Results.map((result) => result.title).sort()).toEqual([
      'Economische monitor Voorbeeldstad 2024',
      'Veiligheidsbeeld Voorbeeldstad 2023',
    ])
    const detail = (
      await ctx.app.inject({ url: `/pubapi${apiPaths.document(Results[0]!.contentUID)}` })
    ).json<DocumentDetail>()
    expect(detail).toMatchObject({
      wooCategory: '015',
      license: `${EU_LICENCE_LIST}CC_BY_4_0`,
    })
    const data = await search('query=bomenregister')
    const dataset = (
      await ctx.app.inject({ url: `/pubapi${apiPaths.document(data.Results[0]!.contentUID)}` })
    ).json<DocumentDetail>()
    expect(dataset).toMatchObject({ wooCategory: null, license: `${EU_LICENCE_LIST}CC0` })
  })

  it('finds the Dutch search cases in the real records', async () => {
    const asylum = await search('query=asielverzoek')
    expect(asylum.Results[0]!.title).toMatch(/^Asielverzoeken/)
    const bikes = await search('query=fiets')
    expect(bikes.Results.map((result) => result.title)).toContain(
      'Fietsenstallingen in de binnenstad',
    )
    const typo = await search('query=bevolkng')
    expect(typo.Total).toBeGreaterThan(10)
    expect(typo.Results[0]!.titleHighlight).toMatch(/<mark>/)
  })

  it('makes file text searchable for every kind of file', async () => {
    for (const [word, format] of [
      ['waterberging', 'PDF'],
      ['buurtbemiddeling', 'DOCX'],
      ['snippergroen', 'XLSX'],
      ['bladkorven', 'CSV'],
      ['fietstrommel', 'GeoJSON'],
    ] as const) {
      const { Results } = await search(`query=${word}`)
      expect(Results).toHaveLength(1)
      expect(Results[0]!.fileFormats).toContain(format)
      expect(Results[0]!.snippet).toContain(`<mark>`)
    }
  })

  it('serves the real files with their media type', async () => {
    const { Results } = await search('query=waterberging')
    const detail = (
      await ctx.app.inject({ url: `/pubapi${apiPaths.document(Results[0]!.contentUID)}` })
    ).json<DocumentDetail>()
    const file = detail.files[0]!
    const download = await ctx.app.inject({ url: `/pubapi${file.url}` })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('application/pdf')
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect(download.rawPayload.length).toBe(file.size)
  })

  it('keeps the CBS attribution', async () => {
    const { Results } = await search('query=asielverzoek')
    const detail = (
      await ctx.app.inject({ url: `/pubapi${apiPaths.document(Results[0]!.contentUID)}` })
    ).json<DocumentDetail>()
    expect(detail.description).toMatch(/Bron: CBS$/)
    expect(detail.license).toBe(`${EU_LICENCE_LIST}CC_BY_4_0`)
    expect(detail.wooCategory).toBeNull()
    expect(detail.sourceUrl).toMatch(/^https:\/\/opendata\.cbs\.nl\//)
  })
})

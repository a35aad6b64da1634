import { beforeAll, describe, expect, it } from 'vitest'
import { useTestContext } from '../../../test/app.ts'
import {
  EXPECTED_WARNINGS,
  parseJsonLd,
  parseRdfXml,
  parseTurtle,
  validateDcat,
} from '../../../test/rdf.ts'
import { seedDemoCatalogue } from '../catalogue/demo.ts'
import { CATALOGUE_PATH } from './graph.ts'
import { CATALOGUE_PAGE_SIZE } from './service.ts'
import { EU, NS } from './vocabulary.ts'

const PUBLIC_URL = 'https://data.voorbeeldstad.nl'
let published: string[]

const get = (query: string) => ctx.app.inject({ url: `${CATALOGUE_PATH}${query}` })

const objectsOf = (quads: ReturnType<typeof parseTurtle>, predicate: string) =>
  quads.filter((q) => q.predicate.value === predicate).map((q) => q.object.value)

const ctx = useTestContext({ env: { PUBLIC_URL } })

beforeAll(async () => {
  expect(await seedDemoCatalogue(ctx.db, ctx.store)).toBe(true)
  const rows = await ctx.db.query<{ id: string }>(
    `select d.id::text as id from documents d join content_types ct on ct.id = d.content_type_id
      where d.status = 'goedgekeurd' and d.deleted_at is null
        and lower(ct.name) in ('dataset', 'kaart', 'dashboard')`,
  )
  published = rows.map((row) => `${PUBLIC_URL}/documenten/${row.id}#dataset`)
  // Loading the whole demo catalogue: about 10 s here, more on a loaded CI machine.
}, 300_000)

describe('the demo catalogue', () => {
  it('walks every published dataset exactly once, page by page', async () => {
    const seen: string[] = []
    let next: string | undefined = `${CATALOGUE_PATH}?page=1`
    let pages = 0
    while (next) {
      const response = await ctx.app.inject({ url: next })
      expect(response.statusCode).toBe(200)
      const quads = parseTurtle(response.body)
      seen.push(...objectsOf(quads, `${NS.dcat}dataset`))
      expect(objectsOf(quads, `${NS.hydra}totalItems`)).toEqual([String(published.length)])
      const previous = objectsOf(quads, `${NS.hydra}previous`)
      expect(previous).toEqual(pages === 0 ? [] : [`${PUBLIC_URL}/catalogus?page=${pages}`])
      const link = objectsOf(quads, `${NS.hydra}next`)[0]
      next = link ? new URL(link).pathname + new URL(link).search : undefined
      pages++
    }
    expect(pages).toBe(Math.ceil(published.length / CATALOGUE_PAGE_SIZE))
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.sort()).toEqual(published.sort())
  })

  it('maps the demo themes to EU data themes', async () => {
    const quads = parseTurtle((await get('?page=1')).body)
    const themes = new Set(objectsOf(quads, `${NS.dcat}theme`))
    expect([...themes].some((theme) => theme !== EU.dataTheme('GOVE'))).toBe(true)
    const [unmapped] = await ctx.db.query<{ n: number }>(
      'select count(*)::int as n from themes where eu_theme is null',
    )
    expect(unmapped!.n).toBe(0)
  })

  it('conforms to the shapes with zero violations, first and last page, in every serialisation', async () => {
    const last = Math.ceil(published.length / CATALOGUE_PAGE_SIZE)
    for (const page of [1, last]) {
      for (const [format, parse] of [
        ['ttl', async (text: string) => parseTurtle(text)],
        ['jsonld', parseJsonLd],
        ['rdf', parseRdfXml],
      ] as const) {
        const response = await get(`?page=${page}&format=${format}`)
        const { violations, warnings } = await validateDcat(await parse(response.body))
        expect(violations, `${format} page ${page}`).toEqual([])
        for (const warning of warnings) {
          expect(warning).toMatch(EXPECTED_WARNINGS)
        }
      }
    }
  })
})

import fc from 'fast-check'
import type { Quad } from 'n3'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'
import {
  EXPECTED_WARNINGS,
  parseJsonLd,
  parseRdfXml,
  parseTurtle,
  tripleLines,
  validateDcat,
} from '../../../test/rdf.ts'
import { insertHarvestSource, markHarvested } from '../harvesting/testing.ts'
import { CATALOGUE_PATH } from './graph.ts'
import { NS } from './vocabulary.ts'

/**
 * A catalogue of generated awkward values: what ArcGIS services put in URLs, markup, quotes,
 * backslashes, line breaks and characters beyond ASCII in titles. They are written to the
 * tables as they are, as rows stored before the portal stored addresses as IRIs; every
 * serialisation must still parse, and say the same.
 */

const SEED = 30
const DOCUMENTS = 12

const TEXT_PIECES = ['"', "'", '\\', '\n', '\r\n', '\t', '<', '>', '&', ']]>', '"""', '{', '}']
const MORE_TEXT = ['|', '^', '`', ' ', 'é', 'ß', '中文', '😀', '\u202E', '\u2028', '#', '%', 'a']
const URL_PIECES = ['{', '}', '|', '^', '`', '\\', ' ', '"', '<', '>', "'", '[', ']', '#']
const MORE_URL = ['%', '%zz', '%7B', 'é', '😀', 'a', 'b', '=', '&', '$', '~']

const text = fc
  .array(fc.constantFrom(...TEXT_PIECES, ...MORE_TEXT), { minLength: 1, maxLength: 12 })
  .map((pieces) => pieces.join(''))
const urlPart = fc
  .array(fc.constantFrom(...URL_PIECES, ...MORE_URL), { minLength: 1, maxLength: 10 })
  .map((pieces) => pieces.join(''))
const url = fc
  .tuple(urlPart, urlPart, urlPart)
  .map(
    ([path, query, fragment]) => `https://gis.example.org/${path}/MapServer?${query}#${fragment}`,
  )

interface Awkward {
  title: string
  description: string
  sourceUrl: string
  links: Array<{ title: string; url: string }>
}

const awkward = fc.record({
  title: text.map((t) => `Titel ${t}`),
  description: text.map((t) => `Over ${t} einde`),
  sourceUrl: url,
  links: fc.array(fc.record({ title: text.map((t) => `Laag ${t}`), url }), {
    minLength: 1,
    maxLength: 2,
  }),
})

let ctx: TestContext
const generated: Awkward[] = fc.sample(awkward, { seed: SEED, numRuns: DOCUMENTS })
const LICENCE = 'https://example.org/licentie/{CC}?v=1|2'
const MEDIA_TYPE = 'application/x^kaart'

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL: 'https://data.voorbeeldstad.nl' } })
  const source = await insertHarvestSource(ctx.db, { name: 'GIS-portaal', publish: true })
  for (const [n, value] of generated.entries()) {
    const id = await createDocument(ctx.db, {
      title: value.title,
      description: value.description,
      license: n === 0 ? LICENCE : undefined,
    })
    await ctx.db.query('update documents set source_url = $2 where id = $1', [id, value.sourceUrl])
    await markHarvested(
      ctx.db,
      id,
      source,
      value.links.map((link) => ({ ...link, mediaType: MEDIA_TYPE })),
    )
  }
})
afterAll(() => ctx?.close())

const body = async (format: string) => {
  const response = await ctx.app.inject({ url: `${CATALOGUE_PATH}?format=${format}` })
  expect(response.statusCode).toBe(200)
  return response.body
}

/**
 * What an IRI of this catalogue may not hold (RFC 3987; they are all ASCII here): any other
 * character than these, and a `%` that starts no escape.
 */
const NOT_IN_IRI = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?#%[\]]|%(?![0-9A-Fa-f]{2})/

/**
 * What an address means, independent of how it is escaped: the URL parser's form of it,
 * with every escape decoded to its byte. `{` and `%7B` mean the same; `%zz` is no escape.
 */
const meaning = (address: string) =>
  new URL(address).href.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  )

const objectsOf = (quads: readonly Quad[], predicate: string) =>
  quads.filter((quad) => quad.predicate.value === `${predicate}`).map((quad) => quad.object.value)

it('parses in every serialisation, to one graph that holds every awkward value', async () => {
  const turtle = parseTurtle(await body('ttl'))
  const jsonLd = await parseJsonLd(JSON.stringify(JSON.parse(await body('jsonld'))))
  const rdfXml = await parseRdfXml(await body('rdf'))
  expect(tripleLines(jsonLd)).toEqual(tripleLines(turtle))
  expect(tripleLines(rdfXml)).toEqual(tripleLines(turtle))

  const titles = objectsOf(turtle, `${NS.dct}title`)
  const descriptions = objectsOf(turtle, `${NS.dct}description`)
  for (const value of generated) {
    expect(titles).toContain(value.title)
    expect(descriptions).toContain(value.description)
    for (const link of value.links) expect(titles).toContain(link.title)
  }

  const iris = turtle.flatMap((quad) =>
    [quad.subject, quad.object].filter((term) => term.termType === 'NamedNode'),
  )
  expect(iris.map((iri) => iri.value).filter((iri) => NOT_IN_IRI.test(iri))).toEqual([])
  const meanings = (predicate: string) => objectsOf(turtle, predicate).map(meaning)
  const pages = meanings(`${NS.foaf}page`)
  const links = meanings(`${NS.dcat}downloadURL`)
  for (const value of generated) {
    expect(pages).toContain(meaning(value.sourceUrl))
    for (const link of value.links) expect(links).toContain(meaning(link.url))
  }
  expect(objectsOf(turtle, `${NS.dct}license`)).toContain(
    'https://example.org/licentie/%7BCC%7D?v=1%7C2',
  )
  expect(objectsOf(turtle, `${NS.dcat}mediaType`)).toContain(
    'https://www.iana.org/assignments/media-types/application/x%5Ekaart',
  )
})

it('conforms to the DCAT-AP-NL shapes with them', async () => {
  const { violations, warnings } = await validateDcat(parseTurtle(await body('ttl')))
  expect(violations).toEqual([])
  for (const warning of warnings) expect(warning).toMatch(EXPECTED_WARNINGS)
})

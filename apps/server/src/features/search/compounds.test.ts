import { beforeAll, describe, expect, it } from 'vitest'
import { useTestContext, EMPLOYEE, searchAs } from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'
import { indexUnsplitDocuments } from '../documents/index.ts'

/** Dutch compounds are found by their parts, head and tail (docs/search.md, "Compounds"). */

const ctx = useTestContext()

beforeAll(async () => {
  await createDocument(ctx.db, {
    title: 'Overheidsfinanciën; kerncijfers',
    description: 'Inkomsten en uitgaven van het Rijk en de decentrale overheden.',
    date: '2020-01-01',
  })
  await createDocument(ctx.db, {
    title: 'Bromfietsen in het verkeer',
    description: 'Aantal geregistreerde voertuigen per type.',
  })
  await createDocument(ctx.db, {
    title: 'Afvalinzameling per wijk',
    description: 'Kilo’s restafval, papier en glas.',
  })
  await createDocument(ctx.db, {
    title: 'Financiën van de stad',
    description: 'Meerjarenraming.',
    date: '2020-01-01',
  })
  await createDocument(ctx.db, {
    title: 'Jaarrekening',
    description: 'Verantwoording van de financiën over het afgelopen jaar.',
    date: '2020-01-01',
  })
  await createDocument(ctx.db, {
    title: 'Gemeentebegrotingen <b>vergeleken</b>',
    description: 'Per gemeente.',
  })
})

const publicSearch = (query: string) => searchAs(ctx, { query })

const titles = async (query: string) =>
  (await publicSearch(query)).Results.map((result) => result.title)

const vocabulary = async (words: string[]) =>
  (
    await ctx.db.query<{ word: string }>(
      'select word from search_words where word = any($1::text[]) order by word',
      [words],
    )
  ).map((row) => row.word)

const vectorMatches = async (word: string) =>
  (
    await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from documents where search_vector @@ to_tsquery('dutch', $1)`,
      [word],
    )
  )[0]!.n

describe('compound words', () => {
  it('finds a compound by its tail, with the linking s dropped', async () => {
    expect(await titles('financien overheid')).toEqual(['Overheidsfinanciën; kerncijfers'])
    expect(await titles('cijfers')).toEqual(['Overheidsfinanciën; kerncijfers'])
  })

  it('finds a compound by its head', async () => {
    expect(await titles('overheid')).toEqual(['Overheidsfinanciën; kerncijfers'])
    expect(await titles('afval')).toContain('Afvalinzameling per wijk')
  })

  it('finds an inflected compound by either part', async () => {
    expect(await titles('fiets')).toEqual(['Bromfietsen in het verkeer'])
    expect(await titles('fietsen')).toEqual(['Bromfietsen in het verkeer'])
    expect(await titles('inzameling')).toEqual(['Afvalinzameling per wijk'])
  })

  it('ranks a whole word in the title above a compound part, and that above the description', async () => {
    expect(await titles('financien')).toEqual([
      'Financiën van de stad',
      'Overheidsfinanciën; kerncijfers',
      'Jaarrekening',
    ])
  })

  it('marks the matched part inside the compound, escaping the rest', async () => {
    const [tail] = (await publicSearch('financien')).Results.filter((result) =>
      result.title.startsWith('Overheids'),
    )
    expect(tail?.titleHighlight).toBe('Overheids<mark>financiën</mark>; kerncijfers')
    const [begroting] = (await publicSearch('begrotingen')).Results
    expect(begroting?.titleHighlight).toBe(
      'Gemeente<mark>begrotingen</mark> &lt;b&gt;vergeleken&lt;/b&gt;',
    )
  })

  it('counts the parts in the typo vocabulary, so a tail is not taken for a typo', async () => {
    // `begrotingen` stands in no document as a word of its own.
    expect(await vocabulary(['begrotingen', 'gemeentebegrotingen'])).toEqual([
      'begrotingen',
      'gemeentebegrotingen',
    ])
  })
})

describe('parts of unpublished documents', () => {
  it('stay out of the vocabulary until the document is published', async () => {
    const id = await createDocument(ctx.db, {
      title: 'Dijkversterking langs de rivier',
      status: 'openstaand',
      owner: EMPLOYEE,
    })
    expect(await vocabulary(['dijk', 'versterking', 'dijkversterking'])).toEqual([])
    expect(await titles('versterking')).toEqual([])

    await ctx.db.query(
      `update documents set status = 'goedgekeurd', published_at = now() where id = $1`,
      [id],
    )
    expect(await vocabulary(['dijk', 'versterking', 'dijkversterking'])).toEqual([
      'dijk',
      'dijkversterking',
      'versterking',
    ])
    expect(await titles('versterking')).toEqual(['Dijkversterking langs de rivier'])
  })
})

describe('a database indexed before decompounding', () => {
  it('gets the parts of its documents at start-up', async () => {
    await createDocument(ctx.db, { title: 'Zwerfafvalopruiming in parken' })
    // As migration 0014 leaves an older document: no parts, a vector without them.
    await ctx.db.query(
      `update documents set title_parts = null, text_parts = null,
              search_vector = setweight(to_tsvector('dutch', portal_unaccent(title)), 'A')
        where title = 'Zwerfafvalopruiming in parken'`,
    )
    expect(await vectorMatches('opruiming')).toBe(0)
    expect(await vocabulary(['opruiming'])).toEqual([])

    expect(await indexUnsplitDocuments(ctx.db)).toBe(1)
    expect(await vectorMatches('opruiming')).toBe(1)
    expect(await titles('opruiming')).toEqual(['Zwerfafvalopruiming in parken'])
    expect(await vocabulary(['opruiming'])).toEqual(['opruiming'])
    expect(await indexUnsplitDocuments(ctx.db)).toBe(0)
  })
})

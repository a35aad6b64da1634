import { API_PREFIX, apiPaths, FEED_LIMITS } from '@dataportaal/contract'
import { SaxesParser } from 'saxes'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestContext, EMPLOYEE } from '../../../test/app.ts'
import { createDocument, type DocumentSpec } from '../../../test/factories.ts'
import { ATOM_NAMESPACE } from './atom.ts'

const PUBLIC_URL = 'https://data.voorbeeldstad.nl'
const PORTAL_NAME = 'Dataportaal <Voorbeeldstad> & Co'
const FEED_URL = `${PUBLIC_URL}${API_PREFIX.public}${apiPaths.documentsFeed}`

const ids: Record<string, string> = {}

interface ParsedEntry {
  id: string
  title: string
  published: string
  updated: string
  link: string
  summary: string | undefined
  categories: string[]
  author: string
}

interface ParsedFeed {
  id: string
  title: string
  updated: string
  links: Record<string, string>
  author: string
  entries: ParsedEntry[]
}

/**
 * Parses the answer as XML with namespaces (saxes throws on anything not well-formed) and
 * reads the Atom elements it needs; an element outside the Atom namespace fails the test.
 */
function parseAtom(xml: string): ParsedFeed {
  const parser = new SaxesParser({ xmlns: true })
  const feed: ParsedFeed = { id: '', title: '', updated: '', links: {}, author: '', entries: [] }
  const path: string[] = []
  let entry: ParsedEntry | null = null
  let text = ''
  parser.on('opentag', (tag) => {
    expect(tag.uri, `<${tag.name}>`).toBe(ATOM_NAMESPACE)
    path.push(tag.local)
    text = ''
    const attribute = (name: string) => tag.attributes[name]?.value ?? ''
    if (tag.local === 'entry') {
      entry = {
        id: '',
        title: '',
        published: '',
        updated: '',
        link: '',
        summary: undefined,
        categories: [],
        author: '',
      }
    } else if (tag.local === 'link' && entry) entry.link = attribute('href')
    else if (tag.local === 'link') feed.links[attribute('rel')] = attribute('href')
    else if (tag.local === 'category' && entry) entry.categories.push(attribute('term'))
  })
  parser.on('text', (chunk) => {
    text += chunk
  })
  parser.on('closetag', (tag) => {
    const parent = path.at(-2)
    path.pop()
    if (tag.local === 'entry' && entry) {
      feed.entries.push(entry)
      entry = null
      return
    }
    const field = tag.local === 'name' && parent === 'author' ? 'author' : tag.local
    if (field === 'summary' && entry) entry.summary = text
    else if (['id', 'title', 'published', 'updated', 'author'].includes(field)) {
      Object.assign(entry ?? feed, { [field]: text })
    }
  })
  parser.write(xml).close()
  return feed
}

async function getFeed(query = '') {
  const response = await ctx.app.inject({
    url: `${API_PREFIX.public}${apiPaths.documentsFeed}${query}`,
  })
  return { response, feed: response.statusCode === 200 ? parseAtom(response.body) : null }
}

const titles = (feed: ParsedFeed | null) => feed?.entries.map((entry) => entry.title)

/** Creates a document published `daysAgo` days ago (when approved). */
async function documentPublished(daysAgo: number, spec: DocumentSpec) {
  const id = await createDocument(ctx.db, spec)
  await ctx.db.query(
    `update documents set published_at = now() - make_interval(days => $2),
                          modified_at = now() - make_interval(days => $2)
      where id = $1 and published_at is not null`,
    [id, daysAgo],
  )
  return id
}

const ctx = useTestContext({ env: { PUBLIC_URL, PORTAL_NAME } })

beforeAll(async () => {
  ids.housing = await documentPublished(3, {
    title: 'Woningbouwplannen 2025',
    description: '  Geplande woningen per wijk.  ',
    themes: ['Wonen'],
  })
  ids.escaped = await documentPublished(1, {
    title: 'Fietstellingen <script>alert("x")</script> & \'meer\'',
    description: 'Tellingen <b>per</b> dag & per "route".',
    contentType: 'Kaart',
    source: 'Verkeer en Openbare Ruimte',
    themes: ['Fiets', 'Verkeer'],
  })
  ids.rents = await documentPublished(2, {
    title: 'Huurprijzen per wijk',
    description: 'Gemiddelde huur per wijk.',
    contentType: 'Rapport',
    source: 'Wonen en Ruimte',
    themes: ['Wonen'],
    wooCategory: '015',
  })
  await documentPublished(0, {
    title: 'Concept woonvisie',
    themes: ['Wonen'],
    status: 'openstaand',
    owner: EMPLOYEE,
  })
  await documentPublished(0, {
    title: 'Afgekeurd woonplan',
    themes: ['Wonen'],
    status: 'afgekeurd',
    owner: EMPLOYEE,
  })
  await documentPublished(0, { title: 'Verwijderd woonplan', themes: ['Wonen'], deleted: true })
})

describe('the feed of the whole catalogue', () => {
  it('is well-formed Atom with the published documents, newest published first', async () => {
    const { response, feed } = await getFeed()
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8')
    expect(response.body.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true)
    expect(titles(feed)).toEqual([
      'Fietstellingen <script>alert("x")</script> & \'meer\'',
      'Huurprijzen per wijk',
      'Woningbouwplannen 2025',
    ])
    expect(feed!.title).toBe(`Nieuwe documenten – ${PORTAL_NAME}`)
    expect(feed!.id).toBe(FEED_URL)
    expect(feed!.links).toEqual({ self: FEED_URL, alternate: `${PUBLIC_URL}/zoeken` })
    expect(feed!.author).toBe(PORTAL_NAME)
    expect(feed!.updated).toBe(feed!.entries[0]!.updated)
  })

  it('describes each document: id, link, dates, summary, themes and source', async () => {
    const { feed } = await getFeed()
    const [published] = await ctx.db.query<{ published_at: Date }>(
      'select published_at from documents where id = $1',
      [ids.rents],
    )
    expect(feed!.entries[1]).toEqual({
      id: `urn:uuid:${ids.rents}`,
      title: 'Huurprijzen per wijk',
      published: published!.published_at.toISOString(),
      updated: published!.published_at.toISOString(),
      link: `${PUBLIC_URL}/documenten/${ids.rents}`,
      summary: 'Gemiddelde huur per wijk.',
      categories: ['Wonen'],
      author: 'Wonen en Ruimte',
    })
    expect(feed!.entries[2]!.summary).toBe('Geplande woningen per wijk.')
  })

  it('escapes markup in titles, summaries and the portal name', async () => {
    const { response, feed } = await getFeed()
    expect(response.body).toContain(
      '<title type="text">Fietstellingen &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;meer&apos;</title>',
    )
    expect(response.body).not.toContain('<script>')
    expect(response.body).not.toContain('<b>')
    expect(feed!.entries[0]!.summary).toBe('Tellingen <b>per</b> dag & per "route".')
    expect(feed!.entries[0]!.categories).toEqual(['Fiets', 'Verkeer'])
  })

  it('leaves out characters XML cannot carry, which imported text may hold', async () => {
    const id = await documentPublished(5, {
      title: 'Oud\u0001 bestand\uFFFE',
      description: 'a\u0008b',
    })
    try {
      const { feed } = await getFeed()
      const entry = feed!.entries.find((e) => e.id === `urn:uuid:${id}`)
      expect(entry).toMatchObject({ title: 'Oud bestand', summary: 'ab' })
    } finally {
      await ctx.db.query('update documents set deleted_at = now() where id = $1', [id])
    }
  })

  it('cuts a long description at a word', async () => {
    const words = Array.from({ length: 300 }, (_, index) => `woord${index}`).join(' ')
    const id = await documentPublished(6, { title: 'Lange beschrijving', description: words })
    try {
      const { feed } = await getFeed()
      const summary = feed!.entries.find((e) => e.id === `urn:uuid:${id}`)!.summary!
      expect(summary.length).toBeLessThanOrEqual(1_000 + 2)
      expect(summary).toMatch(/^woord0 woord1 .* woord\d+ …$/)
      expect(words.startsWith(summary.slice(0, -2))).toBe(true)
    } finally {
      await ctx.db.query('update documents set deleted_at = now() where id = $1', [id])
    }
  })

  it(`holds at most ${FEED_LIMITS.maxEntries} documents, and feed reads are not logged as searches`, async () => {
    const logged = async () =>
      (await ctx.db.query<{ n: number }>('select count(*)::int as n from search_log'))[0]!.n
    const before = await logged()
    // Published 10, 11, ... days ago: older than the three above.
    for (let index = 0; index < FEED_LIMITS.maxEntries; index++) {
      await documentPublished(10 + index, { title: `Oude meting ${index}` })
    }
    try {
      const { feed } = await getFeed()
      expect(feed!.entries).toHaveLength(FEED_LIMITS.maxEntries)
      expect(titles(feed)!.slice(0, 4)).toEqual([
        expect.stringContaining('Fietstellingen'),
        'Huurprijzen per wijk',
        'Woningbouwplannen 2025',
        'Oude meting 0',
      ])
      expect(titles(feed)!.at(-1)).toBe(`Oude meting ${FEED_LIMITS.maxEntries - 4}`)
      expect(await logged()).toBe(before)
    } finally {
      await ctx.db.query(`update documents set deleted_at = now() where title like 'Oude meting %'`)
    }
  })
})

describe('the feed of a theme or a search', () => {
  it('follows one theme, with a title that says which', async () => {
    const { feed } = await getFeed('?tags=Wonen')
    expect(titles(feed)).toEqual(['Huurprijzen per wijk', 'Woningbouwplannen 2025'])
    expect(feed!.title).toBe(`Nieuwe documenten over Wonen – ${PORTAL_NAME}`)
    expect(feed!.links).toEqual({
      self: `${FEED_URL}?tags=Wonen`,
      alternate: `${PUBLIC_URL}/zoeken?tags=Wonen`,
    })
  })

  it('follows the search text and filters as the search does', async () => {
    expect(titles((await getFeed('?query=huurprijs')).feed)).toEqual(['Huurprijzen per wijk'])
    expect(titles((await getFeed('?query=wijk&categoryType=Rapport')).feed)).toEqual([
      'Huurprijzen per wijk',
    ])
    expect(titles((await getFeed('?source=Verkeer%20en%20Openbare%20Ruimte')).feed)).toEqual([
      'Fietstellingen <script>alert("x")</script> & \'meer\'',
    ])
    expect(titles((await getFeed('?tags=Fiets&tags=Wonen&query=wijk')).feed)).toEqual([
      'Huurprijzen per wijk',
      'Woningbouwplannen 2025',
    ])
    expect(titles((await getFeed('?query=woonvisie')).feed)).toEqual([])
  })

  it('names the search in its title and links, in one order whatever the request', async () => {
    const { feed } = await getFeed('?tags=Wonen&query=%20wijk%20&categoryType=Rapport')
    expect(feed!.title).toBe(
      `Nieuwe documenten bij de zoekopdracht ‘wijk’, thema Wonen, soort Rapport – ${PORTAL_NAME}`,
    )
    const params = 'query=wijk&categoryType=Rapport&tags=Wonen'
    expect(feed!.links).toEqual({
      self: `${FEED_URL}?${params}`,
      alternate: `${PUBLIC_URL}/zoeken?${params}`,
    })
    expect(feed!.id).toBe(`${FEED_URL}?${params}`)
  })

  it('follows Woo information categories, named in its title and links', async () => {
    const { feed } = await getFeed('?wooCategory=015')
    expect(titles(feed)).toEqual(['Huurprijzen per wijk'])
    expect(feed!.title).toBe(
      `Nieuwe documenten bij de zoekopdracht Woo-informatiecategorie onderzoeksrapporten – ${PORTAL_NAME}`,
    )
    expect(feed!.links).toEqual({
      self: `${FEED_URL}?wooCategory=015`,
      alternate: `${PUBLIC_URL}/zoeken?wooCategory=015`,
    })
    expect(titles((await getFeed('?wooCategory=012&wooCategory=018')).feed)).toEqual([])
  })

  it('says so when it follows the documents without a theme', async () => {
    const { feed } = await getFeed('?tags=Geen%20thema')
    expect(feed!.title).toBe(`Nieuwe documenten zonder thema – ${PORTAL_NAME}`)
    expect(titles(feed)).toEqual([])
  })

  it('is a valid empty feed when nothing matches', async () => {
    const { response, feed } = await getFeed('?query=%21%21%21')
    expect(response.statusCode).toBe(200)
    expect(feed!.entries).toEqual([])
    expect(feed!.author).toBe(PORTAL_NAME)
    expect(Number.isNaN(Date.parse(feed!.updated))).toBe(false)
  })
})

describe('a feed request the search would refuse', () => {
  it.each([
    ['a rating out of range', '?minRating=9'],
    ['a date that is none', '?dateFrom=2024-13-40'],
    ['labels, which are internal', '?labels=Intern'],
    ['paging, which a feed has not', '?offset=2'],
    ['an order, which a feed has its own of', '?sort=rating'],
    ['an unknown parameter', '?format=rss'],
    ['a control character', '?query=fiets%00'],
    ['too many themes', `?${Array.from({ length: 21 }, (_, i) => `tags=t${i}`).join('&')}`],
  ])('answers 422 problem details for %s', async (_case, query) => {
    const { response } = await getFeed(query)
    expect(response.statusCode).toBe(422)
    expect(response.headers['content-type']).toContain('application/problem+json')
  })
})

describe('the OpenAPI document', () => {
  it('describes the feed as an Atom answer with its parameters', async () => {
    const spec = (await ctx.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, { get?: { parameters?: Array<{ name: string }>; responses: object } }>
    }>()
    const operation = spec.paths[`${API_PREFIX.public}${apiPaths.documentsFeed}`]?.get
    expect(operation?.responses).toMatchObject({
      200: { content: { 'application/atom+xml': { schema: { type: 'string' } } } },
    })
    expect(operation?.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['query', 'tags', 'categoryType', 'source']),
    )
  })
})

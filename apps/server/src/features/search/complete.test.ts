import { API_PREFIX, apiPaths } from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, useTestContext, EMPLOYEE } from '../../../test/app.ts'
import { createDocument, type DocumentSpec } from '../../../test/factories.ts'
import type { Queryable, Row } from '../../db/client.ts'
import { ensureNamed } from '../vocabulary/service.ts'
import { catalogueVersion } from './cache.ts'
import { suggest } from './complete.ts'
import { FollowedIndex } from './memory/followed-index.ts'

/**
 * The search bar's suggestions answered from the titles in memory must be the answer the
 * SQL gives (the reference, and what answers while the index catches up): the same
 * suggestions in the same order, before and after titles change, and with one statement
 * (the themes and the catalogue version) instead of the titles' two.
 */
let index: FollowedIndex
/** Statements of the in-memory side. */
const statements: string[] = []
let recording: Queryable
const ids = new Map<string, string>()

const CATALOGUE: DocumentSpec[] = [
  { title: 'Parkeergarages en tarieven' },
  { title: 'Parkeren in de binnenstad' },
  { title: 'Parkeervergunningen Oost' },
  { title: 'Parken en groen' },
  { title: 'Vergunningen voor parkeren' },
  { title: 'Tarieven parkeergarages 2024' },
  { title: 'Regels voor parkeren in wijken' },
  { title: 'Fietsparkeren in de stad' },
  { title: 'Afvalinzameling per wijk' },
  { title: 'Afvalinzameling per wijk' },
  { title: 'Ondergrondse afvalcontainers' },
  { title: 'Énergielabels van woningen' },
  { title: 'Energieverbruik per buurt' },
  { title: 'Zonne-energie op daken' },
  { title: 'Financiële jaarverslagen' },
  { title: 'Begroting en financiële verantwoording' },
  { title: 'Verkeer' },
  { title: 'Verkeersveiligheid rond scholen' },
  // Word starts as PostgreSQL's regex sees them: after `-` and `²`, not after `_` or `µ`.
  { title: 'Hinder van vliegverkeer' },
  { title: 'Geluid_hinder in kaart' },
  { title: 'Overlast-hinder' },
  { title: 'Stank²hinder' },
  { title: 'Meetpunt µhinder' },
  ...Array.from({ length: 9 }, (_, i) => ({ title: `Wijkkaart ${9 - i}` })),
  { title: 'Parkeerbeleid concept', status: 'openstaand' },
  { title: 'Energietransitie concept', status: 'openstaand' },
  { title: 'Afvalstoffenheffing', status: 'afgekeurd' },
  { title: 'Parkeerautomaten', deleted: true },
]

const ctx = useTestContext({
  searchIndex: (db) =>
    (index = new FollowedIndex(db, (error) => {
      throw error
    })),
})

beforeAll(async () => {
  for (const theme of ['Verkeer', 'Energie', 'Afval']) await ensureNamed(ctx.db, 'themes', theme)
  for (const spec of CATALOGUE) ids.set(spec.title, await createDocument(ctx.db, spec))
  // More copies of one title than the SQL reads rows of a tier (24).
  await ctx.db.query(
    `insert into documents (title, content_type_id, source_id, status, published_at)
     select 'Kermis', content_type_id, source_id, 'goedgekeurd', now()
       from documents, generate_series(1, 25) limit 25`,
  )
  await createDocument(ctx.db, { title: 'Kermisattracties' })
  recording = {
    ...ctx.db,
    query: <T extends Row>(sql: string, params?: readonly unknown[]) => {
      statements.push(sql)
      return ctx.db.query<T>(sql, params)
    },
  }
}, 60_000)

/** Both answers, the index brought up to date first; also the statements memory ran. */
async function bothAnswers(text: string) {
  await index.ready()
  statements.length = 0
  const fromMemory = await suggest(recording, text, index)
  const ran = [...statements]
  const fromSql = await suggest(ctx.db, text, null)
  return { fromMemory, fromSql, ran }
}

async function expectSameSuggestions(texts: string[]) {
  for (const text of texts) {
    const { fromMemory, fromSql, ran } = await bothAnswers(text)
    expect({ text, suggestions: fromMemory }).toEqual({ text, suggestions: fromSql })
    // Titles from memory: only the statement of the themes and the version ran.
    expect(ran).toHaveLength(1)
    expect(ran[0]).toContain('from search_state')
  }
}

const TEXTS = [
  'park',
  'Park',
  'pa',
  'parkeren in',
  'parkeerg',
  'Énergie',
  'en',
  'financië',
  'hinder',
  'verk',
  'afv',
  'kaart',
  'wijk',
  'wijkk',
  'zzz',
]

/** What the index answers, after catching up. */
async function fromMemory(text: string) {
  await index.ready()
  return suggest(ctx.db, text, index)
}

describe('suggestions from the titles in memory', () => {
  it('equal the SQL answer: prefixes, later words, duplicates, accents, the unpublished', async () => {
    await expectSameSuggestions(TEXTS)
    // The rules, spelled out, so both cannot go wrong together.
    expect(await fromMemory('park')).toEqual([
      'Parkeergarages en tarieven',
      'Parkeervergunningen Oost',
      'Parken en groen',
      'Parkeren in de binnenstad',
      'Vergunningen voor parkeren',
      'Tarieven parkeergarages 2024',
      'Regels voor parkeren in wijken',
    ])
    expect(await fromMemory('parkeren in')).toEqual([
      'Parkeren in de binnenstad',
      'Regels voor parkeren in wijken',
    ])
    expect(await fromMemory('Énergie')).toEqual([
      'Energie',
      'Énergielabels van woningen',
      'Energieverbruik per buurt',
      'Zonne-energie op daken',
    ])
    expect(await fromMemory('financië')).toEqual([
      'Financiële jaarverslagen',
      'Begroting en financiële verantwoording',
    ])
    expect(await fromMemory('hinder')).toEqual([
      'Hinder van vliegverkeer',
      'Stank²hinder',
      'Overlast-hinder',
    ])
    expect(await fromMemory('verk')).toEqual(['Verkeer', 'Verkeersveiligheid rond scholen'])
    expect(await fromMemory('afv')).toEqual([
      'Afval',
      'Afvalinzameling per wijk',
      'Ondergrondse afvalcontainers',
    ])
    expect(await fromMemory('wijk')).toEqual(
      Array.from({ length: 8 }, (_, i) => `Wijkkaart ${i + 1}`),
    )
  })

  it('follow changed, removed, unpublished and published titles', async () => {
    await fromMemory('park')
    // Only the title: the search vector stays as it was, yet the entry must follow.
    await ctx.db.query(`update documents set title = 'Parkeergarages en Tarieven' where id = $1`, [
      ids.get('Parkeergarages en tarieven'),
    ])
    await ctx.db.query(`update documents set title = 'Warmteverbruik per buurt' where id = $1`, [
      ids.get('Energieverbruik per buurt'),
    ])
    await ctx.db.query('update documents set deleted_at = now() where id = $1', [
      ids.get('Parkeren in de binnenstad'),
    ])
    await ctx.db.query(`update documents set status = 'openstaand' where id = $1`, [
      ids.get('Zonne-energie op daken'),
    ])
    await ctx.db.query(
      `update documents set status = 'goedgekeurd', published_at = now() where id = $1`,
      [ids.get('Parkeerbeleid concept')],
    )
    await createDocument(ctx.db, { title: 'Parkeerautomaten Noord' })
    await expectSameSuggestions([...TEXTS, 'warmte'])
    expect(await fromMemory('park')).toEqual([
      'Parkeerautomaten Noord',
      'Parkeerbeleid concept',
      'Parkeergarages en Tarieven',
      'Parkeervergunningen Oost',
      'Parken en groen',
      'Vergunningen voor parkeren',
      'Tarieven parkeergarages 2024',
      'Regels voor parkeren in wijken',
    ])
    expect(await fromMemory('energie')).toEqual(['Energie', 'Énergielabels van woningen'])
    expect(await fromMemory('warmte')).toEqual(['Warmteverbruik per buurt'])
    expect(await fromMemory('parkeren in')).toEqual(['Regels voor parkeren in wijken'])
  })

  it('order titles the SQL leaves in any order: equal normalized forms, equal lengths', async () => {
    for (const title of ['Éénrichtingsverkeer', 'Eenrichtingsverkeer', 'Water op de kaart']) {
      await createDocument(ctx.db, { title })
    }
    await createDocument(ctx.db, { title: 'Bomen op de kaart' })
    expect(await fromMemory('eenr')).toEqual(['Eenrichtingsverkeer', 'Éénrichtingsverkeer'])
    expect(await fromMemory('kaart')).toEqual([
      'Bomen op de kaart',
      'Water op de kaart',
      'Geluid_hinder in kaart',
    ])
    // The same titles as the SQL's, which only sorts by length.
    const { fromMemory: kaart, fromSql } = await bothAnswers('kaart')
    expect([...kaart].sort()).toEqual([...fromSql].sort())
  })

  it('see past a title repeated more often than the SQL reads rows', async () => {
    expect(await fromMemory('ke')).toEqual(['Kermis', 'Kermisattracties'])
    // The SQL reads 24 rows of 'Kermis' and stops there.
    expect(await suggest(ctx.db, 'ke', null)).toEqual(['Kermis'])
  })
})

describe('suggestions through the API', () => {
  const complete = async (text: string) => {
    const { status, body } = await ctx.call<string[]>('GET', apiPaths.complete(text), null, {
      prefix: API_PREFIX.public,
    })
    expect(status).toBe(200)
    return body
  }

  it('suggest a title once published and no longer once deleted', async () => {
    const id = await createDocument(ctx.db, {
      title: 'Kademuren en bruggen',
      status: 'openstaand',
      owner: EMPLOYEE,
    })
    await index.ready()
    expect(await complete('kadem')).toEqual([])
    expect((await ctx.call('GET', apiPaths.approve(id), ADMIN)).status).toBe(200)
    // At once, while the index catches up (the database answers)...
    expect(await complete('kadem')).toEqual(['Kademuren en bruggen'])
    // ...and from the index once it holds the catalogue's version.
    await index.ready()
    expect(index.at(await catalogueVersion(ctx.db))).not.toBeNull()
    expect(await complete('kadem')).toEqual(['Kademuren en bruggen'])
    // What only the index answers: the route asks it.
    expect(await complete('ke')).toEqual(['Kermis', 'Kermisattracties'])

    expect((await ctx.call('DELETE', apiPaths.deleteUpload(id), ADMIN)).status).toBe(204)
    expect(await complete('kadem')).toEqual([])
    await index.ready()
    expect(await complete('kadem')).toEqual([])
  })
})

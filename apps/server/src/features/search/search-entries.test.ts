import { apiPaths, type SearchResponse } from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, useTestContext, EMPLOYEE, searchAs } from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'
import { buildApp } from '../../app.ts'
import { loadConfig } from '../../config.ts'
import type { Db, Row } from '../../db/client.ts'
import { refreshSearchIndex } from '../documents/index.ts'
import { ensureNamed } from '../vocabulary/service.ts'
import { apiAs, postUpload, runJobs } from '../uploads/testing.ts'
import { fileOf, uploadForm, VALID_FIELDS } from '../uploads/testing-files.ts'
import { catalogueVersion } from './cache.ts'

/**
 * Search reads `search_entries` (migration 0016), which triggers keep equal to `documents`,
 * and visitors' answers are kept per node until the catalogue's version moves on. Both must
 * follow every change, whatever code makes it.
 */

const ctx = useTestContext()

beforeAll(async () => {
  await ensureNamed(ctx.db, 'themes', 'Afval')
  await ensureNamed(ctx.db, 'themes', 'Water')
})

/** Documents whose entry is missing, left over, or differs from the document in any column. */
const mismatches = () =>
  ctx.db.query<{ id: string }>(
    `select coalesce(d.id, se.document_id)::text as id
       from (select * from documents where deleted_at is null) d
       full join search_entries se on se.document_id = d.id
       left join search_kinds k on k.id = se.kind_id
       left join search_theme_sets t on t.id = se.theme_set_id
      where d.id is null or se.document_id is null
         or se.public <> (d.status = 'goedgekeurd')
         or se.owner_id is distinct from d.owner_id
         or k.content_type_id <> d.content_type_id or k.source_id <> d.source_id
         or k.woo_category is distinct from d.woo_category
         or t.names <> d.theme_names or se.label_names <> d.label_names
         or se.document_date <> d.document_date
         or se.rating_avg is distinct from d.rating_avg or se.rating_count <> d.rating_count
         or se.search_vector <> d.search_vector or se.title <> d.title`,
  )

const visitorFinds = async (query: string) =>
  (await searchAs(ctx, { query })).Results.map((result) => result.contentUID)

describe('the search entries', () => {
  it('follow a document through upload, approval, classification, rating, edit, deletion, restore and purge', async () => {
    const form = uploadForm({ ...VALID_FIELDS, title: 'Kraanwatermetingen Oost' }, [
      fileOf('meting;waarde\nhardheid;8\n', 'metingen.csv'),
    ])
    const upload = await postUpload(ctx, EMPLOYEE, form)
    expect(upload.statusCode, upload.body).toBe(201)
    const id = upload.json<{ contentUID: string }>().contentUID
    await runJobs(ctx)
    expect(await mismatches()).toEqual([])
    expect(await visitorFinds('kraanwatermetingen')).toEqual([])
    expect((await searchAs(ctx, { query: 'hardheid' }, EMPLOYEE)).Results).toHaveLength(1)

    expect((await ctx.call('GET', apiPaths.approve(id), ADMIN)).status).toBe(200)
    expect(await mismatches()).toEqual([])
    expect(await visitorFinds('kraanwatermetingen')).toEqual([id])

    await ctx.db.query(
      `insert into document_themes (document_id, theme_id) select $1, id from themes where name = 'Water'`,
      [id],
    )
    await refreshSearchIndex(ctx.db, [id])
    await ctx.db.query('update documents set rating_avg = 4.5, rating_count = 2 where id = $1', [
      id,
    ])
    expect(await mismatches()).toEqual([])
    const classified = await searchAs(ctx, { query: 'kraanwatermetingen' })
    expect(classified.Aggregations.themes).toContainEqual({ key: 'Water', count: 1 })
    // At least 4, 3, 2 and 1 stars.
    expect(classified.Aggregations.rating.map((bucket) => bucket.key)).toEqual(['4', '3', '2', '1'])

    await ctx.db.query(`update documents set document_date = '2019-03-01' where id = $1`, [id])
    expect(await mismatches()).toEqual([])
    expect((await searchAs(ctx, { query: 'kraanwatermetingen' })).Aggregations.date).toEqual([
      { key: '2019', count: 1 },
    ])

    expect((await apiAs(ctx, ADMIN, 'DELETE', apiPaths.deleteUpload(id))).statusCode).toBe(204)
    expect(await mismatches()).toEqual([])
    expect(await visitorFinds('kraanwatermetingen')).toEqual([])

    expect((await ctx.call('POST', apiPaths.restore(id), ADMIN)).status).toBe(200)
    expect(await mismatches()).toEqual([])
    expect(await visitorFinds('kraanwatermetingen')).toEqual([id])

    await ctx.db.query('delete from document_files where document_id = $1', [id])
    await ctx.db.query('delete from document_themes where document_id = $1', [id])
    await ctx.db.query('delete from documents where id = $1', [id])
    expect(await mismatches()).toEqual([])
    expect(await visitorFinds('kraanwatermetingen')).toEqual([])
  })
  it('follow bulk statements, as an import or a harvest writes them', async () => {
    const [kind] = await ctx.db.query<{ ct: number; src: number }>(
      `select (select id from content_types limit 1) as ct, (select id from sources limit 1) as src`,
    )
    const ids = await ctx.db.query<{ id: string }>(
      `insert into documents (title, content_type_id, source_id, status, published_at, theme_names,
                              document_date, search_vector)
       select 'Bulkdocument ' || g, $1, $2, 'goedgekeurd', now(),
              case when g % 2 = 0 then '{Afval}'::text[] else '{}' end,
              date '2020-01-01' + g, to_tsvector('dutch', 'bulkdocument ' || g)
         from generate_series(1, 300) g
       returning id::text`,
      [kind!.ct, kind!.src],
    )
    expect(await mismatches()).toEqual([])
    expect((await searchAs(ctx, { query: 'bulkdocument' })).Total).toBe(300)
    const all = ids.map((row) => row.id)
    await ctx.db.query(
      `update documents set status = 'openstaand', published_at = null
        where id = any($1::uuid[]) and right(title, 1) in ('1', '2', '3')`,
      [all],
    )
    await ctx.db.query(
      `update documents set deleted_at = now() where id = any($1::uuid[]) and right(title, 1) = '4'`,
      [all],
    )
    expect(await mismatches()).toEqual([])
    // Of the 300, 90 end in 1, 2 or 3 (no longer approved) and 30 in 4 (deleted).
    expect((await searchAs(ctx, { query: 'bulkdocument' })).Total).toBe(180)
  })
})

describe('the catalogue version', () => {
  it('moves on once per transaction that changes documents, and not for one rolled back', async () => {
    const a = await createDocument(ctx.db, { title: 'Versie een' })
    const b = await createDocument(ctx.db, { title: 'Versie twee' })
    const before = await catalogueVersion(ctx.db)
    await ctx.db.transaction(async (tx) => {
      await tx.query('update documents set rating_count = 0 where id = $1', [a])
      await tx.query('update documents set rating_count = 0 where id = $1', [b])
    })
    expect(await catalogueVersion(ctx.db)).toBe(before + 1)
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.query(`update documents set title = 'Versie drie' where id = $1`, [a])
        throw new Error('terug')
      }),
    ).rejects.toThrow('terug')
    expect(await catalogueVersion(ctx.db)).toBe(before + 1)
  })

  it('moves on when the thesaurus changes, which changes what a word finds', async () => {
    const before = await catalogueVersion(ctx.db)
    await ctx.db.query(
      `insert into theme_terms (theme_id, term, kind) select id, 'huisvuil', 'synonym' from themes where name = 'Afval'`,
    )
    expect(await catalogueVersion(ctx.db)).toBe(before + 1)
  })
})

describe("visitors' answers, kept until the catalogue changes", () => {
  it('show a newly published document at the next search', async () => {
    const first = await createDocument(ctx.db, { title: 'Zwerfkeien in het park' })
    expect(await visitorFinds('zwerfkeien')).toEqual([first])
    expect(await visitorFinds('zwerfkeien')).toEqual([first])
    const second = await createDocument(ctx.db, { title: 'Zwerfkeien langs de rivier' })
    expect((await visitorFinds('zwerfkeien')).sort()).toEqual([first, second].sort())
  })

  it('give browsing the counts a filtered search of the same documents gives', async () => {
    await createDocument(ctx.db, { title: 'Bladkorven', themes: ['Afval'], date: '2021-02-02' })
    await createDocument(ctx.db, { title: 'Kademuren', status: 'openstaand', owner: EMPLOYEE })
    const browsing = await searchAs(ctx, {})
    // A date filter that excludes nothing takes the general path over the same documents.
    const filtered = await searchAs(ctx, { dateFrom: '1900-01-01' })
    expect(browsing.Total).toBe(filtered.Total)
    expect(browsing.Aggregations).toEqual(filtered.Aggregations)
    expect(browsing.Results).toEqual(filtered.Results)
    // After a change, browsing counts it (the counts were kept for the earlier version).
    await createDocument(ctx.db, { title: 'Bladblazers', themes: ['Afval'] })
    const after = await searchAs(ctx, {})
    expect(after.Total).toBe(browsing.Total + 1)
    const afval = (answer: SearchResponse) =>
      answer.Aggregations.themes.find((bucket) => bucket.key === 'Afval')?.count ?? 0
    expect(afval(after)).toBe(afval(browsing) + 1)
  })

  it('are the same on a second node, which sees a change made through the first', async () => {
    const other = await secondNode()
    try {
      const id = await createDocument(ctx.db, { title: 'Grondwaterpeil Noord' })
      const first = await other.search('grondwaterpeil')
      expect(first.Total).toBe(1)
      // A new search read the version with its words, in one snapshot.
      const versionReads = other.statements.filter((sql) => sql.includes('from search_state'))
      expect(versionReads).toHaveLength(1)
      expect(versionReads[0]).toContain('from themes t')
      other.statements.length = 0
      // A repeat is answered from memory: no statement reads the entries; the log is written.
      expect(await other.search('grondwaterpeil')).toEqual(first)
      expect(other.statements.some((sql) => sql.includes('search_entries'))).toBe(false)
      expect(other.statements.some((sql) => sql.includes('from themes t'))).toBe(false)
      expect(other.statements.some((sql) => sql.includes('insert into search_log'))).toBe(true)
      expect(await visitorFinds('grondwaterpeil')).toEqual([id])
      // Deleted through the first node: the second, which kept its answer, follows.
      expect((await apiAs(ctx, ADMIN, 'DELETE', apiPaths.deleteUpload(id))).statusCode).toBe(204)
      expect((await other.search('grondwaterpeil')).Total).toBe(0)
    } finally {
      await other.close()
    }
  })

  it('are computed once for the same search asked by several visitors at once', async () => {
    const other = await secondNode({ SEARCH_CACHE_ENTRIES: '0' }, 5)
    try {
      await createDocument(ctx.db, { title: 'Speeltuinen in de wijk' })
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => other.search('speeltuinen')),
      )
      expect(answers.map((answer) => answer.Total)).toEqual([1, 1, 1, 1, 1])
      const counted = other.statements.filter((sql) => sql.includes('from search_entries'))
      expect(counted).toHaveLength(1)
      expect(other.statements.filter((sql) => sql.includes('insert into search_log'))).toHaveLength(
        5,
      )
    } finally {
      await other.close()
    }
  })
})

/**
 * Another node on the same database, recording the statements it runs. With `holdUntil`,
 * its searches wait until that many of its requests have read the catalogue version, so
 * that they are all in flight at once (on PostgreSQL the first could otherwise finish
 * before the last one starts). The gate opens when the last read has returned, not when
 * it was sent: the search held behind it then needs the database again, while that
 * request goes on at once to find the flight it joins.
 */
async function secondNode(env: Record<string, string> = {}, holdUntil = 0) {
  const statements: string[] = []
  let versionReads = 0
  let release = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  if (holdUntil === 0) release()
  const recording: Db = {
    ...ctx.db,
    query: async <T extends Row>(sql: string, params?: readonly unknown[]) => {
      statements.push(sql)
      if (sql.includes('from search_entries')) await gate
      const rows = await ctx.db.query<T>(sql, params)
      // Released once the last request has its version, so it is about to join the flight.
      if (sql.includes('from search_state') && ++versionReads >= holdUntil) release()
      return rows
    },
  }
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: ctx.dataDir,
      WEB_DIST_DIR: `${ctx.dataDir}/no-web-build`,
      MAX_EVENT_LOOP_DELAY_MS: '0',
      // These tests count the statements of answers kept and shared; the entries in memory
      // (memory/memory-search.test.ts) would add their own reads in the background.
      SEARCH_IN_MEMORY: 'false',
      ...env,
    }),
    db: recording,
    store: ctx.store,
    verifyToken: null,
  })
  const search = async (query: string) =>
    (await app.inject({ url: `/pubapi${apiPaths.search}?query=${query}` })).json<SearchResponse>()
  return { statements, search, close: () => app.close() }
}

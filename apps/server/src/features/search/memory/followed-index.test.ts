import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPostgresDatabase, createTestDb } from '../../../../test/db.ts'
import { createDocument } from '../../../../test/factories.ts'
import type { Db, Queryable } from '../../../db/client.ts'
import { migrate } from '../../../db/migrate.ts'
import { openPostgres } from '../../../db/client.ts'
import { catalogueVersion } from '../cache.ts'
import { FollowedIndex, type IndexSnapshot } from './followed-index.ts'

/**
 * The index follows the entries through whatever commits, in whatever order: it reads, at
 * each catch-up, what transactions its last snapshot did not see wrote or removed.
 */
const liveIds = (snapshot: IndexSnapshot) =>
  snapshot.index.ids.filter((_, ordinal) => snapshot.index.live[ordinal]).sort()

describe('the index in memory', () => {
  let db: Db
  beforeAll(async () => {
    db = await createTestDb()
  })
  afterAll(() => db.close())

  it('holds a version only once it has read it, and gives way until then', async () => {
    const index = new FollowedIndex(db)
    const first = await createDocument(db, { title: 'Eerste' })
    expect(index.at(await catalogueVersion(db))).toBeNull()
    expect(liveIds(await index.ready())).toEqual([first])
    const second = await createDocument(db, { title: 'Tweede' })
    const version = await catalogueVersion(db)
    expect(index.at(version)).toBeNull()
    const caughtUp = await index.ready()
    expect(caughtUp.version).toBe(version)
    expect(liveIds(caughtUp)).toEqual([first, second].sort())
  })

  it('drops deleted documents and takes back restored ones, also within one transaction', async () => {
    const index = new FollowedIndex(db)
    const id = await createDocument(db, { title: 'Heen en weer' })
    expect(liveIds(await index.ready())).toContain(id)
    await db.query('update documents set deleted_at = now() where id = $1', [id])
    expect(liveIds(await index.ready())).not.toContain(id)
    await db.query('update documents set deleted_at = null where id = $1', [id])
    expect(liveIds(await index.ready())).toContain(id)
    await db.transaction(async (tx) => {
      await tx.query('update documents set deleted_at = now() where id = $1', [id])
      await tx.query('update documents set deleted_at = null where id = $1', [id])
    })
    const snapshot = await index.ready()
    expect(liveIds(snapshot)).toContain(id)
    // Once in the index, however often it was re-added.
    expect(liveIds(snapshot).filter((live) => live === id)).toHaveLength(1)
  })

  it('marks a document published after it was built as public, under its words', async () => {
    const index = new FollowedIndex(db)
    await index.ready()
    const id = await createDocument(db, { title: 'Waterberging', status: 'openstaand' })
    await db.query(
      `update documents set status = 'goedgekeurd', published_at = now() where id = $1`,
      [id],
    )
    const { index: entries } = await index.ready()
    const ordinal = entries.ids.lastIndexOf(id)
    expect(entries.isPublic[ordinal]).toBe(1)
    const lists = entries.lookup('waterberg', true)
    expect(lists.some((list) => [...list.docs.subarray(0, list.length)].includes(ordinal))).toBe(
      true,
    )
  })
})

describe.runIf(process.env.DATABASE_URL)('the index on PostgreSQL', () => {
  const url = process.env.DATABASE_URL!
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>
  let db: Db
  let other: pg.Client
  beforeAll(async () => {
    database = await createPostgresDatabase(url)
    db = openPostgres(database.url)
    await migrate(db)
    other = new pg.Client({ connectionString: database.url })
    await other.connect()
  })
  afterAll(async () => {
    await other.end()
    await db.close()
    await database.drop()
  })

  it('reads what a transaction still open at a catch-up commits after it', async () => {
    const index = new FollowedIndex(db)
    const before = await createDocument(db, { title: 'Voor' })
    await index.ready()
    // A transaction writes its entry but commits only after the index has caught up past
    // a later one: its id is below that catch-up's newest, yet the index must read it.
    const otherDb: Queryable = {
      query: async (sql, params) => (await other.query(sql, params ? [...params] : [])).rows,
      exec: async (sql) => {
        await other.query(sql)
      },
    }
    await other.query('begin')
    const late = await createDocument(otherDb, { title: 'Laat' })
    const early = await createDocument(db, { title: 'Vroeg' })
    expect(liveIds(await index.ready())).toEqual([before, early].sort())
    await other.query('commit')
    expect(liveIds(await index.ready())).toEqual([before, early, late].sort())
  })
})

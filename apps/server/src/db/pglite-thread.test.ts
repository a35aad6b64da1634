import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite, type Db } from './client.ts'

let db: Db

beforeAll(async () => {
  db = await openPglite()
  await db.exec(`create table items (id int primary key, name text not null, data bytea)`)
})

afterAll(() => db.close())

/** How late a 5 ms timer fires while `work` runs: how long the server's thread was held up. */
async function timerDelayDuring(work: Promise<unknown>) {
  const delays: number[] = []
  let done = false
  void work.finally(() => (done = true))
  while (!done) {
    const started = performance.now()
    await new Promise((resolve) => setTimeout(resolve, 5))
    delays.push(performance.now() - started - 5)
  }
  await work
  return Math.max(...delays)
}

describe('the embedded database on a thread of its own', () => {
  it('leaves the server thread free while a statement runs', async () => {
    // Half a second of work inside the database; the timers of this thread keep firing.
    const slow = db.query(`select count(*) from generate_series(1, 3000000) g where g % 7 = 0`)
    const started = performance.now()
    const delay = await timerDelayDuring(slow)
    const elapsed = performance.now() - started
    expect(elapsed).toBeGreaterThan(100)
    // Held up by the statement, the thread would miss its timers for about all of it. A
    // fixed bound (it was 50 ms) failed on a loaded CI machine, where the scheduler alone
    // held the thread up for 55 ms; a quarter of the statement's own time is still far below
    // what a statement on this thread would cost.
    expect(delay).toBeLessThan(elapsed / 4)
  })

  it('returns values as PGlite reads them: numbers, dates, bytes, nulls, arrays, json', async () => {
    const [row] = await db.query(
      `select 1::int as n, 2.5::float8 as f, '2026-11-27T10:00:00Z'::timestamptz as at,
              $1::bytea as bytes, null::text as nothing, array['a', 'b'] as list,
              $2::jsonb as doc`,
      [new Uint8Array([1, 2, 255]), JSON.stringify({ a: [1, { b: 'c' }] })],
    )
    expect(row).toEqual({
      n: 1,
      f: 2.5,
      at: new Date('2026-11-27T10:00:00Z'),
      bytes: new Uint8Array([1, 2, 255]),
      nothing: null,
      list: ['a', 'b'],
      doc: { a: [1, { b: 'c' }] },
    })
  })

  it('keeps what callers read of a database error: its code, constraint and message', async () => {
    await db.query(`insert into items (id, name) values (1, 'een')`)
    const error = await db.query(`insert into items (id, name) values (1, 'twee')`).then(
      () => null,
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({
      code: '23505',
      constraint: 'items_pkey',
      message: expect.stringContaining('duplicate key') as unknown,
    })
  })

  it('commits a transaction whole, rolls back one that fails, and runs others after it', async () => {
    await db.transaction(async (tx) => {
      await tx.query(`insert into items (id, name) values (10, 'tien')`)
      await tx.query(`insert into items (id, name) values (11, 'elf')`)
    })
    const order: string[] = []
    const failing = db.transaction(async (tx) => {
      await tx.query(`insert into items (id, name) values (12, 'twaalf')`)
      await new Promise((resolve) => setTimeout(resolve, 50))
      order.push('transaction')
      throw new Error('afgebroken')
    })
    // Sent while the transaction is open: it waits for its end, as with PGlite in one thread.
    const outside = db.query(`select count(*)::int as n from items`).then((rows) => {
      order.push('outside')
      return rows
    })
    await expect(failing).rejects.toThrow('afgebroken')
    expect(await outside).toEqual([{ n: 3 }])
    expect(order).toEqual(['transaction', 'outside'])
    const ids = await db.query<{ id: number }>(`select id from items order by id`)
    expect(ids.map((row) => row.id)).toEqual([1, 10, 11])
  })

  it('refuses a parameter it cannot send, and goes on', async () => {
    await expect(db.query('select $1::text as x', [() => 'a function'])).rejects.toThrow()
    expect(await db.query('select $1::text as x', ['een tekst'])).toEqual([{ x: 'een tekst' }])
  })

  it('answers a statement after closing with an error, not silence, and closes once', async () => {
    const other = await openPglite()
    await other.close()
    await expect(other.query('select 1')).rejects.toThrow(/embedded database thread/)
    await expect(other.close()).resolves.toBeUndefined()
  })
})

import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDb } from '../../../test/db.ts'
import type { Db } from '../../db/client.ts'

let db: Db
let dir: string

beforeAll(async () => {
  db = await createTestDb()
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-copy-'))
  await db.exec(
    'create table tables.copy_test (_row bigint, n bigint, x double precision, t text, d date, b boolean, g jsonb)',
  )
})

afterAll(async () => {
  await db.close()
  await fs.rm(dir, { recursive: true, force: true })
})

const file = async (name: string, text: string) => {
  const target = path.join(dir, name)
  await fs.writeFile(target, text)
  return target
}

const TARGET = 'tables.copy_test (_row, n, x, t, d, b, g)'

test('COPY reads the text format into typed columns, escapes and missing values included', async () => {
  const data = await file(
    'a.copy',
    [
      '2\t1234\t1234.5\tÉén\\ttab en\\nregel\t2025-12-31\tt\t{"type":"Point","coordinates":[5.1,52.1]}',
      '3\t\\N\t-0.25\ta\\\\b\t\\N\tf\t\\N',
    ].join('\n') + '\n',
  )
  expect(await db.copyFrom(TARGET, data)).toBe(2)
  const rows = await db.query<Record<string, unknown>>(
    'select _row::int, n::text, x, t, d::text, b, g from tables.copy_test order by _row',
  )
  expect(rows).toEqual([
    {
      _row: 2,
      n: '1234',
      x: 1234.5,
      t: 'Één\ttab en\nregel',
      d: '2025-12-31',
      b: true,
      g: { type: 'Point', coordinates: [5.1, 52.1] },
    },
    { _row: 3, n: null, x: -0.25, t: 'a\\b', d: null, b: false, g: null },
  ])
})

test('COPY inside a transaction is undone with it, and a bad file fails the statement only', async () => {
  const data = await file('b.copy', '10\t1\t1\tx\t\\N\t\\N\t\\N\n')
  await expect(
    db.transaction(async (tx) => {
      expect(await tx.copyFrom(TARGET, data)).toBe(1)
      const [seen] = await tx.query<{ n: number }>(
        'select count(*)::int as n from tables.copy_test where _row = 10',
      )
      expect(seen?.n).toBe(1)
      throw new Error('terug')
    }),
  ).rejects.toThrow('terug')
  const bad = await file('c.copy', '11\tgeen getal\t1\tx\t\\N\t\\N\t\\N\n')
  await expect(db.copyFrom(TARGET, bad)).rejects.toThrow()
  const [after] = await db.query<{ n: number }>(
    'select count(*)::int as n from tables.copy_test where _row >= 10',
  )
  expect(after?.n).toBe(0)
  // The connection (PGlite's one session) still works afterwards.
  expect(await db.query('select 1 as one')).toEqual([{ one: 1 }])
})

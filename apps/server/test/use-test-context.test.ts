import { describe, expect, it } from 'vitest'
import { searchAs, useTestContext, type TestContext } from './app.ts'
import { useTestDb } from './db.ts'
import type { Db } from '../src/db/client.ts'

/** What using it at collection time, before its beforeAll ran, throws. */
function tooEarly(use: () => unknown) {
  try {
    use()
    return 'no error'
  } catch (error) {
    return (error as Error).message
  }
}

let contextOfDescribe: TestContext
let dbOfDescribe: Db

describe('useTestContext', () => {
  const ctx = useTestContext()
  const early = tooEarly(() => ctx.app)

  it('says so when used before its beforeAll ran', () => {
    expect(early).toBe('useTestContext(): used before its beforeAll ran')
  })

  it('is the app on its own database in the tests', async () => {
    expect((await searchAs(ctx, {})).Results).toEqual([])
    expect(await ctx.db.query('select 1 as one')).toEqual([{ one: 1 }])
    contextOfDescribe = ctx
  })
})

describe('useTestDb', () => {
  const db = useTestDb()
  const early = tooEarly(() => db.kind)

  it('says so when used before its beforeAll ran', () => {
    expect(early).toBe('useTestDb(): used before its beforeAll ran')
  })

  it('is a migrated database in the tests', async () => {
    expect(await db.query('select count(*)::int as n from documents')).toEqual([{ n: 0 }])
    dbOfDescribe = db
  })
})

describe('after the describe that used them', () => {
  it('they are closed', async () => {
    await expect(contextOfDescribe.db.query('select 1')).rejects.toThrow()
    await expect(dbOfDescribe.query('select 1')).rejects.toThrow()
  })
})

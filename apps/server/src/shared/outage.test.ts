import fs from 'node:fs/promises'
import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { useTestDb } from '../../test/db.ts'
import { freePort } from '../../test/server-process.ts'
import type {} from '../db/client.ts'
import { ExtractionError } from '../extraction/index.ts'
import { isOutage } from './outage.ts'

const db = useTestDb()

/** The error a promise rejects with. */
const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => expect.fail('expected a failure'),
    (error: unknown) => error,
  )

/** A database error with this SQLSTATE, as the driver reports it. */
const databaseError = (code: string) =>
  failureOf(db.query(`do $$ begin raise exception 'test' using errcode = '${code}'; end $$`))

describe('telling an outage from a fault of the work itself', () => {
  it('knows a full disk, a refused connection and a database that is out of space or stopping', async () => {
    expect(isOutage(await failureOf(fs.writeFile('/dev/full', 'x')))).toBe(true)
    const port = await freePort()
    const refused = failureOf(
      new Promise((resolve, reject) => {
        net.connect(port, '127.0.0.1').on('connect', resolve).on('error', reject)
      }),
    )
    expect(isOutage(await refused)).toBe(true)
    expect(isOutage(await databaseError('53100'))).toBe(true) // disk_full
    expect(isOutage(await databaseError('57P01'))).toBe(true) // admin_shutdown
    expect(isOutage(await databaseError('58030'))).toBe(true) // io_error
    // Wrapped by whoever caught it first.
    expect(isOutage(new Error('upload failed', { cause: await databaseError('08006') }))).toBe(true)
  })

  it('leaves the faults of a file or a query to count as such', async () => {
    expect(isOutage(new ExtractionError('onleesbaar', 'application/pdf', 'unreadable'))).toBe(false)
    expect(isOutage(await failureOf(fs.readFile('/bestaat/niet')))).toBe(false)
    expect(isOutage(await databaseError('22P02'))).toBe(false) // invalid_text_representation
    expect(isOutage(await databaseError('23505'))).toBe(false) // unique_violation
    expect(isOutage(new Error('no reader for text/plain'))).toBe(false)
  })
})

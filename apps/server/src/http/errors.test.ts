import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { DatabaseUnavailableError } from '../db/unavailable.ts'
import { DATABASE_RETRY_AFTER_SECONDS, registerErrorHandling } from './errors.ts'

/** An error as the pg driver raises it: a PostgreSQL SQLSTATE in `code`. */
const databaseError = (code: string, message: string) => Object.assign(new Error(message), { code })

async function answerTo(error: Error) {
  const app = Fastify()
  registerErrorHandling(app)
  app.get('/fails', async () => {
    throw error
  })
  const response = await app.inject({ method: 'GET', url: '/fails' })
  await app.close()
  return response
}

describe('a transaction the database rolled back', () => {
  it('answers a deadlock or serialization failure with 503 and Retry-After: the client may retry', async () => {
    for (const code of ['40P01', '40001']) {
      const response = await answerTo(databaseError(code, 'deadlock detected'))
      expect(response.statusCode).toBe(503)
      expect(response.headers['retry-after']).toBe('1')
      expect(response.headers['content-type']).toContain('application/problem+json')
      expect(response.json()).toMatchObject({
        status: 503,
        detail: expect.stringContaining('opnieuw'),
      })
      expect(response.body).not.toContain('deadlock')
    }
  })

  it('still answers any other database error with 500 and no details', async () => {
    const response = await answerTo(
      databaseError('23505', 'duplicate key value violates unique constraint'),
    )
    expect(response.statusCode).toBe(500)
    expect(response.headers['retry-after']).toBeUndefined()
    expect(response.body).not.toContain('duplicate key')
  })
})

/** An error as Node raises it for a socket or a file: an errno name in `code`. */
const systemError = (code: string, syscall: string) =>
  Object.assign(new Error(`${syscall} ${code}`), { code, errno: -1, syscall })

describe('a database that cannot be reached', () => {
  it('answers 503 with Retry-After for a refused, reset or ended connection', async () => {
    const lost = [
      systemError('ECONNREFUSED', 'connect'),
      systemError('ECONNRESET', 'read'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      databaseError('57P01', 'terminating connection due to administrator command'),
      databaseError('57P03', 'the database system is starting up'),
      databaseError('08006', 'connection failure'),
      new DatabaseUnavailableError('embedded database thread exited (1)'),
    ]
    for (const error of lost) {
      const response = await answerTo(error)
      expect(response.statusCode, error.message).toBe(503)
      expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS))
      expect(response.headers['content-type']).toContain('application/problem+json')
      expect(response.json()).toMatchObject({
        status: 503,
        detail: expect.stringContaining('opnieuw'),
      })
      expect(response.body).not.toContain(error.message)
    }
  })

  it('never turns a failing statement or a bug into a 503', async () => {
    for (const error of [
      databaseError('42601', 'syntax error at or near "selec"'),
      databaseError('22P02', 'invalid input syntax for type uuid'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      new Error('Connection terminated unexpectedly, said a harvested page'),
    ]) {
      const response = await answerTo(error)
      expect(response.statusCode, error.message).toBe(500)
      expect(response.headers['retry-after']).toBeUndefined()
    }
  })
})

describe('a full disk', () => {
  it('answers 507 in Dutch for a file or database write that found no space', async () => {
    for (const error of [
      systemError('ENOSPC', 'write'),
      systemError('EDQUOT', 'write'),
      databaseError('53100', 'could not extend file "base/5/16384": No space left on device'),
    ]) {
      const response = await answerTo(error)
      expect(response.statusCode, error.message).toBe(507)
      expect(response.json()).toMatchObject({
        status: 507,
        title: 'Opslag vol',
        detail: expect.stringContaining('vol') as unknown,
      })
      expect(response.body).not.toContain(error.message)
    }
  })
})

import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { registerErrorHandling } from './errors.ts'

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

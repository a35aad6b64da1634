import { API_PREFIX, apiPaths, type SearchResponse } from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestContext } from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'
import { clientLimiter } from './client-limit.ts'

/**
 * One client may make the server search only so often (a bucket of 5 here, refilled so
 * slowly that no test machine is slow enough to see it refill): past it, its
 * searches and suggestions are answered 429 with Retry-After, and other clients are served
 * as before.
 */

const ATTACKER = '203.0.113.66'
const VISITOR = '198.51.100.7'
const BURST = 5

const ctx = useTestContext({
  env: { SEARCH_RATE_LIMIT_PER_MINUTE: '1', SEARCH_RATE_LIMIT_BURST: String(BURST) },
})

beforeAll(async () => {
  await createDocument(ctx.db, { title: 'Grondwaterstanden per peilbuis' })
})

const longWords = (seed: number) =>
  Array.from({ length: 12 }, (_, i) => String.fromCharCode(97 + ((seed + i) % 26)).repeat(40))

const searchFrom = (remoteAddress: string, query: string) =>
  ctx.app.inject({
    url: `${API_PREFIX.public}${apiPaths.search}?query=${encodeURIComponent(query)}`,
    remoteAddress,
  })

describe('the per-client limit of searches and suggestions', () => {
  it('answers a client past its burst 429 with Retry-After, and still serves another', async () => {
    const attacks = []
    for (let i = 0; i < BURST + 3; i++) {
      attacks.push(await searchFrom(ATTACKER, longWords(i).join(' ')))
    }
    expect(attacks.slice(0, BURST).map((answer) => answer.statusCode)).toEqual(
      Array<number>(BURST).fill(200),
    )
    const refused = attacks.slice(BURST)
    for (const answer of refused) {
      expect(answer.statusCode).toBe(429)
      expect(answer.headers['content-type']).toContain('application/problem+json')
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1)
      expect(answer.json()).toMatchObject({
        status: 429,
        title: 'Te veel verzoeken',
        detail: expect.stringMatching(/^U hebt in korte tijd erg veel zoekopdrachten gestuurd/),
      })
    }
    const suggestions = await ctx.app.inject({
      url: `${API_PREFIX.public}${apiPaths.complete('grondwater')}`,
      remoteAddress: ATTACKER,
    })
    expect(suggestions.statusCode).toBe(429)
    expect(suggestions.headers['retry-after']).toMatch(/^\d+$/)

    const visitor = await searchFrom(VISITOR, 'grondwaterstand')
    expect(visitor.statusCode).toBe(200)
    const answer = visitor.json<SearchResponse>()
    expect(answer.Total).toBe(1)
    expect(answer.Results.map((result) => result.title)).toEqual(['Grondwaterstanden per peilbuis'])
  })

  it('refills a bucket at the rate per minute, up to the burst', () => {
    const limiter = clientLimiter({ perMinute: 6, burst: 2 })
    expect(limiter.take('a', 0)).toBeNull()
    expect(limiter.take('a', 0)).toBeNull()
    // One request every 10 seconds: the next in 10.
    expect(limiter.take('a', 0)).toBe(10)
    expect(limiter.take('b', 0)).toBeNull()
    expect(limiter.take('a', 4_000)).toBe(6)
    expect(limiter.take('a', 10_000)).toBeNull()
    expect(limiter.take('a', 10_000)).toBe(10)
    // A long pause fills the bucket to the burst, not beyond.
    expect(limiter.take('a', 600_000)).toBeNull()
    expect(limiter.take('a', 600_000)).toBeNull()
    expect(limiter.take('a', 600_000)).toBe(10)
  })

  it('keeps a client that is still waiting when it forgets those of long ago', () => {
    const limiter = clientLimiter({ perMinute: 6, burst: 1 })
    expect(limiter.take('waiting', 0)).toBeNull()
    for (let i = 0; i < 3000; i++) expect(limiter.take(`other ${i}`, 5_000)).toBeNull()
    expect(limiter.take('waiting', 5_000)).toBe(5)
  })

  it('is off at 0 per minute', () => {
    const limiter = clientLimiter({ perMinute: 0, burst: 1 })
    for (let i = 0; i < 100; i++) expect(limiter.take('a', 0)).toBeNull()
  })
})

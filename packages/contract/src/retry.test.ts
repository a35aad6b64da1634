import { setImmediate as macrotask } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { fetchWithRetry, parseRetryAfter, type Clock, type FetchFn } from './retry.ts'

/** Virtual time: a sleep ends only when `settle` moves the clock to it, so nothing really waits. */
function fakeClock(startMs = 0) {
  let nowMs = startMs
  const timers: { at: number; fire: () => void }[] = []
  const sleeps: number[] = []
  const clock: Clock = {
    now: () => nowMs,
    sleep: (ms, signal) => {
      sleeps.push(ms)
      return new Promise((resolve, reject) => {
        const timer = { at: nowMs + ms, fire: resolve }
        timers.push(timer)
        const onAbort = () => {
          timers.splice(timers.indexOf(timer), 1)
          reject(signal.reason)
        }
        signal.addEventListener('abort', onAbort, { once: true })
        timer.fire = () => {
          signal.removeEventListener('abort', onAbort)
          resolve()
        }
      })
    },
  }
  /** Runs `promise` to the end, jumping from timer to timer. */
  async function settle<T>(promise: Promise<T>): Promise<T> {
    let done = false
    promise.then(
      () => (done = true),
      () => (done = true),
    )
    for (;;) {
      await macrotask()
      if (done) return promise
      timers.sort((a, b) => a.at - b.at)
      const next = timers.shift()
      if (!next) throw new Error('Stuck: the request waits for nothing')
      nowMs = next.at
      next.fire()
    }
  }
  return { clock, sleeps, settle, now: () => nowMs, pendingTimers: () => timers.length }
}

type Outcome = (init: RequestInit) => Response | Promise<Response>

const reply =
  (status: number, headers: Record<string, string> = {}): Outcome =>
  () =>
    new Response(`status ${status}`, { status, headers })
const fail =
  (error: unknown): Outcome =>
  () => {
    throw error
  }
const hang: Outcome = ({ signal }) =>
  new Promise((_, reject) => signal!.addEventListener('abort', () => reject(signal!.reason)))

/** A fetch that plays `outcomes` in order and repeats the last one. */
function fakeFetch(...outcomes: Outcome[]) {
  const calls: RequestInit[] = []
  const fetchFn: FetchFn = async (_input, init = {}) => {
    calls.push(init)
    return outcomes[Math.min(calls.length, outcomes.length) - 1]!(init)
  }
  return { fetchFn, calls }
}

const networkError = (code?: string) =>
  new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) })

describe('fetchWithRetry: statuses per method', () => {
  it.each([
    ['GET', 503, true],
    ['HEAD', 500, true],
    ['OPTIONS', 502, true],
    ['PUT', 429, true],
    ['DELETE', 504, true],
    ['get', 503, true],
    ['POST', 503, false],
    ['POST', 429, false],
    ['PATCH', 503, false],
    ['GET', 404, false],
    ['GET', 400, false],
    ['PUT', 409, false],
    ['GET', 200, false],
  ])('%s %i retried: %s', async (method, status, retried) => {
    const { clock, settle } = fakeClock()
    const { fetchFn, calls } = fakeFetch(reply(status), reply(200))
    const response = await settle(fetchWithRetry(fetchFn, '/api/x', { method }, { clock }))
    expect(calls).toHaveLength(retried ? 2 : 1)
    expect(response.status).toBe(retried ? 200 : status)
  })

  it('takes the method from a Request', async () => {
    const { clock, settle } = fakeClock()
    const { fetchFn, calls } = fakeFetch(reply(503), reply(200))
    const request = new Request('http://localhost/api/x', { method: 'POST' })
    expect((await settle(fetchWithRetry(fetchFn, request, {}, { clock }))).status).toBe(503)
    expect(calls).toHaveLength(1)
  })

  it('retries at most 3 times, then returns the last response as it is', async () => {
    const { clock, settle } = fakeClock()
    let attempt = 0
    const { fetchFn, calls } = fakeFetch(
      () => new Response(`attempt ${++attempt}`, { status: 503 }),
    )
    const response = await settle(fetchWithRetry(fetchFn, '/api/x', {}, { clock }))
    expect(calls).toHaveLength(4)
    expect(response.status).toBe(503)
    expect(await response.text()).toBe('attempt 4')
  })

  it('honours maxRetries', async () => {
    const { clock, settle } = fakeClock()
    const { fetchFn, calls } = fakeFetch(reply(503))
    await settle(fetchWithRetry(fetchFn, '/api/x', {}, { clock, maxRetries: 1 }))
    expect(calls).toHaveLength(2)
  })
})

describe('fetchWithRetry: errors', () => {
  it.each([
    ['undici', networkError('ECONNRESET')],
    ['undici without code', new TypeError('fetch failed')],
    ['browser', new TypeError('Failed to fetch')],
  ])('retries a %s network error, for POST too', async (_, error) => {
    const { clock, settle } = fakeClock()
    const { fetchFn, calls } = fakeFetch(fail(error), reply(201))
    const response = await settle(fetchWithRetry(fetchFn, '/api/x', { method: 'POST' }, { clock }))
    expect(calls).toHaveLength(2)
    expect(response.status).toBe(201)
  })

  it.each([
    'ENOTFOUND',
    'EAI_AGAIN',
    'CERT_HAS_EXPIRED',
    'ERR_TLS_CERT_ALTNAME_INVALID',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  ])('does not retry %s in the cause', async (code) => {
    const { clock, settle } = fakeClock()
    const error = networkError(code)
    const { fetchFn, calls } = fakeFetch(fail(error), reply(200))
    await expect(settle(fetchWithRetry(fetchFn, '/api/x', {}, { clock }))).rejects.toBe(error)
    expect(calls).toHaveLength(1)
  })

  it('finds a certificate code two causes deep', async () => {
    const { clock, settle } = fakeClock()
    const error = new TypeError('fetch failed', {
      cause: new Error('tls', { cause: networkError('CERT_UNTRUSTED').cause }),
    })
    const { fetchFn, calls } = fakeFetch(fail(error), reply(200))
    await expect(settle(fetchWithRetry(fetchFn, '/api/x', {}, { clock }))).rejects.toBe(error)
    expect(calls).toHaveLength(1)
  })

  it('does not retry a network error caused by a timeout', async () => {
    const { clock, settle } = fakeClock()
    const error = new TypeError('fetch failed', { cause: new DOMException('late', 'TimeoutError') })
    const { fetchFn, calls } = fakeFetch(fail(error), reply(200))
    await expect(settle(fetchWithRetry(fetchFn, '/api/x', {}, { clock }))).rejects.toBe(error)
    expect(calls).toHaveLength(1)
  })

  it.each([
    new DOMException('aborted', 'AbortError'),
    new DOMException('timed out', 'TimeoutError'),
    new Error('not a network error'),
  ])('does not retry %s', async (error) => {
    const { clock, settle } = fakeClock()
    const { fetchFn, calls } = fakeFetch(fail(error), reply(200))
    await expect(settle(fetchWithRetry(fetchFn, '/api/x', {}, { clock }))).rejects.toBe(error)
    expect(calls).toHaveLength(1)
  })
})

describe('fetchWithRetry: cancellation and total timeout', () => {
  it('does not start when the caller has already aborted', async () => {
    const { clock, settle } = fakeClock()
    const { fetchFn, calls } = fakeFetch(reply(200))
    const reason = new Error('left the page')
    const init = { signal: AbortSignal.abort(reason) }
    await expect(settle(fetchWithRetry(fetchFn, '/api/x', init, { clock }))).rejects.toBe(reason)
    expect(calls).toHaveLength(0)
  })

  it('stops waiting when the caller aborts between attempts', async () => {
    const { clock, settle } = fakeClock()
    const { fetchFn, calls } = fakeFetch(reply(503, { 'retry-after': '5' }))
    const caller = new AbortController()
    const reason = new Error('left the page')
    void clock.sleep(1000, new AbortController().signal).then(() => caller.abort(reason))
    const request = fetchWithRetry(fetchFn, '/api/x', { signal: caller.signal }, { clock })
    await expect(settle(request)).rejects.toBe(reason)
    expect(calls).toHaveLength(1)
  })

  it('rejects with the reason when the caller aborts during an attempt', async () => {
    const { clock, settle } = fakeClock()
    const { fetchFn, calls } = fakeFetch(hang)
    const caller = new AbortController()
    const reason = new Error('left the page')
    void clock.sleep(1000, new AbortController().signal).then(() => caller.abort(reason))
    const request = fetchWithRetry(fetchFn, '/api/x', { signal: caller.signal }, { clock })
    await expect(settle(request)).rejects.toBe(reason)
    expect(calls).toHaveLength(1)
  })

  it('passes one signal, not the caller’s, to every attempt', async () => {
    const { clock, settle } = fakeClock()
    const { fetchFn, calls } = fakeFetch(reply(503))
    const caller = new AbortController()
    await settle(fetchWithRetry(fetchFn, '/api/x', { signal: caller.signal }, { clock }))
    expect(new Set(calls.map((init) => init.signal)).size).toBe(1)
    expect(calls[0]!.signal).not.toBe(caller.signal)
  })

  it('times out during a wait, without a further attempt', async () => {
    const { clock, settle, now } = fakeClock()
    const { fetchFn, calls } = fakeFetch(reply(503, { 'retry-after': '2' }))
    const request = fetchWithRetry(fetchFn, '/api/x', {}, { clock, totalTimeoutMs: 1000 })
    await expect(settle(request)).rejects.toMatchObject({ name: 'TimeoutError' })
    expect(calls).toHaveLength(1)
    expect(now()).toBe(1000)
  })

  it('times out during an attempt', async () => {
    const { clock, settle } = fakeClock()
    const { fetchFn, calls } = fakeFetch(hang)
    const request = fetchWithRetry(fetchFn, '/api/x', {}, { clock, totalTimeoutMs: 1000 })
    await expect(settle(request)).rejects.toMatchObject({ name: 'TimeoutError' })
    expect(calls).toHaveLength(1)
  })

  it('keeps one timeout across attempts and waits', async () => {
    const { clock, settle, now } = fakeClock()
    const { fetchFn, calls } = fakeFetch(reply(503))
    const options = { clock, totalTimeoutMs: 250, exponential: true, random: () => 0 }
    // Waits of 100 and 200 ms each fit in 250 ms, together they do not.
    await expect(settle(fetchWithRetry(fetchFn, '/api/x', {}, options))).rejects.toMatchObject({
      name: 'TimeoutError',
    })
    expect(calls).toHaveLength(2)
    expect(now()).toBe(250)
  })

  it('stops the timeout once a response is returned', async () => {
    const { clock, settle, pendingTimers } = fakeClock()
    const { fetchFn } = fakeFetch(reply(503), reply(200))
    const request = fetchWithRetry(fetchFn, '/api/x', {}, { clock, totalTimeoutMs: 1000 })
    expect((await settle(request)).status).toBe(200)
    expect(pendingTimers()).toBe(0)
  })
})

describe('fetchWithRetry: delays', () => {
  it('waits 0 ms by default', async () => {
    const { clock, settle, sleeps } = fakeClock()
    await settle(fetchWithRetry(fakeFetch(reply(503)).fetchFn, '/api/x', {}, { clock }))
    expect(sleeps).toEqual([0, 0, 0])
  })

  it('honours Retry-After in seconds', async () => {
    const { clock, settle, sleeps } = fakeClock()
    const { fetchFn } = fakeFetch(
      reply(503, { 'retry-after': '3' }),
      reply(429, { 'retry-after': '1' }),
      reply(200),
    )
    await settle(fetchWithRetry(fetchFn, '/api/x', {}, { clock }))
    expect(sleeps).toEqual([3000, 1000])
  })

  it('honours Retry-After as an HTTP-date', async () => {
    const { clock, settle, sleeps } = fakeClock(Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))
    const retryAfter = { 'retry-after': 'Wed, 21 Oct 2015 07:28:05 GMT' }
    const { fetchFn } = fakeFetch(reply(503, retryAfter), reply(200))
    await settle(fetchWithRetry(fetchFn, '/api/x', {}, { clock }))
    expect(sleeps).toEqual([5000])
  })

  it('backs off exponentially from 100 ms', async () => {
    const { clock, settle, sleeps } = fakeClock()
    const options = { clock, exponential: true, random: () => 0 }
    const request = fetchWithRetry(fakeFetch(fail(networkError())).fetchFn, '/x', {}, options)
    await expect(settle(request)).rejects.toThrow('fetch failed')
    expect(sleeps).toEqual([100, 200, 400])
  })

  it('adds less than 20 % jitter', async () => {
    const { clock, settle, sleeps } = fakeClock()
    const options = { clock, exponential: true, random: () => 0.999 }
    await settle(fetchWithRetry(fakeFetch(reply(503)).fetchFn, '/api/x', {}, options))
    expect(sleeps.map((ms, i) => ms / 2 ** i)).toEqual(
      [119.98, 119.98, 119.98].map((ms) => expect.closeTo(ms)),
    )
    expect(sleeps.every((ms, i) => ms < 120 * 2 ** i)).toBe(true)
  })

  it('prefers Retry-After to the exponential delay', async () => {
    const { clock, settle, sleeps } = fakeClock()
    const { fetchFn } = fakeFetch(reply(503, { 'retry-after': '0' }), reply(200))
    await settle(fetchWithRetry(fetchFn, '/api/x', {}, { clock, exponential: true }))
    expect(sleeps).toEqual([0])
  })
})

describe('fetchWithRetry: bodies', () => {
  it('cancels the body of every retried response, not of the returned one', async () => {
    const { clock, settle } = fakeClock()
    const cancelled: number[] = []
    let attempt = 0
    const { fetchFn } = fakeFetch(() => {
      const id = ++attempt
      const body = new ReadableStream({ cancel: () => void cancelled.push(id) })
      return new Response(body, { status: id < 3 ? 503 : 200 })
    })
    const response = await settle(fetchWithRetry(fetchFn, '/api/x', {}, { clock }))
    expect(cancelled).toEqual([1, 2])
    expect(response.bodyUsed).toBe(false)
  })

  it('sends a string body again on every attempt', async () => {
    const { clock, settle } = fakeClock()
    const { fetchFn, calls } = fakeFetch(reply(503), reply(200))
    await settle(fetchWithRetry(fetchFn, '/api/x', { method: 'PUT', body: '{"a":1}' }, { clock }))
    expect(calls.map((init) => init.body)).toEqual(['{"a":1}', '{"a":1}'])
  })

  it('does not retry a streamed request body', async () => {
    const { clock, settle } = fakeClock()
    const { fetchFn, calls } = fakeFetch(fail(networkError()), reply(200))
    const init = { method: 'PUT', body: new ReadableStream() }
    await expect(settle(fetchWithRetry(fetchFn, '/api/x', init, { clock }))).rejects.toThrow(
      'fetch failed',
    )
    expect(calls).toHaveLength(1)
  })

  it('does not retry a Request that carries its own body', async () => {
    const { clock, settle } = fakeClock()
    const { fetchFn, calls } = fakeFetch(fail(networkError()), reply(200))
    const request = new Request('http://localhost/api/x', { method: 'PUT', body: 'x' })
    await expect(settle(fetchWithRetry(fetchFn, request, {}, { clock }))).rejects.toThrow()
    expect(calls).toHaveLength(1)
  })
})

describe('parseRetryAfter', () => {
  const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')

  it.each([
    ['120', 120_000],
    [' 0 ', 0],
    ['Wed, 21 Oct 2015 07:28:30 GMT', 30_000],
    ['Wednesday, 21-Oct-15 07:28:30 GMT', 30_000],
    ['Wed Oct 21 07:28:30 2015', 30_000],
    ['Wed, 21 Oct 2015 07:00:00 GMT', 0],
  ])('%j → %i ms', (header, ms) => {
    expect(parseRetryAfter(header, now)).toBe(ms)
  })

  it.each([null, '', 'soon', '-1', '1.5'])('%j → undefined', (header) => {
    expect(parseRetryAfter(header, now)).toBeUndefined()
  })
})

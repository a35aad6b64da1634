import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { checkUrl, type CheckOptions } from './check-url.ts'
import { startLinkFixture, type LinkFixture } from './link-fixture.ts'

// What one check finds, against a loopback site that misbehaves in every way it can.

let site: LinkFixture
beforeAll(async () => {
  site = await startLinkFixture()
})
afterAll(() => site.close())
beforeEach(() => {
  site.received.length = 0
})

const USER_AGENT = 'Dataportaal-linkcontrole/1.0 (+https://data.voorbeeldstad.nl; Dataportaal)'
const options = (overrides: Partial<CheckOptions> = {}): CheckOptions => ({
  userAgent: USER_AGENT,
  timeoutMs: 1_000,
  maxRedirects: 5,
  waitForHost: async () => undefined,
  ...overrides,
})

const check = (path: string, overrides?: Partial<CheckOptions>) =>
  checkUrl(`${site.base}${path}`, options(overrides))

describe('checkUrl', () => {
  it('finds a page that answers with HEAD alone, naming the portal', async () => {
    expect(await check('/ok')).toEqual({ ok: true, status: 200, error: null })
    expect(site.received).toEqual([
      {
        method: 'HEAD',
        path: '/ok',
        userAgent: USER_AGENT,
        range: undefined,
        at: expect.any(Number),
      },
    ])
  })

  it('asks for one byte with GET when HEAD is refused', async () => {
    expect(await check('/no-head')).toEqual({ ok: true, status: 206, error: null })
    expect(site.received.map((r) => [r.method, r.range])).toEqual([
      ['HEAD', undefined],
      ['GET', 'bytes=0-0'],
    ])
  })

  it('reports a missing page with its status', async () => {
    expect(await check('/missing')).toEqual({ ok: false, status: 404, error: 'HTTP 404' })
  })

  it('follows five redirects and no more', async () => {
    expect(await check('/chain/4')).toEqual({ ok: true, status: 200, error: null })
    expect(site.received.map((r) => r.path)).toEqual([
      '/chain/4',
      '/chain/3',
      '/chain/2',
      '/chain/1',
      '/chain/0',
      '/ok',
    ])
    site.received.length = 0
    const outcome = await check('/loop')
    expect(outcome).toEqual({ ok: false, status: null, error: 'meer dan 5 doorverwijzingen' })
    // HEAD and five redirects; no GET after a loop, which would only loop again.
    expect(site.received).toHaveLength(1 + 5)
  })

  it('gives up on a hanging server at the time limit', async () => {
    const started = Date.now()
    const outcome = await check('/hang', { timeoutMs: 500 })
    expect(Date.now() - started).toBeLessThan(1_500)
    expect(outcome).toEqual({ ok: false, status: null, error: 'geen antwoord binnen 0,5 seconden' })
  })

  it('gives up on a status line that drips in at the time limit', async () => {
    const started = Date.now()
    const outcome = await checkUrl(`${site.dripBase}/`, options({ timeoutMs: 800 }))
    expect(Date.now() - started).toBeLessThan(1_800)
    expect(outcome.ok).toBe(false)
  })

  it('reads nothing of an endless body', async () => {
    const started = Date.now()
    expect(await check('/huge')).toEqual({ ok: true, status: 200, error: null })
    expect(Date.now() - started).toBeLessThan(1_000)
    await expect.poll(() => site.openSockets(), { timeout: 2_000 }).toBe(0)
  })

  it('never connects to a link-local address, not even through a redirect', async () => {
    expect(await check('/to-metadata')).toEqual({
      ok: false,
      status: null,
      error: '169.254.169.254 is een link-local adres; dat wordt nooit bezocht',
    })
    expect(await checkUrl('http://[fe80::1]/', options())).toMatchObject({ ok: false })
  })

  it('checks only http(s) addresses', async () => {
    expect(await checkUrl('ftp://ftp.example.org/data.csv', options())).toEqual({
      ok: false,
      status: null,
      error: 'alleen http- en https-adressen worden gecontroleerd',
    })
  })

  it('says why a connection failed in its own words', async () => {
    const closed = await checkUrl('http://127.0.0.1:1/', options())
    expect(closed).toEqual({
      ok: false,
      status: null,
      error: 'de server weigert de verbinding (ECONNREFUSED)',
    })
  })

  it('waits for a slot of the host before every request', async () => {
    const hosts: string[] = []
    await check('/chain/1', { waitForHost: async (host) => void hosts.push(host) })
    expect(hosts).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1'])
  })
})

import { apiPaths, type PublicConfig } from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, EMPLOYEE, type TestContext } from '../test/app.ts'
import { ConfigError, loadConfig } from './config.ts'

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

describe('operations endpoints', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' })
    const ready = await ctx.app.inject({ url: '/readyz' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ok' })
  })

  it('serves the client configuration', async () => {
    const config = (await ctx.app.inject({ url: `/pubapi${apiPaths.config}` })).json<PublicConfig>()
    expect(config.portalName).toBe('Dataportaal Voorbeeldstad')
    expect(config.auth.scopes).toEqual(['openid', 'profile', 'email', 'offline_access'])
  })

  it('publishes the OpenAPI document generated from the contract, and its docs page', async () => {
    const spec = (await ctx.app.inject({ url: '/api/docs/json' })).json<{
      openapi: string
      paths: Record<string, unknown>
    }>()
    expect(spec.openapi).toMatch(/^3\./)
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/pubapi/search', '/api/search', '/pubapi/documents/{id}']),
    )
    const page = await ctx.app.inject({ url: '/api/docs' })
    expect([200, 302]).toContain(page.statusCode)
  })
})

describe('web app fallback', () => {
  it('answers every unknown page path with the app', async () => {
    for (const url of ['/', '/zoeken?query=fiets', '/documenten/abc', '/bestaat/niet']) {
      const response = await ctx.app.inject({ url })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toContain('text/html')
    }
  })

  it('answers unknown API paths with 404 problem details, not the app', async () => {
    for (const url of ['/pubapi/bestaat-niet', '/api/docs-niet', '/mail/x']) {
      const response = await ctx.app.inject({ url })
      expect(response.statusCode).toBe(404)
      expect(response.headers['content-type']).toContain('application/problem+json')
    }
  })
})

describe('/api requires a valid bearer token', () => {
  const searchUrl = `/api${apiPaths.search}`

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({ url: searchUrl })
    expect(response.statusCode).toBe(401)
    expect(response.headers['www-authenticate']).toBe('Bearer')
    expect(response.json()).toMatchObject({ title: 'Niet aangemeld', status: 401 })
  })

  it('answers 401 for an expired token, a wrong audience or a forged signature', async () => {
    const expired = await ctx.tokenFor(EMPLOYEE, { expiresIn: '-5m' })
    const otherAudience = await ctx.tokenFor(EMPLOYEE, { audience: 'another-app' })
    const valid = await ctx.tokenFor(EMPLOYEE)
    const [head, body] = valid.split('.')
    const forged = `${head}.${body}.${'A'.repeat(342)}`
    for (const token of [expired, otherAudience, forged, 'not-a-jwt']) {
      const response = await ctx.app.inject({
        url: searchUrl,
        headers: { authorization: `Bearer ${token}` },
      })
      expect(response.statusCode).toBe(401)
    }
  })

  it('accepts a valid token and records the employee', async () => {
    const token = await ctx.tokenFor(EMPLOYEE)
    const response = await ctx.app.inject({
      url: searchUrl,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.statusCode).toBe(200)
    const rows = await ctx.db.query('select id, email, display_name from employees')
    expect(rows).toEqual([{ id: EMPLOYEE.oid, email: EMPLOYEE.email, display_name: EMPLOYEE.name }])
  })
})

describe('with an external identity provider (OIDC_AUTHORITY)', () => {
  it('mounts no /oidc, names the authority in the client configuration and allows its origin in the CSP', async () => {
    const authority = 'https://login.microsoftonline.com/0000-tenant/v2.0'
    const external = await createTestContext({ env: { OIDC_AUTHORITY: authority } })
    try {
      const discovery = await external.app.inject({ url: '/oidc/.well-known/openid-configuration' })
      expect(discovery.statusCode).toBe(404)
      const config = (
        await external.app.inject({ url: `/pubapi${apiPaths.config}` })
      ).json<PublicConfig>()
      expect(config.auth).toMatchObject({
        authority,
        scopes: expect.arrayContaining(['user.read']),
      })
      const page = await external.app.inject({ url: '/' })
      expect(page.headers['content-security-policy']).toMatch(
        /connect-src 'self' https:\/\/login\.microsoftonline\.com(;|$)/,
      )
    } finally {
      await external.close()
    }
  })
})

describe('configuration', () => {
  it('stops with a message naming the wrong variable', () => {
    expect(() => loadConfig({ PORT: 'tachtig' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'tachtig' })).toThrow(/PORT: /)
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
    expect(() => loadConfig({ MAX_UPLOAD_MB: '0' })).toThrow(/MAX_UPLOAD_MB/)
    expect(() => loadConfig({ MAP_TILE_URL: 'http://tiles.example/{z}/{x}/{y}.png' })).toThrow(
      /MAP_TILE_URL/,
    )
  })

  it('passes a map tile template to the web app', () => {
    const template = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'
    expect(loadConfig({ MAP_TILE_URL: template, MAP_ATTRIBUTION: '© OpenStreetMap' }).map).toEqual({
      tileUrl: template,
      attribution: '© OpenStreetMap',
    })
    expect(loadConfig({}).map).toEqual({ tileUrl: null, attribution: '' })
  })

  it('has working defaults', () => {
    const config = loadConfig({})
    expect(config.port).toBe(8080)
    expect(config.maxUploadMb).toBe(100)
    expect(config.databaseUrl).toBeUndefined()
  })
})

import fs from 'node:fs/promises'
import path from 'node:path'
import { API_PREFIX, apiPaths } from '@dataportaal/contract'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, EMPLOYEE, TEST_AUDIENCE, type TestContext } from '../../../test/app.ts'
import {
  Browser,
  signInAs,
  startSignIn,
  tokenRequest,
  type FlowOptions,
} from '../../../test/oidc-flow.ts'
import { buildApp } from '../../app.ts'
import { loadConfig } from '../../config.ts'
import { openPglite } from '../../db/client.ts'
import { createSignIn } from '../sign-in.ts'
import { DEV_ADMIN_GROUP } from './accounts.ts'
import { KEYS_FILE } from './keys.ts'
import { DevIdpRefusedError } from './refused.ts'

const PUBLIC_URL = 'http://localhost:8080'
const ISSUER = `${PUBLIC_URL}/oidc`
const flow: FlowOptions = { clientId: TEST_AUDIENCE, redirectUri: `${PUBLIC_URL}/` }

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext({ devIdp: true, env: { PUBLIC_URL } })
})
afterAll(() => ctx.close())

const isAdmin = (token: string) =>
  ctx.app.inject({
    url: `${API_PREFIX.authenticated}${apiPaths.userAdmin}`,
    headers: { authorization: `Bearer ${token}` },
  })

describe('the development identity provider', () => {
  it('publishes its discovery document with the issuer under PUBLIC_URL', async () => {
    const response = await ctx.app.inject({ url: '/oidc/.well-known/openid-configuration' })
    expect(response.statusCode).toBe(200)
    const discovery = response.json<Record<string, unknown>>()
    expect(discovery).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: expect.stringMatching(/\/oidc\/auth$/),
      token_endpoint: expect.stringMatching(/\/oidc\/token$/),
      jwks_uri: expect.stringMatching(/\/oidc\/jwks$/),
      end_session_endpoint: expect.stringMatching(/\/oidc\/session\/end$/),
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    })
    expect(discovery.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']),
    )
  })

  it('shows a Dutch sign-in page with one button per demo account', async () => {
    const browser = new Browser(ctx.app)
    const { response } = await startSignIn(browser, flow)
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toMatch(/^\/oidc\/interaction\/[\w-]+$/)
    const page = await browser.get(String(response.headers.location))
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('<html lang="nl">')
    expect(page.body).toContain('<h1>Inloggen bij de ontwikkel-identiteitsprovider</h1>')
    expect(page.body).toContain('Alleen voor ontwikkelen en testen')
    expect(page.body).toContain('>Inloggen als medewerker</button>')
    expect(page.body).toContain('>Inloggen als beheerder</button>')
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)/)
    expect(page.body).not.toMatch(/\son\w+=/)
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain(`form-action 'self' ${PUBLIC_URL} http://localhost:5173`)
  })

  it('signs in medewerker with code + PKCE: id token with the Entra ID claims, accepted by /api', async () => {
    const tokens = await signInAs(new Browser(ctx.app), 'medewerker', flow)
    expect(tokens.refresh_token).toEqual(expect.any(String))
    expect(tokens.expires_in).toBe(3600)
    expect(decodeProtectedHeader(tokens.id_token).alg).toBe('RS256')
    const claims = decodeJwt(tokens.id_token)
    expect(claims).toMatchObject({
      iss: ISSUER,
      aud: TEST_AUDIENCE,
      sub: 'medewerker',
      oid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      preferred_username: 'medewerker@voorbeeldstad.nl',
      email: 'medewerker@voorbeeldstad.nl',
      name: 'Mirjam Medewerker',
      groups: [],
    })
    expect(claims.exp! - claims.iat!).toBe(3600)

    const answer = await isAdmin(tokens.id_token)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toBe(false)
    const [employee] = await ctx.db.query('select id, email, display_name from employees')
    expect(employee).toEqual({
      id: claims.oid,
      email: 'medewerker@voorbeeldstad.nl',
      display_name: 'Mirjam Medewerker',
    })
  })

  it('signs in beheerder, a member of the admin group, as admin', async () => {
    const tokens = await signInAs(new Browser(ctx.app), 'beheerder', flow)
    expect(decodeJwt(tokens.id_token)).toMatchObject({
      name: 'Bert Beheerder',
      groups: [DEV_ADMIN_GROUP],
    })
    expect((await isAdmin(tokens.id_token)).json()).toBe(true)
  })

  it('renews with the refresh token: a new id token, and the used refresh token is spent', async () => {
    const browser = new Browser(ctx.app)
    const first = await signInAs(browser, 'medewerker', flow)
    const renewed = await tokenRequest(browser, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token!,
      client_id: TEST_AUDIENCE,
    })
    expect(renewed.statusCode).toBe(200)
    const tokens = renewed.json<{ id_token: string; refresh_token: string }>()
    const claims = decodeJwt(tokens.id_token)
    expect(claims).toMatchObject({ sub: 'medewerker', iss: ISSUER, aud: TEST_AUDIENCE })
    expect(claims.iat).toBeGreaterThanOrEqual(decodeJwt(first.id_token).iat!)
    expect(tokens.refresh_token).not.toBe(first.refresh_token)
    expect((await isAdmin(tokens.id_token)).statusCode).toBe(200)

    const reused = await tokenRequest(browser, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token!,
      client_id: TEST_AUDIENCE,
    })
    expect(reused.statusCode).toBe(400)
  })

  it('refuses a code exchange without the PKCE verifier, and a redirect URI it does not know', async () => {
    const browser = new Browser(ctx.app)
    const unknown = await startSignIn(browser, { ...flow, redirectUri: 'https://evil.example/' })
    expect(unknown.response.statusCode).toBe(400)
    expect(unknown.response.body).toContain('Inloggen is niet gelukt')
    expect(unknown.response.body).toContain('redirect_uri')

    const { response } = await startSignIn(browser, flow)
    const interaction = String(response.headers.location)
    const login = await browser.postForm(`${interaction}/login`, { account: 'medewerker' })
    const code = new URL(
      String((await browser.get(String(login.headers.location))).headers.location),
    ).searchParams.get('code')!
    const exchange = await tokenRequest(browser, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: flow.redirectUri,
      client_id: TEST_AUDIENCE,
    })
    expect(exchange.statusCode).toBe(400)
    expect(exchange.json()).toMatchObject({ error: 'invalid_grant' })
  })

  it('refuses a token signed with another key, though its claims are right', async () => {
    const response = await isAdmin(await ctx.tokenFor(EMPLOYEE))
    expect(response.statusCode).toBe(401)
  })

  it('turns down an unknown account and a stale interaction with a page, not a crash', async () => {
    const browser = new Browser(ctx.app)
    const { response } = await startSignIn(browser, flow)
    const interaction = String(response.headers.location)
    const unknown = await browser.postForm(`${interaction}/login`, { account: 'root' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.body).toContain('Dit demo-account bestaat niet.')

    const stranger = new Browser(ctx.app)
    const stale = await stranger.postForm(`${interaction}/login`, { account: 'medewerker' })
    expect(stale.statusCode).toBe(400)
    expect(stale.body).toContain('Deze inlogpoging is verlopen')
  })

  it('answers a NUL byte in a client id, an id or a state without a 5xx (PostgreSQL refuses NUL)', async () => {
    const urls = [
      `/oidc/auth?client_id=%00&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(flow.redirectUri)}`,
      '/oidc/auth?client_id=a%00b',
      '/oidc/interaction/%00',
      '/oidc/session/end?state=a%00b',
    ]
    for (const url of urls) {
      const response = await ctx.app.inject({
        url,
        headers: { cookie: '_session=%00; _interaction=%00' },
      })
      expect(response.statusCode, url).toBeLessThan(500)
    }
  })

  it('returns to the app with an error when sign-in is cancelled', async () => {
    const browser = new Browser(ctx.app)
    const { response } = await startSignIn(browser, flow)
    const abort = await browser.postForm(`${String(response.headers.location)}/abort`, {})
    const back = new URL(
      String((await browser.get(String(abort.headers.location))).headers.location),
    )
    expect(back.origin + back.pathname).toBe(flow.redirectUri)
    expect(back.searchParams.get('error')).toBe('access_denied')
  })

  it('signs out without a click and returns to the post-logout URI; the next sign-in asks again', async () => {
    const browser = new Browser(ctx.app)
    const tokens = await signInAs(browser, 'medewerker', flow)
    // Signed in: a new authorization goes straight back with a code.
    expect((await startSignIn(browser, flow)).response.headers.location).toMatch(/^http.*code=/)

    const query = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: flow.redirectUri,
      state: 'uitgelogd',
    })
    const page = await browser.get(`/oidc/session/end?${query.toString()}`)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<h1>Uitloggen</h1>')
    // The page's own script (same origin, no inline code) submits the form at once.
    expect(page.body).toContain('<script src="/oidc/assets/logout.js" defer></script>')
    const script = await ctx.app.inject({ url: '/oidc/assets/logout.js' })
    expect(script.headers['content-type']).toContain('text/javascript')
    expect(script.body).toContain('form.submit()')
    const form = /<form id="([^"]+)" method="post" action="([^"]+)">/.exec(page.body)!
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)![1]!
    expect(page.body).toContain(`<input type="hidden" form="${form[1]}" name="logout" value="yes">`)

    const confirmed = await browser.postForm(new URL(form[2]!).pathname, { xsrf, logout: 'yes' })
    expect(confirmed.statusCode).toBe(303)
    expect(confirmed.headers.location).toBe(`${flow.redirectUri}?state=uitgelogd`)
    expect((await startSignIn(browser, flow)).response.headers.location).toMatch(
      /^\/oidc\/interaction\//,
    )
  })

  it('returns to the app when logging out without a session, too', async () => {
    const query = new URLSearchParams({
      client_id: TEST_AUDIENCE,
      post_logout_redirect_uri: flow.redirectUri,
    })
    const page = await new Browser(ctx.app).get(`/oidc/session/end?${query.toString()}`)
    expect(page.statusCode).toBe(200)
    // oidc-provider's own auto-submitting form; its inline script is allowed by hash only.
    expect(page.body).toContain('name="logout" value="yes"')
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[^']+'/)
  })

  it('lets the Vite dev server call the token endpoint (CORS), and no other origin', async () => {
    // Discovery and keys are open to any origin; the token endpoint to the client's.
    const preflight = (origin: string) =>
      ctx.app.inject({
        method: 'OPTIONS',
        url: '/oidc/token',
        headers: { origin, 'access-control-request-method': 'POST' },
      })
    const token = async (origin: string) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/oidc/token',
          headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
          payload: `grant_type=refresh_token&refresh_token=x&client_id=${TEST_AUDIENCE}`,
        })
      ).headers['access-control-allow-origin']
    expect((await preflight('http://localhost:5173')).statusCode).toBe(204)
    expect(await token('http://localhost:5173')).toBe('http://localhost:5173')
    expect(await token('https://evil.example')).toBeUndefined()
    const discovery = await ctx.app.inject({
      url: '/oidc/.well-known/openid-configuration',
      headers: { origin: 'http://localhost:5173' },
    })
    expect(discovery.headers['access-control-allow-origin']).toBe('http://localhost:5173')
  })

  it('keeps tokens and sessions valid across a restart (keys in DATA_DIR, state in the database)', async () => {
    const tokens = await signInAs(new Browser(ctx.app), 'beheerder', flow)
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: ctx.dataDir,
      OIDC_CLIENT_ID: TEST_AUDIENCE,
      PUBLIC_URL,
      WEB_DIST_DIR: path.join(ctx.dataDir, 'no-web-build'),
    })
    const signIn = await createSignIn({ config, db: ctx.db })
    const restarted = await buildApp({
      config,
      db: ctx.db,
      store: ctx.store,
      verifyToken: signIn.verifyToken,
      devIdp: signIn.devIdp,
    })
    try {
      const answer = await restarted.inject({
        url: `${API_PREFIX.authenticated}${apiPaths.userAdmin}`,
        headers: { authorization: `Bearer ${tokens.id_token}` },
      })
      expect(answer.json()).toBe(true)
      const renewed = await tokenRequest(new Browser(restarted), {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
        client_id: TEST_AUDIENCE,
      })
      expect(renewed.statusCode).toBe(200)
    } finally {
      await restarted.close()
    }
  })

  it('keeps its keys in DATA_DIR, readable by the owner only', async () => {
    const stat = await fs.stat(path.join(ctx.dataDir, KEYS_FILE))
    expect(stat.mode & 0o777).toBe(0o600)
    const jwks = (await ctx.app.inject({ url: '/oidc/jwks' })).json<{ keys: object[] }>()
    expect(jwks.keys).toHaveLength(1)
    expect(jwks.keys[0]).not.toHaveProperty('d')
  })
})

describe('reach of the development identity provider', () => {
  const DISCOVERY = '/oidc/.well-known/openid-configuration'

  it('answers only this machine when it runs because PUBLIC_URL is a loopback address', async () => {
    const fromNetwork = await ctx.app.inject({
      url: DISCOVERY,
      remoteAddress: '192.168.1.20',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    })
    expect(fromNetwork.statusCode).toBe(403)
    expect(fromNetwork.body).toContain('alleen op deze computer')
    expect(fromNetwork.body).not.toContain(ISSUER)
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const answer = await ctx.app.inject({ url: DISCOVERY, remoteAddress: local })
      expect(answer.statusCode, local).toBe(200)
    }
  })

  it('answers the network when DEV_IDP=true says it may (a test server)', async () => {
    const other = await createTestContext({
      devIdp: true,
      env: { PUBLIC_URL: 'https://test.voorbeeldstad.nl', DEV_IDP: 'true' },
    })
    try {
      const answer = await other.app.inject({ url: DISCOVERY, remoteAddress: '192.168.1.20' })
      expect(answer.statusCode).toBe(200)
    } finally {
      await other.close()
    }
  })
})

describe('start-up', () => {
  it('refuses to run the development identity provider with NODE_ENV=production', async () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: ctx.dataDir })
    const db = await openPglite()
    try {
      await expect(createSignIn({ config, db })).rejects.toThrow(DevIdpRefusedError)
      await expect(createSignIn({ config, db })).rejects.toThrow(/OIDC_AUTHORITY/)
    } finally {
      await db.close()
    }
  })

  it('uses the first ADMIN_GROUPS value for the demo admin, and DEV_IDP_TOKEN_TTL_SECONDS', async () => {
    const other = await createTestContext({
      devIdp: true,
      env: {
        PUBLIC_URL,
        ADMIN_GROUPS: 'portal-beheer,andere-groep',
        DEV_IDP_TOKEN_TTL_SECONDS: '60',
      },
    })
    try {
      const tokens = await signInAs(new Browser(other.app), 'beheerder', flow)
      const claims = decodeJwt(tokens.id_token)
      expect(claims.groups).toEqual(['portal-beheer'])
      expect(claims.exp! - claims.iat!).toBe(60)
      expect(tokens.expires_in).toBe(60)
      const answer = await other.app.inject({
        url: `${API_PREFIX.authenticated}${apiPaths.userAdmin}`,
        headers: { authorization: `Bearer ${tokens.id_token}` },
      })
      expect(answer.json()).toBe(true)
    } finally {
      await other.close()
    }
  })
})

import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { API_PREFIX, apiPaths } from '@dataportaal/contract'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestDb } from '../../test/db.ts'
import {
  startFakeIdentityProvider,
  type FakeIdentityProvider,
} from '../../test/fake-identity-provider.ts'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { Db } from '../db/client.ts'
import { LocalFileStore } from '../storage/local-file-store.ts'
import { createOidcVerifier, type ProviderTiming } from './identity-provider.ts'
import { createSignIn } from './sign-in.ts'

const ADMIN_EMAIL = 'baas@voorbeeldstad.nl'
const ADMIN_URL = `${API_PREFIX.authenticated}${apiPaths.userAdmin}`

let db: Db
let dataDir: string
let provider: FakeIdentityProvider
const apps: FastifyInstance[] = []

beforeAll(async () => {
  db = await createTestDb()
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-idp-'))
})
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()))
  await provider.close()
})
afterAll(async () => {
  await db.close()
  await fs.rm(dataDir, { recursive: true, force: true })
})

/**
 * The real app signing in with `provider` as OIDC_AUTHORITY, as main.ts builds it; with
 * `timing`, the verifier waits and backs off that long instead (the defaults take seconds).
 */
async function portal(timing?: ProviderTiming) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    OIDC_AUTHORITY: provider.url,
    OIDC_CLIENT_ID: provider.audience,
    ADMIN_EMAILS: ADMIN_EMAIL,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    MAX_EVENT_LOOP_DELAY_MS: '0',
  })
  const verifyToken = timing
    ? createOidcVerifier(provider.url, provider.audience, timing)
    : (await createSignIn({ config, db })).verifyToken
  const store = new LocalFileStore(path.join(dataDir, 'files'))
  const app = await buildApp({ config, db, store, verifyToken })
  apps.push(app)
  return app
}

const askAdmin = (app: FastifyInstance, token: string) =>
  app.inject({ url: ADMIN_URL, headers: { authorization: `Bearer ${token}` } })

describe("the identity provider's tokens", () => {
  it('answers 401 for a signed token without an expiry (exp)', async () => {
    provider = await startFakeIdentityProvider()
    const app = await portal()
    const claims = { sub: 'zonder-einde', name: 'Nooit Verlopen' }
    expect((await askAdmin(app, await provider.sign(claims))).statusCode).toBe(200)
    const answer = await askAdmin(app, await provider.sign(claims, { expires: false }))
    expect(answer.statusCode).toBe(401)
    expect(answer.headers['content-type']).toContain('application/problem+json')
  })

  it('makes an admin by e-mail only when the provider vouches for the address', async () => {
    provider = await startFakeIdentityProvider()
    const app = await portal()
    const isAdmin = async (claims: Record<string, unknown>) => {
      const answer = await askAdmin(app, await provider.sign({ sub: 'baas', ...claims }))
      expect(answer.statusCode).toBe(200)
      return answer.json<boolean>()
    }
    expect(await isAdmin({ email: ADMIN_EMAIL })).toBe(false)
    expect(await isAdmin({ email: ADMIN_EMAIL, email_verified: false })).toBe(false)
    // Some providers send it as a string; only a real true counts.
    expect(await isAdmin({ email: ADMIN_EMAIL, email_verified: 'true' })).toBe(false)
    // preferred_username is shown, but it is no vouched-for e-mail (Keycloak: a user name).
    expect(await isAdmin({ preferred_username: ADMIN_EMAIL })).toBe(false)
    expect(
      await isAdmin({
        preferred_username: ADMIN_EMAIL,
        email: 'iemand@voorbeeldstad.nl',
        email_verified: true,
      }),
    ).toBe(false)
    expect(await isAdmin({ email: 'Baas@Voorbeeldstad.nl', email_verified: true })).toBe(true)
  })
})

describe('an identity provider that does not answer', () => {
  const TIMING: ProviderTiming = { timeoutMs: 1_000, backoffMs: 20_000 }

  /** /api's answer, and how long it took. */
  async function timedAsk(app: FastifyInstance) {
    const token = await provider.sign({ sub: 'wachter' })
    const started = Date.now()
    const answer = await askAdmin(app, token)
    return { answer, ms: Date.now() - started }
  }

  const expectUnavailable = (answer: Awaited<ReturnType<typeof askAdmin>>) => {
    expect(answer.statusCode).toBe(503)
    expect(answer.headers['content-type']).toContain('application/problem+json')
    expect(answer.json<{ detail: string }>().detail).toContain(
      'De aanmeldservice is tijdelijk niet bereikbaar',
    )
    const retryAfter = Number(answer.headers['retry-after'])
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(20)
    // Not a sign-in problem: the web app must not sign the employee out.
    expect(answer.headers['www-authenticate']).toBeUndefined()
  }

  it('answers 503 within the timeout, then fails fast without asking again during the back-off', async () => {
    provider = await startFakeIdentityProvider()
    provider.discovery = 'stall'
    const app = await portal(TIMING)

    const first = await timedAsk(app)
    expectUnavailable(first.answer)
    expect(first.ms).toBeGreaterThanOrEqual(TIMING.timeoutMs - 50)
    expect(first.ms).toBeLessThan(TIMING.timeoutMs + 2_000)
    expect(provider.requests()).toBe(1)

    // Well within the timeout: it did not wait for the provider again.
    const second = await timedAsk(app)
    expectUnavailable(second.answer)
    expect(second.ms).toBeLessThan(TIMING.timeoutMs / 2)
    expect(provider.requests()).toBe(1)
  })

  it('answers 503 when its key set stalls, too', async () => {
    provider = await startFakeIdentityProvider()
    provider.keys = 'stall'
    const app = await portal(TIMING)
    const { answer, ms } = await timedAsk(app)
    expectUnavailable(answer)
    expect(ms).toBeLessThan(TIMING.timeoutMs + 2_000)
  })

  it('asks again once the back-off is over, and signs in when the provider is back', async () => {
    provider = await startFakeIdentityProvider()
    provider.discovery = 'stall'
    const app = await portal({ timeoutMs: 200, backoffMs: 300 })
    expectUnavailable((await timedAsk(app)).answer)
    provider.discovery = 'answer'
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect((await timedAsk(app)).answer.statusCode).toBe(200)
  })
})

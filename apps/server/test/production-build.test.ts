import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { API_PREFIX, apiPaths, PublicConfig } from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn } from './http-sign-in.ts'
import { DEV_ADMIN_GROUP } from '../src/auth/dev-idp/accounts.ts'
import { createPostgresDatabase } from './db.ts'
import { startPortal } from './portal-of-the-run.ts'
import type { RunningPortal } from './running-portal.ts'
import {
  freePort,
  startServerProcess,
  waitUntilReady,
  type ServerProcess,
} from './server-process.ts'

/**
 * The build as an operator runs it (`npm run build`, made once per run by
 * test/global-setup.ts), started the first time on an empty data directory with
 * NODE_ENV=production, signing people in at an identity provider in another process. That
 * provider is a second portal on its own port with the built-in development provider: a real
 * OpenID provider, reached over loopback HTTP only.
 */
describe('the production build', () => {
  let provider: RunningPortal
  let production: ServerProcess
  let productionUrl: string
  let dataDir: string
  let dropDatabase: (() => Promise<void>) | undefined

  beforeAll(async () => {
    provider = await startPortal()
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-production-'))
    const postgres = process.env.DATABASE_URL
      ? await createPostgresDatabase(process.env.DATABASE_URL)
      : null
    dropDatabase = postgres?.drop
    const port = await freePort()
    productionUrl = `http://127.0.0.1:${port}`
    production = startServerProcess({
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: productionUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: postgres?.url ?? '',
      DEMO_CONTENT: 'false',
      OIDC_AUTHORITY: `${provider.url}/oidc`,
      OIDC_CLIENT_ID: 'dataportaal',
      ADMIN_GROUPS: DEV_ADMIN_GROUP,
    })
    await waitUntilReady(port, production)
  })

  afterAll(async () => {
    if (production && production.child.exitCode === null) {
      production.child.kill('SIGKILL')
      await production.exit
    }
    await provider?.dispose()
    await dropDatabase?.()
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
  })

  const askIsAdmin = (idToken?: string) =>
    fetch(`${productionUrl}${API_PREFIX.authenticated}${apiPaths.userAdmin}`, {
      headers: idToken ? { authorization: `Bearer ${idToken}` } : {},
    })

  it('accepts the id token of a sign-in at the external provider (code flow with PKCE)', async () => {
    const { idToken } = await signIn(provider.url, 'beheerder')
    const answer = await askIsAdmin(idToken)
    expect(answer.status).toBe(200)
    expect(await answer.json()).toBe(true)
  })

  it('refuses the API without a token', async () => {
    expect((await askIsAdmin()).status).toBe(401)
  })

  it('runs no identity provider of its own', async () => {
    const discovery = await fetch(`${productionUrl}/oidc/.well-known/openid-configuration`)
    expect(discovery.status).toBe(404)
    await discovery.arrayBuffer()
  })

  it('says in its configuration that the external provider signs people in', async () => {
    const answer = await fetch(`${productionUrl}${API_PREFIX.public}${apiPaths.config}`)
    const config = PublicConfig.parse(await answer.json())
    expect(config.auth.authority).toBe(`${provider.url}/oidc`)
  })
})

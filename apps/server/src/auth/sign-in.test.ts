import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startServerProcess, waitUntilReady } from '../../test/server-process.ts'
import { ConfigError, loadConfig } from '../config.ts'
import { DevIdpRefusedError } from './dev-idp/refused.ts'
import { assertSignInAllowed } from './sign-in.ts'

const PUBLIC = 'https://data.voorbeeldstad.nl'

/** What start-up decides for this environment: null when the server would start. */
function refusal(env: Record<string, string>): string | null {
  try {
    assertSignInAllowed(loadConfig(env))
    return null
  } catch (error) {
    if (error instanceof DevIdpRefusedError) return error.message
    throw error
  }
}

describe('the built-in development identity provider', () => {
  it('runs on a loopback PUBLIC_URL, the default included', () => {
    expect(refusal({})).toBeNull()
    expect(refusal({ OIDC_AUTHORITY: '' })).toBeNull()
    for (const url of [
      'http://localhost:8080',
      'http://LOCALHOST:3000',
      'http://127.0.0.1:8080',
      'http://127.8.9.10',
      'http://[::1]:8080',
    ]) {
      expect(refusal({ PUBLIC_URL: url }), url).toBeNull()
    }
  })

  it('is refused on any other address, with the variables to set', () => {
    const message = refusal({ OIDC_AUTHORITY: '', PUBLIC_URL: PUBLIC })
    expect(message).toContain('OIDC_AUTHORITY')
    expect(message).toContain('OIDC_CLIENT_ID')
    expect(message).toContain('DEV_IDP=true')
    for (const url of [
      'http://localhost.voorbeeldstad.nl',
      'http://127.0.0.1.nip.io',
      'http://0.0.0.0:8080',
      'http://10.0.0.5:8080',
      'http://[::ffff:7f00:1]:8080',
    ]) {
      expect(refusal({ PUBLIC_URL: url }), url).toContain('DEV_IDP=true')
    }
  })

  it('runs elsewhere with DEV_IDP=true, but never with NODE_ENV=production', () => {
    expect(refusal({ PUBLIC_URL: PUBLIC, DEV_IDP: 'true' })).toBeNull()
    const production = refusal({ NODE_ENV: 'production', DEV_IDP: 'true' })
    expect(production).toContain('NODE_ENV=production')
    expect(production).toContain('OIDC_AUTHORITY')
  })

  it('refuses DEV_IDP=true together with OIDC_AUTHORITY as contradictory', () => {
    const both = { OIDC_AUTHORITY: 'https://login.example.test/tenant/v2.0', DEV_IDP: 'true' }
    expect(() => loadConfig(both)).toThrow(ConfigError)
    expect(() => loadConfig(both)).toThrow(/DEV_IDP.*OIDC_AUTHORITY/)
  })
})

describe('a server on a public address without OIDC_AUTHORITY', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-sign-in-'))
  })
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }))

  it('does not start, so it serves no /oidc, and says what to set', async () => {
    const port = await freePort()
    const server = startServerProcess({
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: PUBLIC,
      OIDC_AUTHORITY: '',
      DEMO_CONTENT: 'false',
    })
    try {
      // Whichever comes first: the process ending, or it serving.
      const outcome = await Promise.race([
        server.exit.then((code) => ({ exitCode: code })),
        waitUntilReady(port, server).then(() => 'serving' as const),
      ])
      expect(outcome).toEqual({ exitCode: 1 })
      expect(server.output()).toContain('OIDC_AUTHORITY')
      expect(server.output()).toContain('DEV_IDP=true')
      await expect(
        fetch(`http://127.0.0.1:${port}/oidc/.well-known/openid-configuration`),
      ).rejects.toThrow()
    } finally {
      if (server.child.exitCode === null) {
        server.child.kill('SIGKILL')
        await server.exit
      }
    }
  })
})

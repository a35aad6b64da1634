import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '../src/db/client.ts'
import { freePort, startServerProcess as startServer, waitUntilReady } from './server-process.ts'

/** The real server process: start-up, restart, shutdown and refusal, as an operator sees them. */
let dataDir: string

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-main-'))
})
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }))

describe('the server process', () => {
  it('stops at start-up with a message naming a wrong variable', async () => {
    const started = startServer({ DATA_DIR: dataDir, MAX_UPLOAD_MB: 'veel' })
    expect(await started.exit).toBe(1)
    expect(started.output()).toContain('MAX_UPLOAD_MB: ')
  })

  it('refuses the built-in identity provider in production, naming OIDC_AUTHORITY', async () => {
    const started = startServer({ DATA_DIR: dataDir, NODE_ENV: 'production', OIDC_AUTHORITY: '' })
    expect(await started.exit).toBe(1)
    expect(started.output()).toContain('OIDC_AUTHORITY is not set')
    expect(started.output()).toContain('NODE_ENV=production')
  })

  it('keeps its data across a restart, refuses a second process, and shuts down cleanly', async () => {
    const port = await freePort()
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DEMO_CONTENT: 'false' }
    const first = startServer(env)
    await waitUntilReady(port, first)
    await fetch(`http://127.0.0.1:${port}/pubapi/search?query=restarttest`)

    const second = startServer({ ...env, PORT: String(await freePort()) })
    expect(await second.exit).toBe(1)
    expect(second.output()).toContain('in use by process')

    first.child.kill('SIGTERM')
    expect(await first.exit).toBe(0)
    expect(first.output()).toContain('"msg":"stopped"')

    const again = startServer(env)
    await waitUntilReady(port, again)
    await fetch(`http://127.0.0.1:${port}/pubapi/search?query=restarttest`)
    again.child.kill('SIGINT')
    expect(await again.exit).toBe(0)

    // Both searches, one before and one after the restart, are in the log on disk.
    const db = await openPglite(dataDir)
    const rows = await db.query(`select 1 from search_log where query = 'restarttest'`)
    await db.close()
    expect(rows).toHaveLength(2)
  })
})

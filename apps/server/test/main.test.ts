import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '../src/db/client.ts'

/** The real server process: start-up, restart, shutdown and refusal, as an operator sees them. */
const SERVER_DIR = path.resolve(import.meta.dirname, '..')
let dataDir: string

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })

interface Started {
  child: ChildProcess
  output: () => string
  exit: Promise<number | null>
}

function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, DATABASE_URL: '', INIT_CWD: SERVER_DIR, ...env },
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exit = new Promise<number | null>((resolve) => child.on('exit', resolve))
  return { child, output: () => output, exit }
}

async function waitUntilReady(port: number, started: Started) {
  for (let attempt = 0; attempt < 300; attempt++) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null)
    if (ready?.ok) return
    if (started.child.exitCode !== null) throw new Error(`server exited: ${started.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`server not ready: ${started.output()}`)
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-main-'))
})
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }))

describe('the server process', () => {
  it('stops at start-up with a message naming a wrong variable', async () => {
    const started = startServer({ DATA_DIR: dataDir, MAX_UPLOAD_MB: 'veel' })
    expect(await started.exit).toBe(1)
    expect(started.output()).toContain('MAX_UPLOAD_MB="veel"')
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

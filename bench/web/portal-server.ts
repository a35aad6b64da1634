import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { REPO_ROOT } from './paths.ts'

export interface Portal {
  /** http://localhost:PORT, as a browser opens it. */
  url: string
  stop: () => Promise<void>
}

const READY_TIMEOUT_MS = 180_000
const STOP_GRACE_MS = 10_000

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/**
 * The real server as `npm start` runs it (the build, which `npm run web` makes first), with
 * the demo catalogue in a new embedded database (PGlite) in a temporary directory, serving the
 * web app from `webDistDir`.
 * Resolves when /readyz answers, which is after the demo catalogue is loaded.
 */
export async function startPortal(options: { webDistDir: string; port: number }): Promise<Portal> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dataportaal-bench-web-'))
  const url = `http://localhost:${options.port}`
  const child = spawn('npm', ['run', 'start', '-w', 'apps/server'], {
    cwd: REPO_ROOT,
    // A process group of its own, so stopping reaches npm and the server.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: options.webDistDir,
      DEMO_CONTENT: 'true',
      LOG_LEVEL: 'warn',
      // Never a developer's PostgreSQL, identity provider, mail server or map tiles.
      DATABASE_URL: '',
      OIDC_AUTHORITY: '',
      SMTP_URL: '',
      MAP_TILE_URL: '',
    },
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const running = () => child.exitCode === null && child.signalCode === null

  const signal = (name: NodeJS.Signals | 0) => {
    try {
      process.kill(-child.pid!, name)
      return true
    } catch {
      return false // ESRCH: no process of the group is left.
    }
  }
  const stop = async () => {
    // The server closes its database on SIGTERM; wait for it before removing the directory.
    signal('SIGTERM')
    const until = Date.now() + STOP_GRACE_MS
    while (signal(0) && Date.now() < until) await sleep(100)
    signal('SIGKILL')
    await fs.rm(dataDir, { recursive: true, force: true })
  }

  const deadline = Date.now() + READY_TIMEOUT_MS
  while (!(await isReady(options.port))) {
    if (!running() || Date.now() > deadline) {
      await stop()
      const why = running() ? `not ready after ${READY_TIMEOUT_MS / 1000} s` : 'exited'
      throw new Error(`The portal server ${why}:\n${stderr}`)
    }
    await sleep(500)
  }
  return { url, stop }
}

async function isReady(port: number) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/readyz`)
    return response.ok
  } catch {
    return false
  }
}

import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { MEMORY_MARK, type HeapAfterGc } from './gc-signal.ts'

/** The server under load: our own child process (`src/main.ts` through tsx) or one at --url. */
export interface SoakServer {
  baseUrl: string
  /** For /proc memory figures; null when unknown (--url without --pid). */
  pid: number | null
  /** The child's temporary DATA_DIR (PGlite and files), null for --url. */
  dataDir: string | null
  /** A full garbage collection in the server and its heap after it; null if not ours. */
  collectGarbage: (() => Promise<HeapAfterGc | null>) | null
  /** Lines the server logged at level error or fatal, and its last lines of output. */
  log: () => { errors: string[]; errorCount: number; tail: string[] }
  /** Stops a child (SIGTERM, then SIGKILL) and gives its exit code; nothing for --url. */
  stop: () => Promise<number | null>
}

const SERVER_DIR = path.resolve(import.meta.dirname, '..', '..', 'apps', 'server')
const GC_SIGNAL = pathToFileURL(path.join(import.meta.dirname, 'gc-signal.ts')).href
const READY_TIMEOUT_MS = 180_000
const STOP_TIMEOUT_MS = 15_000
const GC_TIMEOUT_MS = 10_000
/** pino's numeric levels: 50 error, 60 fatal. */
const ERROR_LEVEL = 50

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })

export function externalServer(url: string, pid: number | null): SoakServer {
  return {
    baseUrl: url.replace(/\/$/, ''),
    pid,
    dataDir: null,
    collectGarbage: null,
    log: () => ({ errors: [], errorCount: 0, tail: [] }),
    stop: async () => null,
  }
}

/**
 * Starts `src/main.ts` from its sources through tsx, with `npm start`'s defaults (PGlite, the
 * demo catalogue, the built-in identity provider), on a fresh temporary DATA_DIR and a free
 * port, with --expose-gc and the gc-signal preload, and waits for /readyz.
 */
export async function startChildServer(env: Record<string, string> = {}): Promise<SoakServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dataportaal-soak-'))
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--import', GC_SIGNAL, 'src/main.ts'],
    {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: '',
        OIDC_AUTHORITY: '',
        INIT_CWD: SERVER_DIR,
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        DEMO_CONTENT: 'true',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))

  // The output must be read, or the server blocks on a full pipe; only a little is kept.
  const tail: string[] = []
  const errors: string[] = []
  let errorCount = 0
  let gcWaiter: ((figures: HeapAfterGc) => void) | null = null
  const onLine = (line: string) => {
    if (line.startsWith(MEMORY_MARK)) {
      gcWaiter?.(JSON.parse(line.slice(MEMORY_MARK.length)) as HeapAfterGc)
      gcWaiter = null
      return
    }
    tail.push(line)
    if (tail.length > 40) tail.shift()
    const level = /^\{"level":(\d+)/.exec(line)?.[1]
    if (level && Number(level) >= ERROR_LEVEL) {
      errorCount++
      if (errors.length < 10) errors.push(line.slice(0, 2000))
    }
  }
  for (const stream of [child.stdout, child.stderr]) {
    let partial = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n')
      partial = lines.pop() ?? ''
      lines.forEach(onLine)
    })
  }

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    const code = await Promise.race([exited, sleep(STOP_TIMEOUT_MS).then(() => 'timeout' as const)])
    if (code !== 'timeout') return code
    child.kill('SIGKILL')
    return exited
  }

  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited (${child.exitCode}) at start-up:\n${tail.join('\n')}`)
    }
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) break
    if (Date.now() - started > READY_TIMEOUT_MS) {
      await stop()
      throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s`)
    }
    await sleep(250)
  }

  return {
    baseUrl,
    pid: child.pid ?? null,
    dataDir,
    collectGarbage: async () => {
      if (child.exitCode !== null) return null
      const figures = new Promise<HeapAfterGc>((resolve) => (gcWaiter = resolve))
      child.kill('SIGUSR2')
      const result = await Promise.race([figures, sleep(GC_TIMEOUT_MS).then(() => null)])
      gcWaiter = null
      return result
    },
    log: () => ({ errors, errorCount, tail }),
    stop,
  }
}

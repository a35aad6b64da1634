import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'

/**
 * The real server process, for tests of start-up and crashes: the build, as `npm start` and
 * production run it (`node dist/main.js`; test/global-setup.ts builds it once per run).
 */
export const SERVER_DIR = path.resolve(import.meta.dirname, '..')

export interface ServerProcess {
  child: ChildProcess
  /** Everything it printed so far, stdout and stderr. */
  output: () => string
  exit: Promise<number | null>
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })

/** Starts the server with `env` over the test's own environment, on PGlite unless told otherwise. */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: SERVER_DIR,
    // No drain on SIGTERM unless a test asks: it would only add seconds to every stop.
    env: {
      ...process.env,
      DATABASE_URL: '',
      INIT_CWD: SERVER_DIR,
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...env,
    },
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exit = new Promise<number | null>((resolve) => child.on('exit', resolve))
  return { child, output: () => output, exit }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `check` until it gives a truthy result; fails early, with its output, if `server` exits. */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | null | false>,
  server?: ServerProcess,
  timeoutMs = 30_000,
): Promise<T> {
  for (let attempt = 0; attempt < timeoutMs / 100; attempt++) {
    const result = await check().catch(() => null)
    if (result) return result
    if (server && server.child.exitCode !== null) {
      throw new Error(`server exited: ${server.output()}`)
    }
    await sleep(100)
  }
  throw new Error(`${what}: not reached. ${server?.output() ?? ''}`)
}

/** Waits for `/readyz` of the server on `port`. */
export const waitUntilReady = (port: number, server: ServerProcess) =>
  waitUntil('ready', async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok, server)

import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { importJWK, SignJWT, type JWK } from 'jose'
import { accountClaims, demoAccounts } from '../src/auth/dev-idp/accounts.ts'
import { KEYS_FILE } from '../src/auth/dev-idp/keys.ts'
import { openDatabase, type Db } from '../src/db/client.ts'
import { copyMigratedDatabase, type createPostgresDatabase } from './db.ts'
import {
  freePort,
  startServerProcess,
  waitUntilReady,
  type ServerProcess,
} from './server-process.ts'

/**
 * The real server process on its own data directory: on PGlite, or on a new database of the
 * PostgreSQL server (test/portal-of-the-run.ts starts it on the run's database). For tests of
 * what an operator sees: crashes, restarts, a process that must stay up. This module reads no
 * DATABASE_URL, so a test that starts only an embedded portal is not run again on PostgreSQL
 * (test/database-files.ts).
 */
export interface RunningPortal {
  url: string
  dataDir: string
  server: ServerProcess
  /** Starts the process again on the same data (after it stopped or was killed). */
  restart(): Promise<void>
  /** SIGTERM, and its exit code. */
  stop(): Promise<number | null>
  /** An id token of the demo employee, signed with the built-in provider's key. */
  employeeToken(): Promise<string>
  /** The database, opened here; on PGlite only while the process is stopped (it locks it). */
  openDb(): Promise<Db>
  /** Stops the process if it runs and removes the data and the database. */
  dispose(): Promise<void>
}

/** An id token of the demo employee, signed with the built-in provider's key in `dataDir`. */
export const demoEmployeeToken = (dataDir: string, publicUrl: string) =>
  demoAccountToken(dataDir, publicUrl, 'medewerker')

/** An id token of a demo account (`medewerker`, or `beheerder`: an admin), signed likewise. */
export async function demoAccountToken(
  dataDir: string,
  publicUrl: string,
  username: 'medewerker' | 'beheerder',
): Promise<string> {
  const { signingKey } = JSON.parse(await fs.readFile(path.join(dataDir, KEYS_FILE), 'utf8')) as {
    signingKey: JWK & { kid: string }
  }
  const account = demoAccounts('dataportaal-beheerders').find((a) => a.username === username)!
  return new SignJWT(accountClaims(account))
    .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid })
    .setIssuer(`${publicUrl}/oidc`)
    .setAudience('dataportaal')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(await importJWK(signingKey, 'RS256'))
}

/** Neither exited nor killed by a signal. */
export const isRunning = (server: ServerProcess) =>
  server.child.exitCode === null && server.child.signalCode === null

/** A database of the PostgreSQL server, made and dropped by test/db.ts. */
export type PostgresTestDatabase = Awaited<ReturnType<typeof createPostgresDatabase>>

/**
 * Starts a portal on the embedded database (a copy of the run's migrated one), whatever
 * DATABASE_URL says: for tests of the process itself, not of its database.
 */
export const startEmbeddedPortal = (env: Record<string, string> = {}) => startPortalOn(null, env)

/**
 * Starts a portal on `postgres`, or on the embedded database when null; either is a copy of
 * the run's migrated database (test/global-setup.ts). The portal drops `postgres` on dispose.
 */
export async function startPortalOn(
  postgres: PostgresTestDatabase | null,
  env: Record<string, string> = {},
): Promise<RunningPortal> {
  const dataDir = await copyMigratedDatabase(
    await fs.mkdtemp(path.join(os.tmpdir(), 'portal-process-')),
  )
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const fullEnv = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DEMO_CONTENT: 'false',
    DATABASE_URL: postgres?.url ?? '',
    ...env,
  }
  const start = async () => {
    const server = startServerProcess(fullEnv)
    await waitUntilReady(port, server)
    return server
  }
  const portal: RunningPortal = {
    url,
    dataDir,
    server: await start(),
    async restart() {
      portal.server = await start()
    },
    async stop() {
      if (!isRunning(portal.server)) return portal.server.child.exitCode
      portal.server.child.kill('SIGTERM')
      return portal.server.exit
    },
    employeeToken: () => demoEmployeeToken(dataDir, url),
    openDb: () => openDatabase({ databaseUrl: postgres?.url, dataDir }),
    async dispose() {
      if (isRunning(portal.server)) {
        portal.server.child.kill('SIGKILL')
        await portal.server.exit
      }
      await postgres?.drop()
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
  return portal
}

import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { ContainerClient, StorageSharedKeyCredential } from '@azure/storage-blob'
import { LocalFileStore } from '../src/storage/local-file-store.ts'
import { AzureBlobFileStore } from '../src/storage/azure-blob-file-store.ts'
import type { FileStore } from '../src/storage/file-store.ts'
import { freePort } from './server-process.ts'

/** Azurite's published development account (not a secret: it is in Microsoft's docs). */
export const AZURITE_ACCOUNT = 'devstoreaccount1'
export const AZURITE_KEY =
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=='

const AZURITE_BIN = path.resolve(import.meta.dirname, '../../../node_modules/.bin/azurite-blob')

export interface Azurite {
  /** `http://127.0.0.1:<port>/devstoreaccount1`; a container URL is this plus `/<name>`. */
  accountUrl: string
  /** A new, empty container (a fresh name per call, so tests of one file do not meet). */
  createContainer(): Promise<{ url: string; client: ContainerClient }>
  stop(): Promise<void>
}

/**
 * Azurite's blob service in memory on a free loopback port, for one test file. Telemetry is
 * off: the test machines have no internet, and tests reach nothing beyond loopback.
 */
export async function startAzurite(): Promise<Azurite> {
  const port = await freePort()
  const child = spawn(
    AZURITE_BIN,
    [
      '--inMemoryPersistence',
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      String(port),
      '--skipApiVersionCheck',
      '--silent',
      '--disableTelemetry',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  // Should the test process end without `stop` (a crash, a timeout), Azurite ends with it.
  const killOnExit = () => child.kill('SIGTERM')
  process.once('exit', killOnExit)
  const accountUrl = `http://127.0.0.1:${port}/${AZURITE_ACCOUNT}`
  const credential = new StorageSharedKeyCredential(AZURITE_ACCOUNT, AZURITE_KEY)
  const client = (name: string) => new ContainerClient(`${accountUrl}/${name}`, credential)

  // Tried once per round: the SDK's own retries would wait seconds between attempts.
  const probe = new ContainerClient(`${accountUrl}/probe`, credential, {
    retryOptions: { maxTries: 1 },
  })
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`azurite exited: ${stderr}`)
    try {
      await probe.createIfNotExists()
      break
    } catch (error) {
      if (attempt < 200) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        continue
      }
      // Not left running after the test file: it would outlive the test run.
      child.kill('SIGTERM')
      throw error
    }
  }
  return {
    accountUrl,
    createContainer: async () => {
      const name = `files-${randomBytes(6).toString('hex')}`
      await client(name).create()
      return { url: `${accountUrl}/${name}`, client: client(name) }
    },
    stop: async () => {
      process.off('exit', killOnExit)
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

export type Driver = 'local' | 'azure'
export const DRIVERS: readonly Driver[] = ['local', 'azure']

/**
 * A fresh store of `driver` with its temporary files under `dataDir/files/tmp`, as the
 * configuration would build it; the Azure one in a new container of `azurite`.
 */
export async function createTestStore(
  driver: Driver,
  dataDir: string,
  azurite: () => Promise<Azurite>,
): Promise<FileStore> {
  const files = path.join(dataDir, 'files')
  if (driver === 'local') return new LocalFileStore(files)
  const { client } = await (await azurite()).createContainer()
  return new AzureBlobFileStore(client, path.join(files, 'tmp'))
}

/** Starts Azurite on first use only, so a test file's local-driver cases never wait for it. */
export function lazyAzurite(): { get: () => Promise<Azurite>; stop: () => Promise<void> } {
  let started: Promise<Azurite> | undefined
  return {
    get: () => (started ??= startAzurite()),
    stop: async () => {
      if (started) await (await started).stop()
    },
  }
}

export const tempDataDir = () => fs.mkdtemp(path.join(os.tmpdir(), 'portal-test-'))

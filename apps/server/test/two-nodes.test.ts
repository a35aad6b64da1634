import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { API_PREFIX, apiPaths, type DocumentDetail } from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../src/db/client.ts'
import { fileOf, uploadForm, VALID_FIELDS } from '../src/features/uploads/testing-files.ts'
import { ensureNamed } from '../src/features/vocabulary/service.ts'
import { AZURITE_KEY, startAzurite, type Azurite } from './azurite.ts'
import { createPostgresDatabase } from './db.ts'
import { demoAccountToken, isRunning } from './running-portal.ts'
import {
  freePort,
  startServerProcess,
  waitUntil,
  waitUntilReady,
  type ServerProcess,
} from './server-process.ts'

/**
 * Two server processes behind one address (PUBLIC_URL, as a load balancer gives them) on
 * one PostgreSQL database and one file store, a blob container: what operations.md
 * promises for several nodes. PostgreSQL only: the embedded database belongs to one process by design.
 */
const DATABASE_URL = process.env.DATABASE_URL

interface Node {
  name: string
  url: string
  server: ServerProcess
}

/** Long enough for this test's requests; a real load balancer needs its check interval. */
const DRAIN_SECONDS = 2

const CSV = 'wijk;tonnen\nCentrum;12\nNoord;8\n'

describe.skipIf(!DATABASE_URL)('two nodes on one database and one file store', () => {
  let dataDir: string
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>
  let db: Db
  let publicUrl: string
  let azurite: Azurite
  let container: Awaited<ReturnType<Azurite['createContainer']>>
  let a: Node
  let b: Node

  async function startNode(name: string): Promise<Node> {
    const port = await freePort()
    const server = startServerProcess({
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DEMO_CONTENT: 'false',
      DATABASE_URL: postgres.url,
      // This test sends 21 searches to a node from one address at once: more than a client's
      // burst (features/search/client-limit.test.ts), and not what is tested here.
      SEARCH_RATE_LIMIT_PER_MINUTE: '0',
      // One file store for both: a blob container (Azurite), as in a city's cloud.
      FILE_STORE: 'azure',
      AZURE_STORAGE_CONTAINER_URL: container.url,
      AZURE_STORAGE_ACCOUNT_KEY: AZURITE_KEY,
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
    })
    return { name, url: `http://127.0.0.1:${port}`, server }
  }

  const token = (username: 'medewerker' | 'beheerder') =>
    demoAccountToken(dataDir, publicUrl, username)

  const api = async (node: Node, pathAfterPrefix: string, init: RequestInit = {}) =>
    fetch(`${node.url}${API_PREFIX.authenticated}${pathAfterPrefix}`, {
      ...init,
      headers: { authorization: `Bearer ${await token('beheerder')}`, ...init.headers },
    })

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-two-nodes-'))
    postgres = await createPostgresDatabase(DATABASE_URL!)
    azurite = await startAzurite()
    container = await azurite.createContainer()
    publicUrl = `http://127.0.0.1:${await freePort()}`
    // The same moment, on an empty database: both migrate, under one lock.
    ;[a, b] = await Promise.all([startNode('A'), startNode('B')])
    await Promise.all(
      [a, b].map((node) => waitUntilReady(Number(new URL(node.url).port), node.server)),
    )
    db = await openDatabase({ databaseUrl: postgres.url, dataDir })
  }, 120_000)

  afterAll(async () => {
    await db?.close()
    for (const node of [a, b]) {
      if (node && isRunning(node.server)) {
        node.server.child.kill('SIGKILL')
        await node.server.exit
      }
    }
    await postgres?.drop()
    await azurite?.stop()
    await fs.rm(dataDir, { recursive: true, force: true })
  })

  it('migrates once when both start at the same moment on an empty database', async () => {
    const migrations = (await fs.readdir(path.resolve(import.meta.dirname, '../src/db/migrations')))
      .filter((name) => name.endsWith('.sql'))
      .sort()
    const rows = await db.query<{ name: string }>(
      'select name from schema_migrations order by name',
    )
    expect(rows.map((row) => row.name)).toEqual(migrations)
    // Each node logs what it applied: together every migration exactly once.
    const applied = [a, b].flatMap((node) =>
      node.server
        .output()
        .split('\n')
        .filter((line) => line.includes('"database ready"'))
        .flatMap((line) => (JSON.parse(line) as { applied: string[] }).applied),
    )
    expect(applied.sort()).toEqual(migrations)
  })

  it('lists, approves and serves on B what was uploaded on A, and extracts its text once', async () => {
    await ensureNamed(db, 'themes', 'Afval')
    const upload = await fetch(`${a.url}${API_PREFIX.authenticated}${apiPaths.upload}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await token('medewerker')}` },
      body: uploadForm({ ...VALID_FIELDS, title: 'Afval per wijk, twee nodes' }, [
        fileOf(CSV, 'afval.csv'),
      ]),
    })
    expect(upload.status).toBe(201)
    const { contentUID } = (await upload.json()) as { contentUID: string }

    const open = await api(b, `${apiPaths.validationList}?status=openstaand`)
    expect(open.status).toBe(200)
    const list = (await open.json()) as { Results: Array<{ contentUID: string }> }
    expect(list.Results.map((item) => item.contentUID)).toContain(contentUID)

    // The personal-data check runs in the background on either node; approval waits for it.
    await expect
      .poll(
        async () =>
          ((await (await api(b, apiPaths.document(contentUID))).json()) as DocumentDetail).privacy
            ?.pending,
        { timeout: 30_000 },
      )
      .toBe(false)
    const approve = await api(b, apiPaths.approve(contentUID))
    expect(approve.status).toBe(200)

    const detail = (await (
      await fetch(`${a.url}${API_PREFIX.public}${apiPaths.document(contentUID)}`)
    ).json()) as DocumentDetail
    const file = detail.files[0]!
    const download = await fetch(`${b.url}${API_PREFIX.public}${file.url}`)
    expect(download.status).toBe(200)
    const bytes = Buffer.from(await download.arrayBuffer())
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256)
    expect(await container.client.getBlobClient(file.sha256).exists()).toBe(true)

    // Both workers poll the same queue; SKIP LOCKED gives the job to one of them, once.
    const job = await waitUntil('text extracted', async () => {
      const [row] = await db.query<{ status: string; attempts: number }>(
        `select status, attempts from jobs where kind = 'extract-text' and payload->>'fileId' = $1`,
        [file.id],
      )
      return row?.status === 'done' ? row : null
    })
    expect(job.attempts).toBe(1)
    const runs = await db.query<{ n: number }>(
      `select count(*)::int as n from jobs where kind = 'extract-text' and payload->>'fileId' = $1`,
      [file.id],
    )
    expect(runs[0]?.n).toBe(1)
  })

  it('finishes the requests in flight on a node that gets SIGTERM, while the other serves on', async () => {
    const search = (node: Node) =>
      fetch(`${node.url}${API_PREFIX.public}${apiPaths.search}?query=afval`).then(
        (response) => response.status,
      )
    // Requests under way on A when it is told to stop, and on B throughout.
    const inFlight = Array.from({ length: 20 }, () => search(a))
    const meanwhile = Array.from({ length: 20 }, () => search(b))
    await new Promise((resolve) => setTimeout(resolve, 20))
    a.server.child.kill('SIGTERM')
    // Draining: the load balancer is told to stop sending, and what still comes is served.
    await waitUntil('A reports not ready', async () =>
      (await fetch(`${a.url}/readyz`)).status === 503 ? true : null,
    )
    expect(await search(a)).toBe(200)
    expect(await Promise.all(inFlight)).toEqual(Array(20).fill(200))
    expect(await a.server.exit).toBe(0)
    expect(await Promise.all(meanwhile)).toEqual(Array(20).fill(200))
    expect(await search(b)).toBe(200)
    // Nothing A held is left running: its worker gave back what it had in hand.
    const running = await db.query<{ n: number }>(
      `select count(*)::int as n from jobs where status = 'running'`,
    )
    expect(running[0]?.n).toBe(0)
  })
})

import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { apiPaths, type DocumentList, type SearchResponse } from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '../../db/client.ts'
import { LocalFileStore } from '../../storage/local-file-store.ts'
import {
  freePort,
  sleep,
  startServerProcess as startServer,
  SERVER_DIR,
  waitUntil,
  waitUntilReady,
} from '../../../test/server-process.ts'
import { copyMigratedDatabase } from '../../../test/db.ts'
import { demoEmployeeToken } from '../../../test/running-portal.ts'
import { demoFile, uploadForm, VALID_FIELDS } from './testing-files.ts'

/**
 * The fault test: the real server process is killed in the middle of an upload. After a
 * restart (and its start-up sweep) no orphan file is left in the store and no document row
 * was half written; an upload that had finished before is intact and searchable.
 */
let dataDir: string

/** Every file under the store, relative to it. */
async function storeContents(): Promise<string[]> {
  const root = path.join(dataDir, 'files')
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort()
}

/**
 * Sends the form fields and the start of a large file, a chunk at a time, and keeps the
 * request open; resolves once the server has written part of it to a temporary file.
 */
async function startSlowUpload(port: number, token: string): Promise<http.ClientRequest> {
  const boundary = 'afgebroken-upload'
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api${apiPaths.upload}`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'transfer-encoding': 'chunked',
    },
  })
  request.on('error', () => undefined) // the server is about to die
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  request.write(field('title', 'Nooit helemaal aangekomen'))
  request.write(field('contentTypeName', 'Dataset'))
  request.write(field('sourceFriendlyName', 'Stadsbeheer'))
  request.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="groot.csv"\r\n` +
      'Content-Type: text/csv\r\n\r\nwijk;aantal\n',
  )
  const tmpDir = path.join(dataDir, 'files', 'tmp')
  const chunk = Buffer.from('Centrum;1\n'.repeat(6_554))
  await waitUntil('a partial temporary file', async () => {
    request.write(chunk)
    await sleep(50)
    const names = await fs.readdir(tmpDir).catch(() => [])
    const sizes = await Promise.all(names.map((n) => fs.stat(path.join(tmpDir, n))))
    return sizes.some((s) => s.size > 0)
  })
  return request
}

beforeAll(async () => {
  dataDir = await copyMigratedDatabase(await fs.mkdtemp(path.join(os.tmpdir(), 'portal-crash-')))
})
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }))

describe('a server killed in the middle of an upload', () => {
  it('leaves no orphan file and no half-written document after a restart', async () => {
    const port = await freePort()
    const publicUrl = `http://127.0.0.1:${port}`
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DEMO_CONTENT: 'false',
    }

    const first = startServer(env)
    await waitUntilReady(port, first)
    const token = await demoEmployeeToken(dataDir, publicUrl)
    const auth = { authorization: `Bearer ${token}` }

    // One upload completes before the crash.
    const done = await fetch(`${publicUrl}/api${apiPaths.upload}`, {
      method: 'POST',
      headers: auth,
      body: uploadForm({ ...VALID_FIELDS, themes: undefined }, [
        await demoFile('afvalinzameling-2024.csv'),
      ]),
    })
    expect(done.status, await done.clone().text()).toBe(201)
    const { contentUID } = (await done.json()) as { contentUID: string }
    const kept = await storeContents()
    expect(kept).toHaveLength(1)

    // The other is cut off half-way by SIGKILL: no shutdown code runs.
    const slow = await startSlowUpload(port, token)
    first.child.kill('SIGKILL')
    await first.exit
    slow.destroy()
    const leftBehind = await storeContents()
    expect(leftBehind.filter((name) => name.startsWith(`tmp${path.sep}`))).toHaveLength(1)
    // A crash between moving a file into the store and committing its row leaves a file
    // that no row refers to; put one there as such a crash would.
    const orphan = await new LocalFileStore(path.join(dataDir, 'files')).putFile(
      path.join(SERVER_DIR, 'demo', 'documents', 'jaarverslag-2024.pdf'),
    )

    const again = startServer(env)
    await waitUntilReady(port, again)
    expect(again.output()).toContain('"msg":"file store swept"')
    expect(again.output()).toMatch(/"removedFiles":1,"removedTemporary":1/)
    expect(await storeContents()).toEqual(kept)

    const own = (await (
      await fetch(`${publicUrl}/api${apiPaths.userDocuments}`, { headers: auth })
    ).json()) as DocumentList
    expect(own.Results.map((d) => d.contentUID)).toEqual([contentUID])
    // The worker of the server process extracts the text; the word is only in the file.
    await waitUntil('the file text in search', async () => {
      const response = await fetch(`${publicUrl}/api${apiPaths.search}?query=bladkorven`, {
        headers: auth,
      })
      const found = ((await response.json()) as SearchResponse).Results
      return found.some((r) => r.contentUID === contentUID)
    })

    again.child.kill('SIGTERM')
    expect(await again.exit).toBe(0)

    const db = await openPglite(dataDir)
    try {
      const documents = await db.query<{ title: string }>('select title from documents')
      expect(documents).toEqual([{ title: VALID_FIELDS.title }])
      const files = await db.query<{ sha256: string }>('select sha256 from document_files')
      expect(files.map((f) => f.sha256)).not.toContain(orphan.sha256)
      for (const { sha256 } of files) {
        expect(kept).toContain(path.join(sha256.slice(0, 2), sha256))
      }
    } finally {
      await db.close()
    }
  })
})

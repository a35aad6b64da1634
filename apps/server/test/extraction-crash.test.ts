import fs from 'node:fs/promises'
import path from 'node:path'
import { apiPaths, type DocumentDetail, type SearchResponse } from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileOf, uploadForm, VALID_FIELDS } from '../src/features/uploads/testing-files.ts'
import { docx } from './hostile-files.ts'
import { startPortal } from './portal-of-the-run.ts'
import type { RunningPortal } from './running-portal.ts'
import { waitUntil } from './server-process.ts'

/**
 * The server process is killed (SIGKILL) while a file's text is being extracted. After a
 * restart the job runs again and settles once: the killed attempt counted, no job left
 * running, the file's row and stored file intact and its text searchable.
 *
 * On PGlite the restart gives the job back at once (the database is the process's alone);
 * on PostgreSQL another node might still hold it, so it waits for the lease, shortened here.
 */
let portal: RunningPortal

beforeAll(async () => {
  portal = await startPortal({
    // 'job started' is logged at debug: the moment to kill the process.
    LOG_LEVEL: 'debug',
    // Far above the reading's own time, so a loaded CI machine cannot turn the restart this
    // test is about into a time-out; the limit itself is tested in src/extraction/isolation.test.ts.
    EXTRACTION_TIMEOUT_SECONDS: '180',
    JOB_LEASE_SECONDS: '12',
  })
})
afterAll(() => portal.dispose())

describe('a server killed in the middle of a text extraction', () => {
  it('finishes the job once after a restart, with no loop and no orphan', async () => {
    const auth = { authorization: `Bearer ${await portal.employeeToken()}` }
    // 44 MB of XML: a second or more of reading, time enough to be killed in the middle.
    const content = await docx({ firstWord: 'kademuurherstel', paragraphs: 1_000_000 })
    const response = await fetch(`${portal.url}/api${apiPaths.upload}`, {
      method: 'POST',
      headers: auth,
      body: uploadForm({ ...VALID_FIELDS, themes: undefined }, [fileOf(content, 'opmaak.docx')]),
    })
    expect(response.status, await response.clone().text()).toBe(201)
    const { contentUID } = (await response.json()) as { contentUID: string }

    const first = portal.server
    await waitUntil(
      'the extraction job to start',
      async () => first.output().includes('"kind":"extract-text","attempts":1,"msg":"job started"'),
      first,
    )
    first.child.kill('SIGKILL')
    await first.exit

    await portal.restart()
    const document = () =>
      fetch(`${portal.url}/api${apiPaths.document(contentUID)}`, { headers: auth }).then(
        (r) => r.json() as Promise<DocumentDetail>,
      )
    const [file] = await waitUntil(
      'the extraction to settle after the restart',
      async () => {
        const { files } = await document()
        return files[0]?.extractionStatus !== 'pending' && files
      },
      portal.server,
      // On PostgreSQL the lease (12 s) runs out first; then the reading itself, on a busy CI.
      180_000,
    )
    expect(file).toMatchObject({ extractionStatus: 'done', extractionError: null })
    const found = await fetch(`${portal.url}/api${apiPaths.search}?query=kademuurherstel`, {
      headers: auth,
    })
    expect(((await found.json()) as SearchResponse).Results.map((r) => r.contentUID)).toEqual([
      contentUID,
    ])
    expect(await portal.stop()).toBe(0)

    const db = await portal.openDb()
    try {
      // One job, done on its second attempt: the killed one counted, nothing ran it again.
      const jobs = await db.query<{ status: string; attempts: number }>(
        `select status, attempts from jobs where kind = 'extract-text'`,
      )
      expect(jobs).toEqual([{ status: 'done', attempts: 2 }])
      expect(await db.query(`select id from jobs where status = 'running'`)).toEqual([])
      const files = await db.query<{ sha256: string; extraction_status: string }>(
        'select sha256, extraction_status from document_files',
      )
      expect(files).toEqual([{ sha256: file!.sha256, extraction_status: 'done' }])
      const stored = path.join(portal.dataDir, 'files', file!.sha256.slice(0, 2), file!.sha256)
      expect((await fs.stat(stored)).size).toBe(content.length)
    } finally {
      await db.close()
    }
  }, 240_000)
})

import { apiPaths, type DocumentDetail, type SearchResponse } from '@dataportaal/contract'
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileOf, uploadForm, VALID_FIELDS } from '../src/features/uploads/testing-files.ts'
import { deepJson, docx, manyPagePdf, xlsx, zipFile } from './hostile-files.ts'
import { isRunning, startEmbeddedPortal, type RunningPortal } from './running-portal.ts'
import { sleep, waitUntil } from './server-process.ts'

/**
 * Hostile files uploaded to the real server process, with the default limits: each upload
 * answers, the process stays up, every file ends extracted or failed with a reason, and a
 * public search running alongside answers within a second throughout. On the embedded database
 * whatever DATABASE_URL says: there it shares the process with the extraction's threads, the
 * harder case for that search.
 */
let portal: RunningPortal

beforeAll(async () => {
  // The visitor alongside searches ten times a second, past the per-client limit of searches
  // (features/search/client-limit.test.ts): what is measured here is the upload's effect.
  portal = await startEmbeddedPortal({ SEARCH_RATE_LIMIT_PER_MINUTE: '0' })
})
afterAll(() => portal.dispose())

/** Resident memory of a process in MB (Linux), or 0 where /proc is not there. */
const residentMb = async (pid: number | undefined) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024
}

/**
 * Searches as a visitor every 100 ms until stopped: what took over a second or failed, and
 * the server's peak resident memory meanwhile.
 */
function searchAlongside(url: string, pid: number | undefined) {
  const slow: string[] = []
  let searches = 0
  let peakMb = 0
  let running = true
  const loop = (async () => {
    while (running) {
      const started = performance.now()
      const outcome = await fetch(`${url}/pubapi${apiPaths.search}?query=kademuur`, {
        signal: AbortSignal.timeout(5_000),
      }).then(
        async (response) => (response.ok ? null : `${response.status} ${await response.text()}`),
        (error: unknown) => String(error),
      )
      const ms = performance.now() - started
      searches++
      if (outcome || ms > 1_000) slow.push(`${Math.round(ms)} ms ${outcome ?? ''}`)
      peakMb = Math.max(peakMb, await residentMb(pid))
      await sleep(100)
    }
  })()
  return {
    async stop() {
      running = false
      await loop
      return { searches, slow, peakMb }
    },
  }
}

interface Hostile {
  name: string
  content: Buffer
  /** A word only the file's text holds, searchable when its text was read. */
  word?: string
  /** What the extraction must end in; several allowed where either is honest. */
  outcome: Array<'done' | 'failed'>
  reason?: RegExp
}

async function hostileFiles(): Promise<Hostile[]> {
  return [
    {
      name: 'opmaak.docx', // 44 MB of XML from 140 kB
      content: await docx({ firstWord: 'kademuurherstel', paragraphs: 1_000_000 }),
      word: 'kademuurherstel',
      outcome: ['done'],
    },
    {
      name: 'rijen.xlsx', // 400,000 rows
      content: await xlsx({ firstWord: 'snippergroenplan', rows: 400_000 }),
      word: 'snippergroenplan',
      outcome: ['done'],
    },
    {
      name: 'bom.xlsx', // shared strings that inflate a thousandfold, to 200 MB
      content: await xlsx({ firstWord: 'x', rows: 2, sharedStringsBytes: 200 * 1024 * 1024 }),
      outcome: ['failed'],
      reason: /te groot om te doorzoeken \(meer dan 100 MB tekst\)/,
    },
    {
      name: 'liegt.docx', // an entry that inflates past the size it declares
      content: await docx({ firstWord: 'x', paragraphs: 200_000, declaredSize: 4096 }),
      outcome: ['failed'],
      reason: /kan niet worden gelezen/,
    },
    {
      name: 'archief.zip', // a thousandfold entry in an archive, which is not read
      content: await zipFile([
        { name: 'nullen.txt', content: () => Array<string>(100).fill('0'.repeat(1_000_000)) },
      ]),
      outcome: ['done'],
    },
    {
      name: 'boek.pdf', // 3,000 pages; the page cap reads the first 1,000
      content: await manyPagePdf({
        pages: 3_000,
        firstWord: 'voorbladwoord',
        lastWord: 'slotwoord',
      }),
      word: 'voorbladwoord',
      outcome: ['done'],
    },
    {
      name: 'diep.json', // nested a million deep: the upload check may refuse it
      content: deepJson(1_000_000),
      outcome: ['done', 'failed'],
    },
  ]
}

describe('hostile files on the real server process', () => {
  it('answers every upload, stays up and keeps search fast while extracting', async () => {
    const files = await hostileFiles()
    const token = await portal.employeeToken()
    const auth = { authorization: `Bearer ${token}` }
    const baselineMb = await residentMb(portal.server.child.pid)
    const search = searchAlongside(portal.url, portal.server.child.pid)

    const uploaded: Array<{ file: Hostile; id: string }> = []
    for (const file of files) {
      const response = await fetch(`${portal.url}/api${apiPaths.upload}`, {
        method: 'POST',
        headers: auth,
        body: uploadForm(
          { ...VALID_FIELDS, title: `Vijandig bestand ${file.name}`, themes: undefined },
          [fileOf(file.content, file.name)],
        ),
      })
      const body = await response.text()
      if (response.status === 201) {
        uploaded.push({ file, id: (JSON.parse(body) as { contentUID: string }).contentUID })
      } else {
        // Refused: a clear 4xx with a problem document, never a dropped connection or a 5xx.
        expect(response.status, `${file.name}: ${body}`).toBeGreaterThanOrEqual(400)
        expect(response.status, `${file.name}: ${body}`).toBeLessThan(500)
        expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/)
        expect(file.name).toBe('diep.json')
        console.info(`hostile files: ${file.name} refused with ${response.status}`)
      }
    }
    expect(uploaded.length).toBeGreaterThanOrEqual(files.length - 1)

    for (const { file, id } of uploaded) {
      const [stored] = await waitUntil(
        `extraction of ${file.name}`,
        async () => {
          const response = await fetch(`${portal.url}/api${apiPaths.document(id)}`, {
            headers: auth,
          })
          const { files: storedFiles } = (await response.json()) as DocumentDetail
          return storedFiles.every((f) => f.extractionStatus !== 'pending') && storedFiles
        },
        portal.server,
      )
      expect(file.outcome, `${file.name}: ${stored?.extractionError}`).toContain(
        stored?.extractionStatus,
      )
      if (file.reason) expect(stored?.extractionError).toMatch(file.reason)
      if (stored?.extractionStatus === 'done') expect(stored.extractionError).toBeNull()
      // Failed or not, the file stays downloadable.
      const download = await fetch(`${portal.url}/api${stored!.url}`, { headers: auth })
      expect(download.status).toBe(200)
      expect(Buffer.from(await download.arrayBuffer()).equals(file.content)).toBe(true)
    }

    const findIds = async (query: string) => {
      const response = await fetch(
        `${portal.url}/api${apiPaths.search}?query=${encodeURIComponent(query)}`,
        { headers: auth },
      )
      return ((await response.json()) as SearchResponse).Results.map((r) => r.contentUID)
    }
    for (const { file, id } of uploaded) {
      if (file.word) expect(await findIds(file.word), file.word).toEqual([id])
      // A file whose text could not be read is still found by its other fields.
      expect(await findIds('vijandig bestand')).toContain(id)
    }
    // Past the page cap: the last page of the 3,000 is not read.
    expect(await findIds('slotwoord')).toEqual([])

    const { searches, slow, peakMb } = await search.stop()
    const growthMb = Math.round(peakMb - baselineMb)
    console.info(`hostile files: ${searches} searches alongside, server grew by ${growthMb} MB`)
    expect(searches).toBeGreaterThan(20)
    // The extraction thread's heap is capped at 256 MB, and readers stream: the server grows
    // by that and the thread's own upkeep at most, whatever the files.
    expect(growthMb).toBeLessThan(400)
    expect(slow).toEqual([])
    expect(isRunning(portal.server)).toBe(true)
    expect(await portal.stop()).toBe(0)

    // Each file was read once: a failure is the file's nature and not retried.
    const db = await portal.openDb()
    try {
      const jobs = await db.query<{ status: string; attempts: number }>(
        `select status, attempts from jobs where kind = 'extract-text'`,
      )
      expect(jobs).toEqual(uploaded.map(() => ({ status: 'done', attempts: 1 })))
    } finally {
      await db.close()
    }
  }, 240_000)
})

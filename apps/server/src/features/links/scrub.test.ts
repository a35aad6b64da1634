import fs from 'node:fs/promises'
import { Readable } from 'node:stream'
import { apiPaths, type LinkReport, type Problem } from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, useTestContext, EMPLOYEE } from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'
import { runPendingJobs } from '../../jobs/worker.ts'
import { LocalFileStore } from '../../storage/local-file-store.ts'
import { scrubFilesJob } from './job.ts'
import { DEFAULT_ROUND_SIZES, queueDueRound, SCRUB_FILES_JOB } from './round.ts'

// The scrub of the portal's own files: a removed and a changed file are reported to admins
// (and left as they are), an intact one is not.

/** One job for all three files, due at once. */
const AT_ONCE = { ...DEFAULT_ROUND_SIZES, spacingMs: 0 }

let store: LocalFileStore

const ctx = useTestContext()

beforeAll(async () => {
  if (!(ctx.store instanceof LocalFileStore)) throw new Error('the test needs the local store')
  store = ctx.store
})

async function storedDocument(title: string, text: string) {
  const file = await store.put(Readable.from([Buffer.from(text)]))
  const id = await createDocument(ctx.db, {
    title,
    file: { fileName: `${title}.csv`, mediaType: 'text/csv', sha256: file.sha256, size: file.size },
  })
  return { id, sha256: file.sha256 }
}

describe('the file scrub', () => {
  it('reports a removed and a changed file, not an intact one, and repairs nothing', async () => {
    const intact = await storedDocument('Heel', 'jaar;aantal\n2024;1\n')
    const removed = await storedDocument('Weg', 'jaar;aantal\n2024;2\n')
    const changed = await storedDocument('Anders', 'jaar;aantal\n2024;3\n')
    await store.remove(removed.sha256)
    await fs.writeFile(store.pathOf(changed.sha256), 'jaar;aantal\n2024;4\n')

    expect(await queueDueRound(ctx.db, { intervalHours: 24, sizes: AT_ONCE })).toMatchObject({
      files: 3,
    })
    const warnings: object[] = []
    const log = { warn: (details: object) => void warnings.push(details) }
    await runPendingJobs(ctx.db, {
      [SCRUB_FILES_JOB]: scrubFilesJob({ db: ctx.db, store, log }),
    })

    const { status, body } = await ctx.call<LinkReport>('GET', apiPaths.linkReport, ADMIN)
    expect(status).toBe(200)
    expect(body.filesTotal).toBe(2)
    expect(body.files.map((f) => [f.document.contentUID, f.fileName, f.problem])).toEqual(
      expect.arrayContaining([
        [removed.id, 'Weg.csv', 'ontbreekt'],
        [changed.id, 'Anders.csv', 'gewijzigd'],
      ]),
    )
    expect(body.files.some((f) => f.document.contentUID === intact.id)).toBe(false)
    expect(body.lastScrubAt).not.toBeNull()
    expect(warnings).toHaveLength(1)
    // Never repaired silently: the removed file stays gone, the changed one changed.
    expect(await store.exists(removed.sha256)).toBe(false)
    expect(await fs.readFile(store.pathOf(changed.sha256), 'utf8')).toBe('jaar;aantal\n2024;4\n')

    // Found again in the next round, the problem keeps the time it was first found.
    const since = body.files.map((f) => f.since).sort()
    await ctx.db.query(`update link_check_rounds set last_round_at = now() - interval '2 days'`)
    await queueDueRound(ctx.db, { intervalHours: 24, sizes: AT_ONCE })
    await runPendingJobs(ctx.db, { [SCRUB_FILES_JOB]: scrubFilesJob({ db: ctx.db, store }) })
    const again = await ctx.call<LinkReport>('GET', apiPaths.linkReport, ADMIN)
    expect(again.body.files.map((f) => f.since).sort()).toEqual(since)
  })
})

describe('GET /links/report', () => {
  it('is for admins only', async () => {
    const anonymous = await ctx.call<Problem>('GET', apiPaths.linkReport, null)
    expect(anonymous.status).toBe(401)
    const employee = await ctx.call<Problem>('GET', apiPaths.linkReport, EMPLOYEE)
    expect(employee.status).toBe(403)
    expect(employee.response.headers['content-type']).toContain('application/problem+json')
    const admin = await ctx.call<LinkReport>('GET', apiPaths.linkReport, ADMIN)
    expect(admin.status).toBe(200)
    expect(admin.response.headers['cache-control']).toBe('no-store')
  })
})

import { Readable } from 'node:stream'
import {
  apiPaths,
  type DocumentDetail,
  type Problem,
  type RereadResult,
  type SearchResponse,
} from '@dataportaal/contract'
import { describe, expect, it } from 'vitest'
import { ADMIN, useTestContext, EMPLOYEE } from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'
import { INTERRUPTED_MESSAGE } from './extraction-job.ts'
import { runJobs } from './testing.ts'

const ctx = useTestContext()

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

/** A document with a CSV whose reading was cut off every time (an outage before issue 30). */
async function documentWithFailedFile(word: string, options: { deleted?: boolean } = {}) {
  const stored = await ctx.store.put(Readable.from([Buffer.from(`wijk;soort\nNoord;${word}\n`)]))
  const id = await createDocument(ctx.db, {
    title: 'Afvalbakken per wijk',
    status: 'openstaand',
    owner: EMPLOYEE,
    deleted: options.deleted,
    file: { fileName: 'bakken.csv', mediaType: 'text/csv', ...stored },
  })
  const [file] = await ctx.db.query<{ id: string }>(
    `update document_files set extraction_status = 'failed', extraction_error = $2, extracted_text = ''
      where document_id = $1 returning id::text`,
    [id, INTERRUPTED_MESSAGE],
  )
  return { id, fileId: file!.id }
}

const reread = (ids: { id: string; fileId: string }, as = ADMIN) =>
  ctx.call<RereadResult & Problem>('POST', apiPaths.rereadFile(ids.id, ids.fileId), as)

const fileOf = async (id: string) => {
  const { body } = await ctx.call<DocumentDetail>('GET', apiPaths.document(id), ADMIN)
  return body.files[0]
}

const found = async (word: string) => {
  const { body } = await ctx.call<SearchResponse>('GET', apiPaths.search, ADMIN, {
    query: { query: word },
  })
  return body.Results.map((result) => result.contentUID)
}

describe('reading a failed file again', () => {
  it('queues the file with fresh attempts; once read, its content is found', async () => {
    const ids = await documentWithFailedFile('kliko')
    expect(await found('kliko')).toEqual([])

    const { status, body } = await reread(ids)
    expect(status).toBe(200)
    expect(body).toEqual({
      documentId: ids.id,
      fileId: ids.fileId,
      fileName: 'bakken.csv',
      extractionStatus: 'pending',
    })
    expect(await fileOf(ids.id)).toMatchObject({
      extractionStatus: 'pending',
      extractionError: null,
    })
    const jobs = await ctx.db.query<{ attempts: number; max_attempts: number }>(
      `select attempts, max_attempts from jobs where payload->>'fileId' = $1 and status = 'pending'`,
      [ids.fileId],
    )
    expect(jobs).toEqual([{ attempts: 0, max_attempts: 3 }])

    await runJobs(ctx)
    expect(await fileOf(ids.id)).toMatchObject({ extractionStatus: 'done', extractionError: null })
    expect(await found('kliko')).toEqual([ids.id])
  })

  it('says so, and queues nothing, for a file that is being read or was read already', async () => {
    const ids = await documentWithFailedFile('containerpark')
    const [first, second] = await Promise.all([reread(ids), reread(ids)])
    expect([first.status, second.status].sort()).toEqual([200, 409])
    const refused = first.status === 409 ? first : second
    expect(refused.response.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(refused.body.detail).toBe('Dit bestand wordt al gelezen.')

    await runJobs(ctx)
    const again = await reread(ids)
    expect(again.status).toBe(409)
    expect(again.body.detail).toBe('De tekst van dit bestand is al gelezen.')
    const [queued] = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from jobs where payload->>'fileId' = $1`,
      [ids.fileId],
    )
    expect(queued?.n).toBe(1)
  })

  it('answers 404 for an unknown file, a file of another document and one of a deleted document', async () => {
    const ids = await documentWithFailedFile('grofvuil')
    const other = await documentWithFailedFile('glasbak')
    const deleted = await documentWithFailedFile('papierbak', { deleted: true })
    for (const target of [
      { id: ids.id, fileId: UNKNOWN_ID },
      { id: other.id, fileId: ids.fileId },
      deleted,
    ]) {
      const { status, body, response } = await reread(target)
      expect(status).toBe(404)
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
      expect(body.detail).toBe('Dit bestand bestaat niet (meer).')
    }
    expect((await reread({ id: ids.id, fileId: 'geen-uuid' })).status).toBe(422)
    expect(await fileOf(ids.id)).toMatchObject({ extractionStatus: 'failed' })
  })

  it('is for admins only: the uploader is refused and nothing is queued', async () => {
    const ids = await documentWithFailedFile('bladkorf')
    const { status, body } = await reread(ids, EMPLOYEE)
    expect(status).toBe(403)
    expect(body.detail).toBeTruthy()
    expect(await fileOf(ids.id)).toMatchObject({
      extractionStatus: 'failed',
      extractionError: INTERRUPTED_MESSAGE,
    })
  })
})

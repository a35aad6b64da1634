import { Readable } from 'node:stream'
import { apiPaths, type DocumentDetail } from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN,
  useTestContext,
  EMPLOYEE,
  OTHER_EMPLOYEE,
  type TestIdentity,
} from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'
import { insertHarvestSource, markHarvested } from '../harvesting/testing.ts'

let approvedId: string
let pendingId: string
let rejectedId: string
let deletedId: string
let fileId: string

const CSV = 'wijk;inwoners\nCentrum;12000\nNoord;8000\n'

const inject = async (url: string, options: { token?: string; method?: 'GET' | 'POST' } = {}) => {
  const prefix = options.token ? '/api' : '/pubapi'
  return ctx.app.inject({
    method: options.method ?? 'GET',
    url: `${prefix}${url}`,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  })
}

const ctx = useTestContext()

beforeAll(async () => {
  const stored = await ctx.store.put(Readable.from([Buffer.from(CSV)]))
  approvedId = await createDocument(ctx.db, {
    title: 'Inwoners per wijk',
    description: 'Aantal inwoners per wijk op 1 januari.',
    themes: ['Bevolking'],
    labels: ['Kwartaalcijfers'],
    owner: EMPLOYEE,
    file: {
      fileName: 'inwoners "per" wijk;\r\nX-Evil: 1.csv',
      mediaType: 'text/csv',
      sha256: stored.sha256,
      size: stored.size,
    },
  })
  pendingId = await createDocument(ctx.db, {
    title: 'Concept woningbouwplanning',
    status: 'openstaand',
    owner: EMPLOYEE,
  })
  rejectedId = await createDocument(ctx.db, {
    title: 'Afgekeurde parkeerkaart',
    status: 'afgekeurd',
    owner: EMPLOYEE,
  })
  deletedId = await createDocument(ctx.db, { title: 'Verwijderd rapport', deleted: true })
  const [file] = await ctx.db.query<{ id: string }>(
    'select id::text from document_files where document_id = $1',
    [approvedId],
  )
  fileId = file!.id
})

describe('GET /documents/{id}', () => {
  it('shows an approved document to a visitor, without labels or account ids', async () => {
    const response = await inject(apiPaths.document(approvedId))
    expect(response.statusCode).toBe(200)
    const detail = response.json<DocumentDetail>()
    expect(detail).toMatchObject({
      contentUID: approvedId,
      title: 'Inwoners per wijk',
      status: 'goedgekeurd',
      themes: ['Bevolking'],
      owner: { name: EMPLOYEE.name },
      files: [{ id: fileId, mediaType: 'text/csv', size: CSV.length }],
    })
    expect(detail).not.toHaveProperty('labels')
    expect(detail.owner).not.toHaveProperty('id')
    expect(detail).not.toHaveProperty('contentUserUse')
  })

  it('shows labels and the personal state to an employee', async () => {
    const token = await ctx.tokenFor(OTHER_EMPLOYEE)
    const detail = (await inject(apiPaths.document(approvedId), { token })).json<DocumentDetail>()
    expect(detail.labels).toEqual(['Kwartaalcijfers'])
    expect(detail.contentUserUse).toEqual({ favorited: false, rating: null })
  })

  it('answers 404 to a visitor and to other employees for an unapproved document', async () => {
    expect((await inject(apiPaths.document(pendingId))).statusCode).toBe(404)
    const token = await ctx.tokenFor(OTHER_EMPLOYEE)
    const response = await inject(apiPaths.document(pendingId), { token })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toContain('application/problem+json')
  })

  it('shows the owner their disapproved document with the reason, and an admin too', async () => {
    for (const who of [EMPLOYEE, ADMIN]) {
      const token = await ctx.tokenFor(who)
      const detail = (await inject(apiPaths.document(rejectedId), { token })).json<DocumentDetail>()
      expect(detail).toMatchObject({
        status: 'afgekeurd',
        statusCategory: 'Onvolledig',
        statusDescription: 'Er ontbreekt een toelichting.',
      })
    }
  })

  it('says what the viewer may do with it, by the policy', async () => {
    const abilitiesOf = async (id: string, who: TestIdentity | null) => {
      const token = who ? await ctx.tokenFor(who) : undefined
      const response = await inject(apiPaths.document(id), { token })
      expect(response.statusCode).toBe(200)
      return response.json<DocumentDetail>().abilities
    }
    const none = { edit: false, delete: false, readStatusReason: false, validate: false }
    const own = { edit: true, delete: true, readStatusReason: true, validate: false }
    const all = { edit: true, delete: true, readStatusReason: true, validate: true }
    expect(await abilitiesOf(approvedId, null)).toEqual(none)
    expect(await abilitiesOf(approvedId, OTHER_EMPLOYEE)).toEqual(none)
    expect(await abilitiesOf(approvedId, EMPLOYEE)).toEqual(own)
    expect(await abilitiesOf(approvedId, ADMIN)).toEqual(all)
    expect(await abilitiesOf(rejectedId, EMPLOYEE)).toEqual(own)
    expect(await abilitiesOf(rejectedId, ADMIN)).toEqual(all)
  })

  it('answers 404 for a deleted document, even to an admin', async () => {
    const token = await ctx.tokenFor(ADMIN)
    expect((await inject(apiPaths.document(deletedId), { token })).statusCode).toBe(404)
  })

  it('answers 422 for an id that is not a UUID', async () => {
    expect((await inject(apiPaths.document('1 or 1=1'))).statusCode).toBe(422)
  })
})

describe('file download', () => {
  it('sends the file with its type, a safe Content-Disposition and nosniff', async () => {
    const response = await inject(apiPaths.documentFile(approvedId, fileId))
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe(CSV)
    // No charset: a CSV may be UTF-8 or Windows-1252, and a wrong label is worse than none.
    expect(response.headers['content-type']).toBe('text/csv')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    const disposition = String(response.headers['content-disposition'])
    expect(disposition).toMatch(/^attachment; filename="[^"\r\n]*"; filename\*=UTF-8''/)
    expect(disposition).not.toMatch(/[\r\n]/)
    expect(response.headers).not.toHaveProperty('x-evil')
  })

  it('answers 404 for a file of a document the caller may not see', async () => {
    expect((await inject(apiPaths.documentFile(pendingId, fileId))).statusCode).toBe(404)
  })
})

describe('POST /documents/open/{id}', () => {
  it('logs an opening by a visitor and by an employee', async () => {
    expect((await inject(apiPaths.documentOpen(approvedId), { method: 'POST' })).statusCode).toBe(
      204,
    )
    const token = await ctx.tokenFor(OTHER_EMPLOYEE)
    await inject(apiPaths.documentOpen(approvedId), { method: 'POST', token })
    const rows = await ctx.db.query<{ employee_id: string | null }>(
      'select employee_id from document_opens where document_id = $1 order by id',
      [approvedId],
    )
    expect(rows).toEqual([{ employee_id: null }, { employee_id: OTHER_EMPLOYEE.oid }])
  })

  it('answers 404 and logs nothing for an unapproved document', async () => {
    const response = await inject(apiPaths.documentOpen(pendingId), { method: 'POST' })
    expect(response.statusCode).toBe(404)
    const rows = await ctx.db.query('select 1 from document_opens where document_id = $1', [
      pendingId,
    ])
    expect(rows).toHaveLength(0)
  })
})

describe('GET /documents/categorytypenameaggregation', () => {
  it('counts the documents the caller sees per content type', async () => {
    const publicCounts = (await inject(apiPaths.categoryTypeAggregation)).json()
    expect(publicCounts).toEqual({ Results: [{ key: 'Dataset', count: 1 }], Total: 1 })
    const token = await ctx.tokenFor(EMPLOYEE)
    const own = (await inject(apiPaths.categoryTypeAggregation, { token })).json()
    expect(own).toEqual({ Results: [{ key: 'Dataset', count: 3 }], Total: 1 })
  })
})

// Adds a published document, so it runs after the counting tests above.
describe('a file missing from storage', () => {
  it('answers 404 problem details, not a 500, when the stored file is missing', async () => {
    const orphanId = await createDocument(ctx.db, {
      title: 'Zonder bestand op schijf',
      // A digest the store never received: the row points at a file that is not there.
      file: { fileName: 'weg.csv', mediaType: 'text/csv', sha256: 'f'.repeat(64), size: 10 },
    })
    const [file] = await ctx.db.query<{ id: string }>(
      'select id::text from document_files where document_id = $1',
      [orphanId],
    )
    const response = await inject(apiPaths.documentFile(orphanId, file!.id))
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toContain('application/problem+json')
  })
})

// Adds a published document, so it runs after the counting tests above.
describe('a harvested document', () => {
  it('gives a harvested document its links and where it came from; an uploaded one neither', async () => {
    const id = await createDocument(ctx.db, { title: 'Bomen in de gemeente' })
    const source = await insertHarvestSource(ctx.db, { name: 'Provincie Oost' })
    await markHarvested(
      ctx.db,
      id,
      source,
      [
        {
          title: 'Bomen (CSV)',
          url: 'https://data.oost.example/bomen.csv',
          format: 'CSV',
          mediaType: 'text/csv',
          size: 5_000_000_000,
        },
        { title: 'Kaartlaag', url: 'https://geo.oost.example/wms', format: 'WMS' },
      ],
      new Date('2026-03-02T10:00:00Z'),
    )

    const detail = (await inject(apiPaths.document(id))).json<DocumentDetail>()

    expect(detail.files).toEqual([])
    expect(detail.links).toEqual([
      {
        id: expect.any(String),
        title: 'Bomen (CSV)',
        url: 'https://data.oost.example/bomen.csv',
        format: 'CSV',
        mediaType: 'text/csv',
        size: 5_000_000_000,
      },
      {
        id: expect.any(String),
        title: 'Kaartlaag',
        url: 'https://geo.oost.example/wms',
        format: 'WMS',
        mediaType: null,
        size: null,
      },
    ])
    expect(detail.harvest).toEqual({
      source: 'Provincie Oost',
      harvestedAt: '2026-03-02T10:00:00.000Z',
    })
    const uploaded = (await inject(apiPaths.document(approvedId))).json<DocumentDetail>()
    expect(uploaded).toMatchObject({ links: [], harvest: null })
  })
})

import {
  API_PREFIX,
  apiPaths,
  type DeletedDocumentList,
  type DocumentDetail,
  type Problem,
  type RestoreResult,
  type ValidationList,
} from '@dataportaal/contract'
import { describe, expect, it } from 'vitest'
import {
  ADMIN,
  useTestContext,
  EMPLOYEE,
  OTHER_EMPLOYEE,
  type TestIdentity,
  searchAs,
} from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'
import { insertHarvestSource, markHarvested } from '../harvesting/testing.ts'

const ctx = useTestContext()

const DAY_MS = 24 * 60 * 60 * 1000

const remove = async (id: string, as: TestIdentity = EMPLOYEE) => {
  const { status } = await ctx.call('DELETE', apiPaths.deleteUpload(id), as)
  expect(status).toBe(204)
}

const restore = async (id: string, as: TestIdentity | null = ADMIN) => {
  const { status, response } = await ctx.call('POST', apiPaths.restore(id), as)
  return { status, body: response.json<RestoreResult>(), problem: response.json<Problem>() }
}

const deletedList = async (query: Record<string, string> = {}, as: TestIdentity = ADMIN) => {
  const { status, body } = await ctx.call<DeletedDocumentList>(
    'GET',
    apiPaths.deletedDocuments,
    as,
    { query: { pageSize: '50', ...query } },
  )
  expect(status).toBe(200)
  return body
}

const listed = async (id: string) =>
  (await deletedList()).Results.find((item) => item.contentUID === id)

/** Moves a deletion back in time, as if it happened `days` ago. */
const deletedDaysAgo = (id: string, days: number) =>
  ctx.db.query(`update documents set deleted_at = now() - $2 * interval '1 day' where id = $1`, [
    id,
    days,
  ])

const publicSearch = async (query: string) =>
  (await searchAs(ctx, { query })).Results.map((result) => result.contentUID)

const auditActions = async (id: string) =>
  (
    await ctx.db.query<{ action: string; actor_id: string | null }>(
      `select action, actor_id from audit_log where document_id = $1 order by id`,
      [id],
    )
  ).map((row) => `${row.action} by ${row.actor_id}`)

describe('the list of deleted documents', () => {
  it('shows admins who deleted what and when, the earlier status, and when it is purged', async () => {
    const approved = await createDocument(ctx.db, { title: 'Lijst goedgekeurd', owner: EMPLOYEE })
    const pending = await createDocument(ctx.db, {
      title: 'Lijst openstaand',
      status: 'openstaand',
      owner: EMPLOYEE,
    })
    await remove(pending)
    await remove(approved, ADMIN)
    await deletedDaysAgo(pending, 10)

    const list = await deletedList()
    const first = list.Results.find((item) => item.contentUID === approved)
    expect(first).toMatchObject({
      title: 'Lijst goedgekeurd',
      contentTypeName: 'Dataset',
      status: 'goedgekeurd',
      owner: { id: EMPLOYEE.oid, name: EMPLOYEE.name },
      deletedBy: { id: ADMIN.oid, name: ADMIN.name },
      withdrawn: false,
      daysUntilPurge: 30,
    })
    expect(Date.parse(first!.purgeAt) - Date.parse(first!.deletedAt)).toBe(30 * DAY_MS)
    expect(Date.parse(first!.deletedAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(await listed(pending)).toMatchObject({
      status: 'openstaand',
      deletedBy: { name: EMPLOYEE.name },
      daysUntilPurge: 20,
    })
    // Most recently deleted first.
    const order = list.Results.map((item) => item.contentUID)
    expect(order.indexOf(approved)).toBeLessThan(order.indexOf(pending))
  })

  it('leaves out live documents and those past the retention, and pages', async () => {
    const live = await createDocument(ctx.db, { title: 'Niet verwijderd', owner: EMPLOYEE })
    const expired = await createDocument(ctx.db, { title: 'Te lang geleden', owner: EMPLOYEE })
    await remove(expired)
    await deletedDaysAgo(expired, 31)
    expect(await listed(live)).toBeUndefined()
    expect(await listed(expired)).toBeUndefined()

    const all = await deletedList()
    const page = await deletedList({ offset: '2', pageSize: '1' })
    expect(page.Total).toBe(all.Total)
    expect(page.Results).toEqual([all.Results[1]])
  })

  it('is for admins only', async () => {
    const employee = await ctx.call('GET', apiPaths.deletedDocuments, EMPLOYEE)
    expect(employee.status).toBe(403)
    expect((await ctx.call('GET', apiPaths.deletedDocuments, null)).status).toBe(401)
  })
})

describe('restoring a deleted document', () => {
  it('brings an approved document back for everyone, in its earlier status, audited', async () => {
    const id = await createDocument(ctx.db, {
      title: 'Grachtenkaart herstelbaar',
      owner: EMPLOYEE,
      fileText: 'grachtenkaart',
    })
    await remove(id)
    expect(
      (await ctx.call('GET', apiPaths.document(id), null, { prefix: API_PREFIX.public })).status,
    ).toBe(404)
    expect(await publicSearch('grachtenkaart')).not.toContain(id)

    const { status, body } = await restore(id)

    expect(status).toBe(200)
    expect(body).toEqual({
      contentUID: id,
      title: 'Grachtenkaart herstelbaar',
      status: 'goedgekeurd',
    })
    const visitor = await ctx.call<DocumentDetail>('GET', apiPaths.document(id), null, {
      prefix: API_PREFIX.public,
    })
    expect(visitor.status).toBe(200)
    expect(visitor.body.status).toBe('goedgekeurd')
    expect(await publicSearch('grachtenkaart')).toContain(id)
    expect(await listed(id)).toBeUndefined()
    const [row] = await ctx.db.query<{ deleted_at: Date | null; deleted_by: string | null }>(
      'select deleted_at, deleted_by from documents where id = $1',
      [id],
    )
    expect(row).toEqual({ deleted_at: null, deleted_by: null })
    expect(await auditActions(id)).toEqual([
      `document_deleted by ${EMPLOYEE.oid}`,
      `document_restored by ${ADMIN.oid}`,
    ])
    const [details] = await ctx.db.query<{ details: Record<string, unknown> }>(
      `select details from audit_log where document_id = $1 and action = 'document_restored'`,
      [id],
    )
    expect(details?.details).toMatchObject({ status: 'goedgekeurd', deletedBy: EMPLOYEE.oid })
  })

  it('brings a document awaiting validation back into the open list, still open', async () => {
    const id = await createDocument(ctx.db, {
      title: 'Openstaand herstellen',
      status: 'openstaand',
      owner: OTHER_EMPLOYEE,
    })
    await remove(id, OTHER_EMPLOYEE)
    expect((await restore(id)).body.status).toBe('openstaand')
    const open = await ctx.call<ValidationList>('GET', apiPaths.validationList, ADMIN, {
      query: { pageSize: '50' },
    })
    expect(open.body.Results.map((item) => item.contentUID)).toContain(id)
    const own = await ctx.call<DocumentDetail>('GET', apiPaths.document(id), OTHER_EMPLOYEE)
    expect(own.body.status).toBe('openstaand')
  })

  it('brings back a harvested document its source withdrew, no longer withdrawn', async () => {
    const id = await createDocument(ctx.db, { title: 'Ingetrokken dataset', owner: EMPLOYEE })
    await markHarvested(ctx.db, id, await insertHarvestSource(ctx.db, { name: 'Provincie' }))
    // As a run leaves a document its source no longer lists.
    await ctx.db.query(
      `update documents set deleted_at = now(), withdrawn_at = now() where id = $1`,
      [id],
    )
    // The list says the source withdrew it: no one deleted it.
    expect(await listed(id)).toMatchObject({ withdrawn: true, deletedBy: null })

    const { status, body } = await restore(id)

    expect(status).toBe(200)
    expect(body.status).toBe('goedgekeurd')
    const visitor = await ctx.call('GET', apiPaths.document(id), null, {
      prefix: API_PREFIX.public,
    })
    expect(visitor.status).toBe(200)
    const [row] = await ctx.db.query<{ deleted_at: Date | null; withdrawn_at: Date | null }>(
      'select deleted_at, withdrawn_at from documents where id = $1',
      [id],
    )
    expect(row).toEqual({ deleted_at: null, withdrawn_at: null })
  })

  it('refuses employees, the owner too (403), and visitors (401), changing nothing', async () => {
    const id = await createDocument(ctx.db, { title: 'Alleen beheerders', owner: EMPLOYEE })
    await remove(id)
    expect((await restore(id, EMPLOYEE)).status).toBe(403)
    expect((await restore(id, OTHER_EMPLOYEE)).status).toBe(403)
    expect((await restore(id, null)).status).toBe(401)
    expect(await listed(id)).toBeDefined()
    expect(await auditActions(id)).toEqual([`document_deleted by ${EMPLOYEE.oid}`])
  })

  it('answers 404 for a live, an unknown, an already restored and an expired document', async () => {
    const live = await createDocument(ctx.db, { title: 'Leeft nog', owner: EMPLOYEE })
    const twice = await createDocument(ctx.db, { title: 'Tweemaal hersteld', owner: EMPLOYEE })
    const expired = await createDocument(ctx.db, {
      title: 'Bewaartermijn voorbij',
      owner: EMPLOYEE,
    })
    await remove(twice)
    expect((await restore(twice)).status).toBe(200)
    await remove(expired)
    await deletedDaysAgo(expired, 30.5)

    for (const id of [live, twice, expired, '00000000-0000-4000-8000-000000000000']) {
      const { status, problem } = await restore(id)
      expect(status, id).toBe(404)
      expect(problem.detail).toBe(
        'Dit document is niet verwijderd, of de bewaartermijn is voorbij en het is definitief verwijderd.',
      )
    }
    expect((await restore('geen-uuid')).status).toBe(422)
    expect(await auditActions(live)).toEqual([])
  })
})

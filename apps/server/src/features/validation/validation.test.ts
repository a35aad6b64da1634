import {
  API_PREFIX,
  apiPaths,
  STATUS_CATEGORIES,
  type DocumentDetail,
  type DocumentList,
  type Problem,
  type SearchResponse,
  type ValidationResult,
} from '@dataportaal/contract'
import { describe, expect, it } from 'vitest'
import { ADMIN, useTestContext, EMPLOYEE, type TestIdentity } from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'

const OTHER_ADMIN: TestIdentity = {
  oid: 'oid-tweede-beheerder',
  name: 'Tineke Tweede',
  email: 'tweede@voorbeeldstad.nl',
  groups: ADMIN.groups ?? [],
}

const ctx = useTestContext()

async function get(
  prefix: string,
  path: string,
  as: TestIdentity | null,
  query: Record<string, string> = {},
) {
  const search = new URLSearchParams(query).toString()
  const response = await ctx.app.inject({
    method: 'GET',
    url: `${prefix}${path}${search ? `?${search}` : ''}`,
    headers: as ? { authorization: `Bearer ${await ctx.tokenFor(as)}` } : {},
  })
  return { status: response.statusCode, response }
}

const approve = async (id: string, as: TestIdentity | null = ADMIN) => {
  const { status, response } = await get(API_PREFIX.authenticated, apiPaths.approve(id), as)
  return {
    status,
    response,
    body: response.json<ValidationResult>(),
    problem: response.json<Problem>(),
  }
}

const REASON = { statusCategory: 'Onvolledig', statusDescription: 'De bron ontbreekt.' }

const disapprove = async (
  id: string,
  query: Record<string, string> = REASON,
  as: TestIdentity | null = ADMIN,
) => {
  const { status, response } = await get(
    API_PREFIX.authenticated,
    apiPaths.disapprove(id),
    as,
    query,
  )
  return {
    status,
    response,
    body: response.json<ValidationResult>(),
    problem: response.json<Problem>(),
  }
}

const pending = (title: string) =>
  createDocument(ctx.db, { title, status: 'openstaand', owner: EMPLOYEE })

/** The admin's and the owner's open counts, as the badge asks for them. */
async function openCounts() {
  const query = { status: 'openstaand', pageSize: '1' }
  const all = await get(API_PREFIX.authenticated, apiPaths.validationList, ADMIN, query)
  const own = await get(API_PREFIX.authenticated, apiPaths.userDocuments, EMPLOYEE, query)
  return {
    all: all.response.json<DocumentList>().Total,
    own: own.response.json<DocumentList>().Total,
  }
}

const auditRows = (id: string) =>
  ctx.db.query<{ actor_id: string; action: string; document_title: string; details: unknown }>(
    `select actor_id, action, document_title, details from audit_log
      where document_id = $1 and action like 'document_%approved' order by id`,
    [id],
  )

const publicSearch = async (query: string) => {
  const { response } = await get(API_PREFIX.public, apiPaths.search, null, { query })
  return response.json<SearchResponse>().Results.map((result) => result.contentUID)
}

describe('approving', () => {
  it('publishes the document: visible and findable on /pubapi, out of the open counts, audited', async () => {
    const id = await pending('Kademuurinspecties binnenstad')
    const before = await openCounts()
    expect((await get(API_PREFIX.public, apiPaths.document(id), null)).status).toBe(404)
    expect(await publicSearch('kademuurinspecties')).not.toContain(id)

    const { status, body, response } = await approve(id)

    expect(status).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(body).toMatchObject({
      id,
      status: 'goedgekeurd',
      statusCategory: null,
      statusDescription: null,
      validatedBy: ADMIN.name,
      changed: true,
    })
    expect(Date.parse(body.published ?? '')).toBeGreaterThan(Date.now() - 60_000)
    expect(body.validatedAt).not.toBeNull()

    const published = await get(API_PREFIX.public, apiPaths.document(id), null)
    expect(published.status).toBe(200)
    expect(published.response.json<DocumentDetail>()).toMatchObject({
      status: 'goedgekeurd',
      published: body.published,
    })
    expect(await publicSearch('kademuurinspecties')).toContain(id)
    expect(await openCounts()).toEqual({ all: before.all - 1, own: before.own - 1 })
    expect(await auditRows(id)).toEqual([
      {
        actor_id: ADMIN.oid,
        action: 'document_approved',
        document_title: 'Kademuurinspecties binnenstad',
        details: {},
      },
    ])
  })

  it('twice answers 200 with changed: false, who and when, and writes no second audit row', async () => {
    const id = await pending('Bruggenonderhoud tweemaal')
    const first = await approve(id)
    const second = await approve(id, OTHER_ADMIN)
    expect(second.status).toBe(200)
    expect(second.body).toMatchObject({
      status: 'goedgekeurd',
      published: first.body.published,
      validatedBy: ADMIN.name,
      validatedAt: first.body.validatedAt,
      changed: false,
    })
    expect(await auditRows(id)).toHaveLength(1)
  })

  it('answers 404 for a document deleted meanwhile, and for one that never existed', async () => {
    const id = await pending('Straks verwijderd')
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `${API_PREFIX.authenticated}${apiPaths.deleteUpload(id)}`,
      headers: { authorization: `Bearer ${await ctx.tokenFor(EMPLOYEE)}` },
    })
    expect(deleted.statusCode).toBe(204)
    for (const target of [id, '00000000-0000-4000-8000-000000000000']) {
      const { status, problem } = await approve(target)
      expect(status).toBe(404)
      expect(problem.detail).toBe('Dit document bestaat niet (meer).')
      expect((await disapprove(target)).status).toBe(404)
    }
    expect(await auditRows(id)).toEqual([])
  })
})

describe('disapproving', () => {
  it('hides the document, tells the owner why on /documents/user, lowers the counts, audits', async () => {
    const id = await pending('Geluidsmetingen Zuid')
    const before = await openCounts()

    const { status, body } = await disapprove(id, {
      statusCategory: 'Privacygevoelig',
      statusDescription: '  Er staan namen van bewoners in.  ',
    })

    expect(status).toBe(200)
    expect(body).toMatchObject({
      id,
      status: 'afgekeurd',
      published: null,
      statusCategory: 'Privacygevoelig',
      statusDescription: 'Er staan namen van bewoners in.',
      validatedBy: ADMIN.name,
      changed: true,
    })
    expect((await get(API_PREFIX.public, apiPaths.document(id), null)).status).toBe(404)
    const own = await get(API_PREFIX.authenticated, apiPaths.userDocuments, EMPLOYEE, {
      status: 'afgekeurd',
    })
    expect(
      own.response.json<DocumentList>().Results.find((item) => item.contentUID === id),
    ).toMatchObject({
      status: 'afgekeurd',
      statusCategory: 'Privacygevoelig',
      statusDescription: 'Er staan namen van bewoners in.',
    })
    expect(await openCounts()).toEqual({ all: before.all - 1, own: before.own - 1 })
    const disapprovedList = await get(API_PREFIX.authenticated, apiPaths.validationList, ADMIN, {
      status: 'afgekeurd',
    })
    expect(
      disapprovedList.response.json<DocumentList>().Results.map((item) => item.contentUID),
    ).toContain(id)
    expect(await auditRows(id)).toEqual([
      {
        actor_id: ADMIN.oid,
        action: 'document_disapproved',
        document_title: 'Geluidsmetingen Zuid',
        details: {
          statusCategory: 'Privacygevoelig',
          statusDescription: 'Er staan namen van bewoners in.',
        },
      },
    ])
  })

  it('refuses a missing or blank reason and an unknown category with 422, changing nothing', async () => {
    const id = await pending('Parkeerdruk zonder reden')
    const cases: Array<[Record<string, string>, string]> = [
      [{ statusCategory: 'Onjuist' }, 'querystring.statusDescription'],
      [{ statusCategory: 'Onjuist', statusDescription: '   ' }, 'querystring.statusDescription'],
      [
        { statusCategory: 'Onjuist', statusDescription: 'x'.repeat(2001) },
        'querystring.statusDescription',
      ],
      [{ statusCategory: 'Lelijk', statusDescription: 'Past niet.' }, 'querystring.statusCategory'],
      [{ statusDescription: 'Geen categorie.' }, 'querystring.statusCategory'],
    ]
    for (const [query, path] of cases) {
      const { status, problem } = await disapprove(id, query)
      expect(status, JSON.stringify(query)).toBe(422)
      expect(problem.errors?.map((error) => error.path)).toContain(path)
    }
    const missing = await disapprove(id, { statusCategory: 'Onjuist' })
    expect(missing.problem.errors).toContainEqual({
      path: 'querystring.statusDescription',
      message: 'Vul een toelichting in: waarom wordt het document afgekeurd?',
    })
    const [row] = await ctx.db.query<{ status: string }>(
      'select status from documents where id = $1',
      [id],
    )
    expect(row?.status).toBe('openstaand')
    expect(await auditRows(id)).toEqual([])
  })

  it('accepts each of the six categories', async () => {
    for (const category of STATUS_CATEGORIES) {
      const id = await pending(`Categorie ${category}`)
      const { status, body } = await disapprove(id, {
        statusCategory: category,
        statusDescription: 'Reden.',
      })
      expect(status).toBe(200)
      expect(body.statusCategory).toBe(category)
    }
  })

  it('twice answers changed: false and keeps the first reason', async () => {
    const id = await pending('Afvalinzameling dubbel')
    await disapprove(id)
    const second = await disapprove(id, { statusCategory: 'Dubbel', statusDescription: 'Anders.' })
    expect(second.status).toBe(200)
    expect(second.body).toMatchObject({
      changed: false,
      statusCategory: REASON.statusCategory,
      statusDescription: REASON.statusDescription,
      validatedBy: ADMIN.name,
    })
    expect(await auditRows(id)).toHaveLength(1)
  })
})

describe('two admins deciding the same document', () => {
  it('approve after disapprove answers 409 naming who disapproved', async () => {
    const id = await pending('Groenonderhoud conflict')
    await disapprove(id, REASON, OTHER_ADMIN)
    const { status, problem } = await approve(id)
    expect(status).toBe(409)
    expect(problem.title).toBe('Conflict')
    expect(problem.detail).toMatch(/^Dit document is al afgekeurd door Tineke Tweede op .+\.$/)
  })

  it('at the same moment: exactly one wins, the other is told, and one state remains', async () => {
    const id = await pending('Tegelijk beoordeeld')
    const [approved, disapproved] = await Promise.all([
      approve(id),
      disapprove(id, REASON, OTHER_ADMIN),
    ])
    expect([approved.status, disapproved.status].sort()).toEqual([200, 409])
    const winner = approved.status === 200 ? approved.body : disapproved.body
    expect(winner.changed).toBe(true)
    const [row] = await ctx.db.query<{ status: string }>(
      'select status from documents where id = $1',
      [id],
    )
    expect(row?.status).toBe(winner.status)
    expect(await auditRows(id)).toHaveLength(1)
  })

  it('both approving at once: one changes it, the other gets changed: false', async () => {
    const id = await pending('Tegelijk goedgekeurd')
    const results = await Promise.all([approve(id), approve(id, OTHER_ADMIN)])
    expect(results.map((result) => result.status)).toEqual([200, 200])
    expect(results.map((result) => result.body.changed).sort()).toEqual([false, true])
    expect(await auditRows(id)).toHaveLength(1)
  })
})

describe('who may decide', () => {
  it('refuses an employee (403) and a visitor (401), also for their own document', async () => {
    const id = await pending('Eigen document goedkeuren')
    expect((await approve(id, EMPLOYEE)).status).toBe(403)
    expect((await disapprove(id, REASON, EMPLOYEE)).status).toBe(403)
    expect((await approve(id, null)).status).toBe(401)
    expect((await disapprove(id, REASON, null)).status).toBe(401)
    const publicCall = await get(API_PREFIX.public, apiPaths.approve(id), null)
    expect(publicCall.status).toBe(404)
    const head = await ctx.app.inject({
      method: 'HEAD',
      url: `${API_PREFIX.authenticated}${apiPaths.approve(id)}`,
      headers: { authorization: `Bearer ${await ctx.tokenFor(ADMIN)}` },
    })
    expect(head.statusCode).not.toBe(200)
    const [row] = await ctx.db.query<{ status: string }>(
      'select status from documents where id = $1',
      [id],
    )
    expect(row?.status).toBe('openstaand')
  })

  it('answers 422 for a malformed id, like the other document routes', async () => {
    expect((await approve('geen-uuid')).status).toBe(422)
  })
})

import { Readable } from 'node:stream'
import { API_PREFIX, apiPaths, DATA_REQUEST_URL } from '@dataportaal/contract'
import Fastify from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN,
  useTestContext,
  EMPLOYEE,
  OTHER_EMPLOYEE,
  type TestIdentity,
} from '../../test/app.ts'
import { createDocument } from '../../test/factories.ts'
import { enqueueTableLoads } from '../features/tables/index.ts'
import { enforceAccess, type Access, type RouteAccess } from './access.ts'

/**
 * Every route of /pubapi and /api, taken from the running app, called as a visitor, an
 * employee and an admin. A route without an entry here fails, so each new route states
 * who may call it.
 */
type Caller = 'anonymous' | 'employee' | 'admin'
const CALLERS: Record<Caller, TestIdentity | null> = {
  anonymous: null,
  employee: EMPLOYEE,
  admin: ADMIN,
}

/** Expected status for [anonymous, employee, admin]. */
type Expected = [number, number, number]

interface Case {
  name: string
  /** The path after the prefix, with real ids. */
  path: () => string
  /** Per prefix; a route on one prefix only has one. Tokens are sent on both. */
  pubapi?: Expected
  api?: Expected
}

const ALL_OK: Expected = [200, 200, 200]
const SIGNED_IN: Expected = [401, 200, 200]
const ADMINS: Expected = [401, 403, 200]

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const doc = {
  approved: '',
  pending: '',
  file: '',
  colleagues: '',
  toApprove: '',
  toDisapprove: '',
  deleted: '',
}

/** Keyed by method and route path after the prefix. */
const TABLE: Record<string, Case[]> = {
  'GET /config': [{ name: 'client configuration', path: () => apiPaths.config, pubapi: ALL_OK }],
  'GET /feeds/documents.atom': [
    { name: 'feed', path: () => `${apiPaths.documentsFeed}?tags=Bevolking`, pubapi: ALL_OK },
    {
      name: 'feed with a page number',
      path: () => `${apiPaths.documentsFeed}?offset=2`,
      pubapi: [422, 422, 422],
    },
  ],
  // Anonymous by design: who may act is decided by the token of a link in a mail.
  'POST /subscriptions': [
    { name: 'subscribe without a body', path: () => '/subscriptions', pubapi: [422, 422, 422] },
  ],
  'POST /subscriptions/confirm': [
    {
      name: 'confirm without a body',
      path: () => '/subscriptions/confirm',
      pubapi: [422, 422, 422],
    },
  ],
  'POST /subscriptions/unsubscribe': [
    {
      name: 'one-click unsubscribe, unknown token',
      path: () => '/subscriptions/unsubscribe?token=onbekend',
      pubapi: ALL_OK,
    },
  ],
  'GET /subscriptions/manage': [
    {
      name: 'manage page, unknown token',
      path: () => '/subscriptions/manage?token=onbekend',
      pubapi: [404, 404, 404],
    },
  ],
  'DELETE /subscriptions/manage/:id': [
    {
      name: 'remove a subscription, unknown token',
      path: () => `/subscriptions/manage/${UNKNOWN_ID}?token=onbekend`,
      pubapi: [404, 404, 404],
    },
  ],
  'GET /search': [
    { name: 'search', path: () => `${apiPaths.search}?query=wijk`, pubapi: ALL_OK, api: SIGNED_IN },
    {
      name: 'search with a bad parameter',
      path: () => `${apiPaths.search}?pageSize=500`,
      pubapi: [422, 422, 422],
      api: [401, 422, 422],
    },
  ],
  'GET /complete/:query': [
    { name: 'suggestions', path: () => apiPaths.complete('wi'), pubapi: ALL_OK, api: SIGNED_IN },
  ],
  'GET /documents/categorytypenameaggregation': [
    {
      name: 'content type counts',
      path: () => apiPaths.categoryTypeAggregation,
      pubapi: ALL_OK,
      api: SIGNED_IN,
    },
  ],
  'GET /documents/:id': [
    {
      name: 'approved document',
      path: () => apiPaths.document(doc.approved),
      pubapi: ALL_OK,
      api: SIGNED_IN,
    },
    {
      name: "the employee's document awaiting validation",
      path: () => apiPaths.document(doc.pending),
      pubapi: [404, 404, 404],
      api: [401, 200, 200],
    },
    {
      name: 'a malformed id',
      path: () => apiPaths.document('geen-uuid'),
      pubapi: [422, 422, 422],
      api: [401, 422, 422],
    },
  ],
  'GET /documents/:id/history': [
    {
      name: "an approved document's versions and changes",
      path: () => apiPaths.documentHistory(doc.approved),
      pubapi: ALL_OK,
      api: SIGNED_IN,
    },
    {
      name: "the history of the employee's document awaiting validation",
      path: () => apiPaths.documentHistory(doc.pending),
      pubapi: [404, 404, 404],
      api: [401, 200, 200],
    },
  ],
  'GET /documents/:id/versions/:versionId/file': [
    {
      name: 'an earlier version that is not there',
      path: () => apiPaths.versionFile(doc.approved, UNKNOWN_ID),
      pubapi: [404, 404, 404],
      api: [401, 404, 404],
    },
  ],
  // An earlier version's table (issue 34): the version's own visibility, here one not there.
  'GET /documents/:id/versions/:versionId/table': [
    {
      name: "an earlier version's table that is not there",
      path: () => apiPaths.versionTable(doc.approved, UNKNOWN_ID),
      pubapi: [404, 404, 404],
      api: [401, 404, 404],
    },
  ],
  'GET /documents/:id/versions/:versionId/table/schema': [
    {
      name: "an earlier version's table schema that is not there",
      path: () => apiPaths.versionTableSchema(doc.approved, UNKNOWN_ID),
      pubapi: [404, 404, 404],
      api: [401, 404, 404],
    },
  ],
  'GET /documents/:id/versions/:versionId/rows': [
    {
      name: "an earlier version's rows that are not there",
      path: () => apiPaths.versionRows(doc.approved, UNKNOWN_ID),
      pubapi: [404, 404, 404],
      api: [401, 404, 404],
    },
  ],
  'GET /documents/:id/files/:fileId': [
    {
      name: 'file download',
      path: () => apiPaths.documentFile(doc.approved, doc.file),
      pubapi: ALL_OK,
      api: SIGNED_IN,
    },
  ],
  // The Data API: the table of a published file, not loaded here (no jobs run), so its schema
  // and rows answer 409 to whoever may see the document.
  'GET /documents/:id/files/:fileId/table': [
    {
      name: "a file's table",
      path: () => apiPaths.fileTable(doc.approved, doc.file),
      pubapi: ALL_OK,
      api: SIGNED_IN,
    },
  ],
  'GET /documents/:id/files/:fileId/table/schema': [
    {
      name: "a table's schema before it is loaded",
      path: () => apiPaths.fileTableSchema(doc.approved, doc.file),
      pubapi: [409, 409, 409],
      api: [401, 409, 409],
    },
  ],
  'GET /documents/:id/files/:fileId/rows': [
    {
      name: "a table's rows before it is loaded",
      path: () => apiPaths.fileRows(doc.approved, doc.file),
      pubapi: [409, 409, 409],
      api: [401, 409, 409],
    },
  ],
  // Without a body: refused before the owner is looked at.
  'PUT /documents/:id/files/:fileId/table/dictionary': [
    {
      name: "edit a table's dictionary",
      path: () => apiPaths.fileTableDictionary(doc.approved, doc.file),
      api: [401, 422, 422],
    },
  ],
  // A file that did not fail is not read again: nothing is queued.
  'POST /documents/:id/files/:fileId/reread': [
    {
      name: 'read a file again',
      path: () => apiPaths.rereadFile(doc.approved, doc.file),
      api: [401, 403, 409],
    },
  ],
  'POST /documents/open/:id': [
    {
      name: 'record an opening',
      path: () => apiPaths.documentOpen(doc.approved),
      pubapi: [204, 204, 204],
      api: [401, 204, 204],
    },
  ],
  'GET /documents/user': [
    { name: 'own documents', path: () => apiPaths.userDocuments, api: SIGNED_IN },
  ],
  'GET /documents/validate': [
    {
      name: 'validation list',
      path: () => `${apiPaths.validationList}?status=openstaand`,
      api: ADMINS,
    },
    {
      name: 'validation list with a bad status',
      path: () => `${apiPaths.validationList}?status=weg`,
      api: [401, 403, 422],
    },
  ],
  'GET /documents/validate/:id/approve': [
    { name: 'approve', path: () => apiPaths.approve(doc.toApprove), api: ADMINS },
    {
      name: 'approve a malformed id',
      path: () => apiPaths.approve('geen-uuid'),
      api: [401, 403, 422],
    },
  ],
  'GET /documents/validate/:id/disapprove': [
    {
      name: 'disapprove',
      path: () =>
        `${apiPaths.disapprove(doc.toDisapprove)}?statusCategory=Onjuist&statusDescription=Klopt+niet`,
      api: ADMINS,
    },
    {
      name: 'disapprove without a reason',
      path: () => `${apiPaths.disapprove(doc.toDisapprove)}?statusCategory=Onjuist`,
      api: [401, 403, 422],
    },
  ],
  // Without a body: an admin gets as far as validation (422), an employee not (403).
  'POST /documents/:id/privacy-review': [
    {
      name: 'review possible personal data',
      path: () => apiPaths.privacyReview(doc.pending),
      api: [401, 403, 422],
    },
  ],
  // Any employee gets as far as validation; whose the document is is the policy's.
  'POST /documents/:id/privacy-findings/:findingId/owner-note': [
    {
      name: "note 'geen persoonsgegeven'",
      path: () => apiPaths.privacyOwnerNote(doc.pending, UNKNOWN_ID),
      api: [401, 422, 422],
    },
  ],
  'GET /documents/privacy/published': [
    {
      name: 'published with possible personal data',
      path: () => apiPaths.privacyPublished,
      api: ADMINS,
    },
  ],
  'GET /documents/deleted': [
    { name: 'deleted documents', path: () => apiPaths.deletedDocuments, api: ADMINS },
  ],
  'POST /documents/:id/restore': [
    { name: 'restore', path: () => apiPaths.restore(doc.deleted), api: ADMINS },
    {
      name: 'restore a live document',
      path: () => apiPaths.restore(doc.approved),
      api: [401, 403, 404],
    },
  ],
  'GET /harvest/sources': [
    { name: 'harvest sources', path: () => apiPaths.harvestSources, api: ADMINS },
  ],
  // Without a body, or for an unknown source or run: nothing changes.
  'POST /harvest/sources': [
    { name: 'add a harvest source', path: () => apiPaths.harvestSources, api: [401, 403, 422] },
  ],
  'PUT /harvest/sources/:id': [
    {
      name: 'change a harvest source',
      path: () => apiPaths.harvestSource(UNKNOWN_ID),
      api: [401, 403, 422],
    },
  ],
  'POST /harvest/sources/:id/runs': [
    {
      name: 'start a harvest run',
      path: () => apiPaths.harvestSourceRuns(UNKNOWN_ID),
      api: [401, 403, 404],
    },
  ],
  'GET /harvest/sources/:id/runs': [
    {
      name: 'harvest runs of a source',
      path: () => apiPaths.harvestSourceRuns(UNKNOWN_ID),
      api: [401, 403, 404],
    },
  ],
  'GET /harvest/runs/:id': [
    { name: 'a harvest run', path: () => apiPaths.harvestRun(UNKNOWN_ID), api: [401, 403, 404] },
  ],
  'GET /links/report': [
    { name: 'broken links and damaged files', path: () => apiPaths.linkReport, api: ADMINS },
  ],
  'GET /tags': [{ name: 'themes', path: () => apiPaths.tags, pubapi: ALL_OK, api: SIGNED_IN }],
  'GET /thesaurus': [
    { name: 'thesaurus', path: () => apiPaths.thesaurus, pubapi: ALL_OK, api: SIGNED_IN },
  ],
  'GET /tags/aggregation': [
    { name: 'theme counts', path: () => apiPaths.tagsAggregation, pubapi: ALL_OK, api: SIGNED_IN },
  ],
  'GET /labels': [{ name: 'labels', path: () => apiPaths.labels, api: SIGNED_IN }],
  'GET /labels/aggregation': [
    { name: 'label counts', path: () => apiPaths.labelsAggregation, api: SIGNED_IN },
  ],
  'GET /tags/admin': [{ name: 'managed themes', path: () => apiPaths.managedTags, api: ADMINS }],
  'GET /labels/admin': [
    { name: 'managed labels', path: () => apiPaths.managedLabels, api: ADMINS },
  ],
  // Without a body: the admin gets as far as validation (422), and nothing changes.
  'PUT /tags': [{ name: 'add a theme', path: () => apiPaths.tags, api: [401, 403, 422] }],
  'PUT /labels': [{ name: 'add a label', path: () => apiPaths.labels, api: [401, 403, 422] }],
  'DELETE /tags/:name': [
    { name: 'delete a theme', path: () => apiPaths.tag('Onbekend'), api: [401, 403, 404] },
  ],
  'DELETE /labels/:name': [
    { name: 'delete a label', path: () => apiPaths.label('Onbekend'), api: [401, 403, 404] },
  ],
  'PUT /thesaurus/:name': [
    {
      name: 'edit the thesaurus',
      path: () => apiPaths.thesaurusEntry('Bevolking'),
      api: [401, 403, 422],
    },
  ],
  'PUT /tags/:name/eu-theme': [
    {
      name: 'map a theme to an EU data theme',
      path: () => apiPaths.tagEuTheme('Bevolking'),
      api: [401, 403, 422],
    },
  ],
  'GET /documents/upload/options': [
    { name: 'upload form options', path: () => apiPaths.uploadOptions, api: SIGNED_IN },
  ],
  'POST /documents/upload': [
    { name: 'upload without form data', path: () => apiPaths.upload, api: [401, 415, 415] },
  ],
  'DELETE /documents/upload/:id': [
    {
      name: "delete a colleague's document",
      path: () => apiPaths.deleteUpload(doc.colleagues),
      api: [401, 403, 204],
    },
  ],
  'GET /user/admin': [{ name: 'admin flag', path: () => apiPaths.userAdmin, api: SIGNED_IN }],
  'GET /search/dashboard': [
    { name: 'dashboard', path: () => `${apiPaths.dashboard}?period=7d`, api: ADMINS },
    {
      name: 'dashboard with a bad period',
      path: () => `${apiPaths.dashboard}?period=2d`,
      api: [401, 403, 422],
    },
  ],
  'GET /documents/favorites': [
    { name: 'favourites', path: () => apiPaths.favorites, api: SIGNED_IN },
  ],
  'PUT /documents/:id/favorite': [
    { name: 'favourite', path: () => apiPaths.favorite(doc.approved), api: SIGNED_IN },
  ],
  'DELETE /documents/:id/favorite': [
    { name: 'unfavourite', path: () => apiPaths.favorite(doc.approved), api: SIGNED_IN },
  ],
  'PUT /documents/:id/rating': [
    { name: 'rate', path: () => `${apiPaths.rating(doc.approved)}?rating=4`, api: SIGNED_IN },
  ],
  'PUT /documents/:id/resetrating': [
    { name: 'reset a rating', path: () => apiPaths.resetRating(doc.approved), api: SIGNED_IN },
  ],
  'PUT /documents/:id/tag': [
    {
      name: 'attach a theme',
      path: () => `${apiPaths.documentTag(doc.approved)}?name=Bevolking`,
      api: SIGNED_IN,
    },
  ],
  'DELETE /documents/:id/tag/:name': [
    {
      name: 'remove a theme',
      path: () => apiPaths.removeTag(doc.approved, 'Bevolking'),
      api: SIGNED_IN,
    },
  ],
  'PUT /documents/:id/label': [
    {
      name: 'attach a label',
      path: () => `${apiPaths.documentLabel(doc.approved)}?name=Intern`,
      api: SIGNED_IN,
    },
  ],
  'DELETE /documents/:id/label/:name': [
    {
      name: 'remove a label',
      path: () => apiPaths.removeLabel(doc.approved, 'Intern'),
      api: SIGNED_IN,
    },
  ],
  'GET /tags/following': [
    { name: 'followed themes', path: () => apiPaths.followedTags, api: SIGNED_IN },
  ],
  'PUT /tags/following': [
    { name: 'follow', path: () => `${apiPaths.followedTags}?data=Bevolking`, api: SIGNED_IN },
  ],
  'DELETE /tags/following/:name': [
    { name: 'unfollow', path: () => apiPaths.followedTag('Bevolking'), api: SIGNED_IN },
  ],
  'GET /tags/following/documents': [
    { name: 'followed documents', path: () => apiPaths.followedTagsDocuments, api: SIGNED_IN },
  ],
  'GET /tags/:name/followers': [
    { name: 'followers', path: () => apiPaths.tagFollowers('Bevolking'), api: SIGNED_IN },
  ],
  'GET /tags/:name/documents': [
    {
      name: 'documents in a theme',
      path: () => apiPaths.tagDocuments('Bevolking'),
      pubapi: ALL_OK,
      api: SIGNED_IN,
    },
  ],
}

const PREFIXES = [API_PREFIX.public, API_PREFIX.authenticated] as const
type Prefix = (typeof PREFIXES)[number]

interface RegisteredRoute {
  method: string
  prefix: Prefix
  path: string
}

const registered = (): RegisteredRoute[] =>
  ctx.app.routeAccess.map(({ method, url }) => {
    const prefix = PREFIXES.find((p) => url.startsWith(`${p}/`))
    if (!prefix) throw new Error(`route outside /pubapi and /api in the table: ${url}`)
    return { method, prefix, path: url.slice(prefix.length) }
  })

/** HEAD routes are Fastify's automatic twins of GET routes and answer alike. */
const entryFor = (route: RegisteredRoute) =>
  TABLE[`${route.method === 'HEAD' ? 'GET' : route.method} ${route.path}`]

const expectationOf = (testCase: Case, prefix: Prefix) =>
  prefix === API_PREFIX.public ? testCase.pubapi : testCase.api

const ctx = useTestContext()

beforeAll(async () => {
  const stored = await ctx.store.put(Readable.from([Buffer.from('wijk;inwoners\nNoord;8000\n')]))
  doc.approved = await createDocument(ctx.db, {
    title: 'Inwoners per wijk',
    owner: EMPLOYEE,
    themes: ['Bevolking'],
    labels: ['Intern'],
    file: { fileName: 'wijken.csv', mediaType: 'text/csv', ...stored },
  })
  doc.colleagues = await createDocument(ctx.db, {
    title: 'Parkeertellingen van een collega',
    owner: OTHER_EMPLOYEE,
  })
  doc.pending = await createDocument(ctx.db, {
    title: 'Concept wijkindeling',
    status: 'openstaand',
    owner: EMPLOYEE,
  })
  doc.toApprove = await createDocument(ctx.db, {
    title: 'Nieuwe fietstellingen',
    status: 'openstaand',
    owner: EMPLOYEE,
  })
  doc.toDisapprove = await createDocument(ctx.db, {
    title: 'Onvolledige fietstellingen',
    status: 'openstaand',
    owner: EMPLOYEE,
  })
  doc.deleted = await createDocument(ctx.db, {
    title: 'Per ongeluk verwijderd',
    owner: EMPLOYEE,
    deleted: true,
  })
  const [file] = await ctx.db.query<{ id: string }>(
    'select id::text from document_files where document_id = $1',
    [doc.approved],
  )
  doc.file = file!.id
  // Queued for loading as an upload queues it; no job runs here, so it stays 'wachtend'.
  await enqueueTableLoads(ctx.db, [{ id: doc.file, mediaType: 'text/csv' }])
})

describe('the authorization table', () => {
  it('has an entry with an expectation for every registered route, and none for routes that are gone', () => {
    const routes = registered()
    const missing = routes
      .filter((route) => {
        const cases = entryFor(route)
        return !cases?.length || cases.some((c) => !expectationOf(c, route.prefix))
      })
      .map((route) => `${route.method} ${route.prefix}${route.path}`)
    expect(missing).toEqual([])

    const served = new Set(routes.map((route) => `${route.method} ${route.prefix}${route.path}`))
    const stale = Object.entries(TABLE).flatMap(([key, cases]) => {
      const [method, path] = key.split(' ')
      return PREFIXES.filter((prefix) => cases.some((c) => expectationOf(c, prefix)))
        .map((prefix) => `${method} ${prefix}${path}`)
        .filter((route) => !served.has(route))
    })
    expect(stale).toEqual([])
  })

  it('serves employee and admin routes on /api only', () => {
    const publicRoutes = ctx.app.routeAccess.filter((r) => r.url.startsWith(API_PREFIX.public))
    expect(publicRoutes.every((route) => route.access === 'everyone')).toBe(true)
    expect(publicRoutes.map((r) => r.url)).not.toContain(`${API_PREFIX.public}${apiPaths.labels}`)
  })

  it('answers every route as expected for a visitor, an employee and an admin', async () => {
    const outcomes: string[] = []
    const wanted: string[] = []
    for (const route of registered()) {
      for (const testCase of entryFor(route) ?? []) {
        const expected = expectationOf(testCase, route.prefix)
        if (!expected) continue
        for (const [index, [caller, identity]] of Object.entries(CALLERS).entries()) {
          const response = await ctx.app.inject({
            method: route.method as 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE',
            url: `${route.prefix}${testCase.path()}`,
            headers: identity ? { authorization: `Bearer ${await ctx.tokenFor(identity)}` } : {},
          })
          const label = `${route.method} ${route.prefix} ${testCase.name} as ${caller}`
          outcomes.push(`${label}: ${response.statusCode}`)
          wanted.push(`${label}: ${expected[index]}`)
          if (response.statusCode >= 400 && route.method !== 'HEAD') {
            expect(response.headers['content-type'], label).toContain('application/problem+json')
          }
        }
      }
    }
    expect(outcomes).toEqual(wanted)
    expect(outcomes.length).toBeGreaterThan(100)
  })
})

describe('the mail prefix', () => {
  it('serves POST /mail to everyone alike, signed in or not (422 for an empty question, never 401 or 403)', async () => {
    expect(ctx.app.routeAccess.map((route) => route.url)).not.toContain(DATA_REQUEST_URL)
    for (const identity of Object.values(CALLERS)) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: DATA_REQUEST_URL,
        payload: {},
        headers: identity ? { authorization: `Bearer ${await ctx.tokenFor(identity)}` } : {},
      })
      expect(response.statusCode).toBe(422)
      expect(response.headers['content-type']).toContain('application/problem+json')
    }
  })
})

describe('problem details for 401 and 403', () => {
  it('sends 401 with WWW-Authenticate and 403 with a Dutch title', async () => {
    const url = `${API_PREFIX.authenticated}${apiPaths.validationList}`
    const anonymous = await ctx.app.inject({ url })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.headers['www-authenticate']).toBe('Bearer')
    expect(anonymous.json()).toMatchObject({ title: 'Niet aangemeld', status: 401 })
    const employee = await ctx.app.inject({
      url,
      headers: { authorization: `Bearer ${await ctx.tokenFor(EMPLOYEE)}` },
    })
    expect(employee.statusCode).toBe(403)
    expect(employee.headers['www-authenticate']).toBeUndefined()
    expect(employee.json()).toMatchObject({
      type: 'about:blank',
      title: 'Geen toegang',
      status: 403,
      instance: url,
    })
  })

  it('answers GET /user/admin with the boolean', async () => {
    const url = `${API_PREFIX.authenticated}${apiPaths.userAdmin}`
    for (const [identity, expected] of [
      [EMPLOYEE, false],
      [ADMIN, true],
    ] as const) {
      const response = await ctx.app.inject({
        url,
        headers: { authorization: `Bearer ${await ctx.tokenFor(identity)}` },
      })
      expect(response.headers['content-type']).toContain('application/json')
      expect(response.body).toBe(String(expected))
    }
  })
})

describe('declaring access', () => {
  const start = async (allowed: Access[], config: { access?: Access }) => {
    const app = Fastify()
    const table: RouteAccess[] = []
    await app.register(async (scope) => {
      enforceAccess(scope, { allowed, table })
      scope.get('/x', { config }, () => 'ok')
    })
    try {
      await app.ready()
      return table
    } finally {
      await app.close()
    }
  }

  it('stops start-up for a route that does not say who may call it', async () => {
    await expect(start(['everyone'], {})).rejects.toThrow(/declare config.access/)
  })

  it('stops start-up for an employee route on the public prefix', async () => {
    await expect(start(['everyone'], { access: 'employee' })).rejects.toThrow(/GET \/x/)
    expect(await start(['everyone', 'employee'], { access: 'employee' })).toEqual([
      { method: 'GET', url: '/x', access: 'employee' },
      { method: 'HEAD', url: '/x', access: 'employee' },
    ])
  })
})

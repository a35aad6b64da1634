import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { API_PREFIX, apiPaths, type DocumentDetail } from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN,
  createTestContext,
  EMPLOYEE,
  OTHER_EMPLOYEE,
  type TestContext,
  type TestIdentity,
} from '../../../test/app.ts'
import { jobHandlers } from '../../job-handlers.ts'
import { runPendingJobs } from '../../jobs/worker.ts'
import { CATALOGUE_PATH } from '../dcat/graph.ts'
import { documentPagePath, PUBLICATION_PATHS } from '../publication/paths.ts'
import { postUpload } from '../uploads/testing.ts'
import { fileOf, uploadForm, VALID_FIELDS } from '../uploads/testing-files.ts'
import { ensureNamed } from '../vocabulary/service.ts'
import { fakeScanner, finding } from './testing.ts'

/**
 * Findings are never public (issue 32): after an upload with findings, a review and the
 * approval, no public answer carries a masked value, a context or a finding's id, and only
 * the owner and admins get the `privacy` field.
 */
const SECRETS = {
  bsnMasked: '***.**.*782',
  bsnContext: 'Zwartveldkolom ***.**.*782 Hoogbrug',
  ibanMasked: 'NL** **** **** **43 00',
  ibanContext: 'Kwelderrekening NL** **** **** **43 00 Lindeplein',
  emailMasked: 'm***@grachtweide.nl',
  emailContext: 'Sluiswachter m***@grachtweide.nl Molenstraat',
}

const SCANNER = fakeScanner({
  files: [
    ['BSN-KOLOM', [finding('bsn', "kolom 'bsn' (B)", SECRETS.bsnMasked, SECRETS.bsnContext, 3)]],
    ['IBAN-RAPPORT', [finding('iban', 'pagina 1', SECRETS.ibanMasked, SECRETS.ibanContext)]],
  ],
  texts: [
    [
      'Vragenlijn',
      { kind: 'email', masked: SECRETS.emailMasked, context: SECRETS.emailContext, count: 1 },
    ],
  ],
})

const PUBLIC_URL = 'https://data.voorbeeldstad.nl'
const INDEX = `<!doctype html>
<html lang="nl"><head><meta charset="utf-8" /><title>Dataportaal</title></head>
<body><div id="root"></div></body></html>
`

let ctx: TestContext
let dist: string
let id: string
let findingIds: string[]

async function call(
  url: string,
  as: TestIdentity | null = null,
  headers: Record<string, string> = {},
) {
  const response = await ctx.app.inject({
    url,
    headers: { ...headers, ...(as ? { authorization: `Bearer ${await ctx.tokenFor(as)}` } : {}) },
  })
  expect(response.statusCode, url).toBe(200)
  return response.body
}

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-web-'))
  await fs.writeFile(path.join(dist, 'index.html'), INDEX)
  ctx = await createTestContext({ env: { PUBLIC_URL, WEB_DIST_DIR: dist } })
  await ensureNamed(ctx.db, 'themes', 'Afval')
  const upload = await postUpload(
    ctx,
    EMPLOYEE,
    uploadForm(
      {
        ...VALID_FIELDS,
        title: 'Kadeherstel bewonerslijst',
        description: 'Vragenlijn voor bewoners langs de kade.',
      },
      [
        fileOf('naam;bsn\nJansen;BSN-KOLOM\n', 'bewoners.csv'),
        fileOf('%PDF-1.4\n% Kadeherstel IBAN-RAPPORT\n%%EOF\n', 'verslag.pdf'),
      ],
    ),
  )
  expect(upload.statusCode, upload.body).toBe(201)
  id = upload.json<{ contentUID: string }>().contentUID
  await runPendingJobs(
    ctx.db,
    jobHandlers({ db: ctx.db, store: ctx.store, privacyScanner: SCANNER }),
  )
  const owner = await ctx.call<DocumentDetail>('GET', apiPaths.document(id), EMPLOYEE)
  findingIds = owner.body.privacy!.findings.map((f) => f.id)
  expect(owner.body.privacy!.findings.map((f) => f.masked).sort()).toEqual(
    [SECRETS.bsnMasked, SECRETS.emailMasked, SECRETS.ibanMasked].sort(),
  )
  const review = await ctx.call('POST', apiPaths.privacyReview(id), ADMIN, {
    body: {
      findings: findingIds.map((findingId) => ({
        id: findingId,
        resolution: 'mag-openbaar',
        reason: 'Beoordeeld voor de test.',
      })),
    },
  })
  expect(review.status).toBe(200)
  expect((await ctx.call('GET', apiPaths.approve(id), ADMIN)).status).toBe(200)
})
afterAll(async () => {
  await ctx.close()
  await fs.rm(dist, { recursive: true, force: true })
})

/** What must never be in a public answer: each masked value, each context, each finding's id. */
function expectNoTrace(body: string, where: string) {
  for (const secret of [...Object.values(SECRETS), ...findingIds]) {
    expect(body, `${where} holds ${secret}`).not.toContain(secret)
  }
  expect(body, `${where} has a privacy field`).not.toMatch(/"privacy"\s*:/)
}

describe('findings after approval', () => {
  it('are in no /pubapi answer: detail, search, suggestions, feed', async () => {
    const pub = API_PREFIX.public
    const answers: Record<string, string> = {
      detail: await call(`${pub}${apiPaths.document(id)}`),
      search: await call(`${pub}${apiPaths.search}?query=kadeherstel`),
      everything: await call(`${pub}${apiPaths.search}`),
      searchForContext: await call(`${pub}${apiPaths.search}?query=zwartveldkolom`),
      feed: await call(`${pub}${apiPaths.documentsFeed}`),
      feedOfSearch: await call(`${pub}${apiPaths.documentsFeed}?query=kadeherstel`),
    }
    // The document is there, so each answer was looked at with it in.
    expect(answers.search).toContain(id)
    expect(answers.feed).toContain(id)
    for (const prefix of ['kade', 'zwart', 'kwel', 'sluis', '***', 'nl**']) {
      answers[`suggestions ${prefix}`] = await call(`${pub}${apiPaths.complete(prefix)}`)
    }
    for (const [where, body] of Object.entries(answers)) expectNoTrace(body, where)
    expect(JSON.parse(answers.searchForContext!)).toMatchObject({ Total: 0 })
  })

  it('are in no catalogue format, sitemap or page head', async () => {
    const answers: Record<string, string> = {
      turtle: await call(`${CATALOGUE_PATH}?format=ttl`),
      jsonLd: await call(`${CATALOGUE_PATH}?format=jsonld`),
      rdfXml: await call(`${CATALOGUE_PATH}?format=rdf`),
      sitemapIndex: await call(PUBLICATION_PATHS.sitemap),
      sitemap: await call(PUBLICATION_PATHS.documentSitemap(1)),
      page: await call(documentPagePath(id)),
    }
    expect(answers.turtle).toContain('Kadeherstel bewonerslijst')
    expect(answers.sitemap).toContain(id)
    expect(answers.page).toContain('Kadeherstel bewonerslijst')
    for (const [where, body] of Object.entries(answers)) expectNoTrace(body, where)
  })

  it('go to the owner and admins only, not to another employee or a visitor', async () => {
    const detailAs = (as: TestIdentity | null) =>
      call(`${as ? API_PREFIX.authenticated : API_PREFIX.public}${apiPaths.document(id)}`, as)
    for (const [who, as] of [
      ['colleague', OTHER_EMPLOYEE],
      ['visitor', null],
    ] as const) {
      const body = await detailAs(as)
      expect(JSON.parse(body), who).not.toHaveProperty('privacy')
      expectNoTrace(body, who)
    }
    expect(JSON.parse(await detailAs(EMPLOYEE))).toHaveProperty('privacy.status', 'beoordeeld')
    expect(JSON.parse(await detailAs(ADMIN))).toHaveProperty('privacy.status', 'beoordeeld')
    // And a colleague's search on /api neither.
    expectNoTrace(
      await call(`${API_PREFIX.authenticated}${apiPaths.search}?query=kadeherstel`, OTHER_EMPLOYEE),
      'search of a colleague',
    )
  })
})

import { API_PREFIX, apiPaths, type DocumentDetail } from '@dataportaal/contract'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ADMIN, createTestContext, type TestContext } from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'
import { CATALOGUE_PATH } from '../dcat/graph.ts'
import { ensureNamed } from '../vocabulary/service.ts'
import { executeRun, queueRun } from './run.ts'
import { insertHarvestSource, portalOnLoopback } from './testing.ts'

// Portal B harvests portal A's DCAT catalogue: B's copies must say what A's documents say,
// and a document deleted in A is withdrawn from B by B's next run.

let a: TestContext
let b: TestContext
let publicUrl: string
let sourceId: string
const ids: Record<string, string> = {}
const CC_BY = 'http://publications.europa.eu/resource/authority/licence/CC_BY_4_0'
const CC0 = 'http://publications.europa.eu/resource/authority/licence/CC0'
const THEMES = ['Natuur', 'Openbare ruimte', 'Verkeer']

beforeAll(async () => {
  const portal = await portalOnLoopback()
  a = portal.ctx
  publicUrl = portal.publicUrl
  ids.trees = await createDocument(a.db, {
    title: 'Bomen in de stad',
    description: 'Alle bomen die de gemeente beheert.\nPer wijk.',
    themes: ['Natuur', 'Openbare ruimte'],
    license: CC_BY,
    file: { fileName: 'bomen.csv', mediaType: 'text/csv', sha256: 'a'.repeat(64), size: 4321 },
  })
  ids.parking = await createDocument(a.db, {
    title: 'Parkeerplaatsen',
    description: 'Alle openbare parkeerplaatsen.',
    themes: ['Verkeer'],
    file: {
      fileName: 'parkeren.geojson',
      mediaType: 'application/geo+json',
      sha256: 'b'.repeat(64),
      size: 99,
    },
  })
  ids.benches = await createDocument(a.db, {
    title: 'Bankjes',
    description: 'Waar je kunt zitten.',
    themes: ['Openbare ruimte'],
    // DCAT-AP carries the licence on the distributions: a dataset needs one to have a licence.
    file: {
      fileName: 'bankjes.xlsx',
      mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      sha256: 'c'.repeat(64),
      size: 7,
    },
  })
  await portal.listen()

  b = await createTestContext()
  for (const theme of THEMES) await ensureNamed(b.db, 'themes', theme)
  sourceId = await insertHarvestSource(b.db, {
    name: 'Portaal A',
    url: `${publicUrl}${CATALOGUE_PATH}`,
    trusted: true,
  })
})

afterAll(async () => {
  await b?.close()
  await a?.close()
})

async function harvest() {
  const runId = await b.db.transaction((tx) =>
    queueRun(tx, { sourceId, trigger: 'manual', requestedBy: null, dryRun: false }),
  )
  if (!runId) throw new Error('a run is active')
  const outcome = await executeRun({ db: b.db }, runId)
  if (!outcome) throw new Error('run not executed')
  return outcome
}

const detail = async (ctx: TestContext, id: string) => {
  const { status, body } = await ctx.call<DocumentDetail>('GET', apiPaths.document(id), null, {
    prefix: API_PREFIX.public,
  })
  expect(status).toBe(200)
  return body
}

/** B's copy of A's document, found by A's document page as the record's identifier. */
async function copyInB(id: string) {
  const [row] = await b.db.query<{ id: string }>(
    `select id::text from documents where harvest_source_id = $1 and harvest_identifier like $2`,
    [sourceId, `%${id}%`],
  )
  if (!row) throw new Error(`no copy of ${id}`)
  return row.id
}

it('gives portal B the titles, descriptions, themes, licences and files of A', async () => {
  const outcome = await harvest()
  expect(outcome).toMatchObject({ status: 'succeeded', error: null, refusals: [] })
  expect(outcome.counts).toMatchObject({ created: 3, refused: 0 })
  for (const id of Object.values(ids)) {
    const original = await detail(a, id)
    const copy = await detail(b, await copyInB(id))
    expect({
      title: copy.title,
      description: copy.description,
      themes: [...(copy.themes ?? [])].sort(),
      license: copy.license,
      contentTypeName: copy.contentTypeName,
    }).toEqual({
      title: original.title,
      description: original.description,
      themes: [...(original.themes ?? [])].sort(),
      license: original.license,
      contentTypeName: 'Dataset',
    })
    expect(copy.links.map(({ title, url, size }) => ({ title, url, size }))).toEqual(
      original.files.map((file) => ({
        title: file.fileName,
        url: `${publicUrl}/pubapi/documents/${id}/files/${file.id}`,
        size: file.size,
      })),
    )
    expect(copy.harvest?.source).toBe('Portaal A')
  }
  expect((await detail(b, await copyInB(ids.parking!))).license).toBe(CC0)
})

it('withdraws from B what was deleted in A', async () => {
  const { status } = await a.call('DELETE', apiPaths.deleteUpload(ids.benches!), ADMIN)
  expect(status).toBe(204)
  const copy = await copyInB(ids.benches!)
  const outcome = await harvest()
  expect(outcome.counts).toMatchObject({ created: 0, updated: 0, withdrawn: 1, unchanged: 2 })
  const { status: gone } = await b.call('GET', apiPaths.document(copy), null, {
    prefix: API_PREFIX.public,
  })
  expect(gone).toBe(404)
})

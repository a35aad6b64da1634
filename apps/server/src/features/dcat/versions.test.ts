import fs from 'node:fs/promises'
import path from 'node:path'
import { apiPaths, type DocumentHistory } from '@dataportaal/contract'
import type { Quad } from 'n3'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, useTestContext, EMPLOYEE } from '../../../test/app.ts'
import { EXPECTED_WARNINGS, parseTurtle, validateDcat } from '../../../test/rdf.ts'
import { apiAs, postUpload, runJobs } from '../uploads/testing.ts'
import {
  DEMO_DOCUMENTS,
  demoFile,
  fileOf,
  uploadForm,
  VALID_FIELDS,
} from '../uploads/testing-files.ts'
import { ensureNamed } from '../vocabulary/service.ts'
import { CATALOGUE_PATH } from './graph.ts'
import { NS } from './vocabulary.ts'

/**
 * Earlier files of a document in the catalogue (issue 34): a version of the dataset, linked
 * both ways, once visitors may see it in the document's history and not before.
 */
const PUBLIC_URL = 'https://data.voorbeeldstad.nl'

const ctx = useTestContext({ env: { PUBLIC_URL } })

beforeAll(async () => {
  await ensureNamed(ctx.db, 'themes', 'Afval')
})

const catalogue = async (): Promise<Quad[]> =>
  parseTurtle((await ctx.app.inject({ url: CATALOGUE_PATH })).body)

const objectsOf = (quads: readonly Quad[], subject: string, predicate: string) =>
  quads
    .filter((q) => q.subject.value === subject && q.predicate.value === predicate)
    .map((q) => q.object.value)

const datasetIri = (id: string) => `${PUBLIC_URL}/documenten/${id}#dataset`

async function approve(id: string) {
  await runJobs(ctx)
  const { status, response } = await ctx.call('GET', apiPaths.approve(id), ADMIN)
  expect(status, response.body).toBe(200)
}

/** An approved dataset of EMPLOYEE with the demo CSV. */
async function publishedDataset(): Promise<string> {
  const created = await postUpload(
    ctx,
    EMPLOYEE,
    uploadForm(VALID_FIELDS, [await demoFile('afvalinzameling-2024.csv')]),
  )
  expect(created.statusCode, created.body).toBe(201)
  const id = created.json<{ contentUID: string }>().contentUID
  await approve(id)
  return id
}

/** The owner replaces the CSV by another content under the same name. */
async function replaceCsv(id: string) {
  const response = await postUpload(
    ctx,
    EMPLOYEE,
    uploadForm({ ...VALID_FIELDS, contentUID: id }, [
      fileOf('wijk;tonnen\nNoord;3\nZuid;4\n', 'afvalinzameling-2024.csv'),
    ]),
  )
  expect(response.statusCode, response.body).toBe(200)
}

describe('earlier versions in the catalogue', () => {
  it('links an approved replacement as a version both ways, downloadable, within the shapes', async () => {
    const id = await publishedDataset()
    await replaceCsv(id)
    await approve(id)

    const quads = await catalogue()
    const dataset = datasetIri(id)
    const versions = objectsOf(quads, dataset, `${NS.dcat}hasVersion`)
    expect(versions).toHaveLength(1)
    const version = versions[0]!
    expect(objectsOf(quads, version, `${NS.dcat}isVersionOf`)).toEqual([dataset])
    expect(objectsOf(quads, version, `${NS.rdf}type`)).toEqual([`${NS.dcat}Dataset`])
    expect(objectsOf(quads, version, `${NS.dcat}version`)).toEqual(['1'])
    // Listed once in the catalogue: the version hangs from its dataset.
    expect(objectsOf(quads, `${PUBLIC_URL}${CATALOGUE_PATH}`, `${NS.dcat}dataset`)).toEqual([
      dataset,
    ])

    // Its distribution is the history's download of the old file, the CSV as it was.
    const history = (
      await apiAs(ctx, null, 'GET', apiPaths.documentHistory(id))
    ).json<DocumentHistory>()
    const [distribution = ''] = objectsOf(quads, version, `${NS.dcat}distribution`)
    const [downloadUrl = ''] = objectsOf(quads, distribution, `${NS.dcat}downloadURL`)
    expect(downloadUrl).toBe(`${PUBLIC_URL}/pubapi${history.versions[0]!.url}`)
    const download = await ctx.app.inject({ url: downloadUrl.slice(PUBLIC_URL.length) })
    expect(download.statusCode).toBe(200)
    const original = await fs.readFile(path.join(DEMO_DOCUMENTS, 'afvalinzameling-2024.csv'))
    expect(download.rawPayload.equals(original)).toBe(true)
    expect(objectsOf(quads, distribution, `${NS.dcat}byteSize`)).toEqual([String(original.length)])
    expect(objectsOf(quads, distribution, `${NS.dcat}mediaType`)).toEqual([
      'https://www.iana.org/assignments/media-types/text/csv',
    ])

    const { violations, warnings } = await validateDcat(quads)
    expect(violations).toEqual([])
    for (const warning of warnings) expect(warning).toMatch(EXPECTED_WARNINGS)
  })

  it('leaves out a replacement no approval has seen', async () => {
    const id = await publishedDataset()
    const [approved] = await ctx.db.query<{ published_at: Date }>(
      'select published_at from documents where id = $1',
      [id],
    )
    await replaceCsv(id)
    // The edit waits for validation; published again by hand as in a restore, the dataset is
    // in the catalogue as it was approved, without the file replaced after that approval.
    await ctx.db.query(
      `update documents set status = 'goedgekeurd', published_at = $2 where id = $1`,
      [id, approved!.published_at],
    )
    const quads = await catalogue()
    expect(objectsOf(quads, `${PUBLIC_URL}${CATALOGUE_PATH}`, `${NS.dcat}dataset`)).toContain(
      datasetIri(id),
    )
    expect(objectsOf(quads, datasetIri(id), `${NS.dcat}hasVersion`)).toEqual([])
    expect(quads.some((q) => q.object.value.includes(`/pubapi/documents/${id}/versions/`))).toBe(
      false,
    )
    const [stored] = await ctx.db.query<{ n: number }>(
      'select count(*)::int as n from document_versions where document_id = $1',
      [id],
    )
    expect(stored?.n).toBe(1)
  })
})

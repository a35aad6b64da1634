import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TestContext } from '../../../../test/app.ts'
import { createDocument } from '../../../../test/factories.ts'
import { CATALOGUE_PATH } from '../../dcat/graph.ts'
import type { HarvestedRecord } from '../record.ts'
import { portalOnLoopback } from '../testing.ts'
import { collectSource } from './index.ts'

// The portal's own catalogue is the reference source: harvesting it must give back what
// its documents hold.

let ctx: TestContext
let publicUrl: string
const ids: Record<string, string> = {}
const CC_BY = 'http://publications.europa.eu/resource/authority/licence/CC_BY_4_0'
/** Plain documents past the first page of 100. */
const EXTRA = 101

beforeAll(async () => {
  const portal = await portalOnLoopback()
  ctx = portal.ctx
  publicUrl = portal.publicUrl
  const db = ctx.db
  ids.trees = await createDocument(db, {
    title: 'Bomen in de stad',
    description: 'Alle bomen die de gemeente beheert.',
    themes: ['Natuur', 'Openbare ruimte'],
    license: CC_BY,
    file: { fileName: 'bomen.csv', mediaType: 'text/csv', sha256: 'a'.repeat(64), size: 4321 },
  })
  await db.query(
    `insert into document_files (document_id, position, file_name, media_type, size_bytes, sha256)
     values ($1, 1, 'bomen.geojson', 'application/geo+json', 99, $2)`,
    [ids.trees, 'b'.repeat(64)],
  )
  ids.own = await createDocument(db, {
    title: 'Eigen licentie',
    description: 'Met eigen voorwaarden.',
    license: 'Alleen voor intern gebruik',
    fileText: 'a;b',
  })
  ids.plain = await createDocument(db, { title: 'Zonder bestanden' })
  ids.report = await createDocument(db, { title: 'Een rapport', contentType: 'Rapport' })
  // Enough published datasets for a second page of the catalogue.
  await db.query(
    `insert into documents (title, description, content_type_id, source_id, status, published_at,
                            document_date)
     select 'Reeks ' || n, 'Deel ' || n, content_type_id, source_id, 'goedgekeurd', now(), document_date
       from documents, generate_series(1, ${EXTRA}) as n
      where id = $1`,
    [ids.plain],
  )
  await portal.listen()
})
afterAll(() => ctx.close())

const fileUrl = (id: string, fileId: string) =>
  `${publicUrl}/pubapi/documents/${id}/files/${fileId}`

it('harvests the portal’s own catalogue back to what its documents hold', async () => {
  const pages: number[] = []
  const collected = await collectSource(
    { url: `${publicUrl}${CATALOGUE_PATH}`, kind: 'dcat' },
    { onProgress: (p) => pages.push(p.pages) },
  )
  expect(collected.pages).toBe(2)
  expect(pages).toEqual([1, 2])
  expect(collected.expected).toBe(3 + EXTRA)
  expect(collected.records).toHaveLength(3 + EXTRA)

  const byTitle = new Map(collected.records.map((r) => [r.title, r]))
  expect(byTitle.has('Een rapport')).toBe(false)
  const files = await ctx.db.query<{ id: string; file_name: string }>(
    `select id::text, file_name from document_files where document_id = $1 order by position`,
    [ids.trees],
  )
  expect(byTitle.get('Bomen in de stad')).toEqual({
    identifier: `${publicUrl}/documenten/${ids.trees}#dataset`,
    title: 'Bomen in de stad',
    description: 'Alle bomen die de gemeente beheert.',
    keywords: ['Natuur', 'Openbare ruimte'],
    themeIris: ['http://publications.europa.eu/resource/authority/data-theme/GOVE'],
    groups: [],
    licence: CC_BY,
    modified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    issued: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    landingPage: `${publicUrl}/documenten/${ids.trees}`,
    distributions: [
      {
        title: 'bomen.csv',
        url: fileUrl(ids.trees!, files.find((f) => f.file_name === 'bomen.csv')!.id),
        format: 'CSV',
        mediaType: 'text/csv',
        size: 4321,
      },
      {
        title: 'bomen.geojson',
        url: fileUrl(ids.trees!, files.find((f) => f.file_name === 'bomen.geojson')!.id),
        format: 'GEOJSON',
        mediaType: 'application/geo+json',
        size: 99,
      },
    ],
  } satisfies HarvestedRecord)
  // A licence the EU list does not know is described by its text.
  expect(byTitle.get('Eigen licentie')).toMatchObject({
    licence: 'Alleen voor intern gebruik',
    distributions: [{ title: 'bijlage.csv', size: 10 }],
  })
  // The portal names a licence on distributions only: a dataset without files has none.
  expect(byTitle.get('Zonder bestanden')).toMatchObject({
    description: 'Zonder bestanden',
    licence: null,
    keywords: [],
    distributions: [],
  })
  expect(byTitle.get(`Reeks ${EXTRA}`)).toMatchObject({ description: `Deel ${EXTRA}` })
})

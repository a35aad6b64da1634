import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { apiPaths, EU_LICENCE_LIST, type SearchResponse } from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/app.ts'
import { command } from '../../../test/commands.ts'
import { copyMigratedDatabase } from '../../../test/db.ts'
import { importCatalogueFile } from './import-file.ts'
import type { CatalogueItem } from './record.ts'
import { upsertCatalogueItems } from './service.ts'

let ctx: TestContext
let dir: string

const record = (id: string, title: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id,
    title,
    description: `Beschrijving van ${title}`,
    publisher: 'Centraal Bureau voor de Statistiek (CBS)',
    themes: [],
    keywords: [],
    modified: '2016-01-25',
    format: 'OData',
    source_url: `https://opendata.cbs.nl/statline/#/CBS/nl/dataset/${id}/table`,
    ...extra,
  })

const LINES = [
  record('cbs-1', 'Asielverzoeken en nareizigers; nationaliteit'),
  '{ dit is geen json',
  record('cbs-2', 'Woningvoorraad naar eigendom'),
  record('cbs-3', 'X'),
  '',
  record('cbs-4', 'Fietsendiefstal per gemeente', {
    themes: ['Veiligheid'],
    source_url: 'https://opendata.cbs.nl/statline/#/CBS/nl/dataset/{83648NED}/table?ts=1|2',
  }),
]

const writeFile = async (name: string, lines: string[]) => {
  const file = path.join(dir, name)
  await fs.writeFile(file, lines.join('\n'))
  return file
}

const searchTitles = async (query: string) =>
  (await ctx.app.inject({ url: `/pubapi${apiPaths.search}?query=${query}` }))
    .json<SearchResponse>()
    .Results.map((result) => result.title)

beforeAll(async () => {
  ctx = await createTestContext()
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-import-'))
})
afterAll(async () => {
  await ctx.close()
  await fs.rm(dir, { recursive: true, force: true })
})

describe('catalogue import', () => {
  it('imports valid lines and reports malformed ones by line number', async () => {
    const file = await writeFile('catalogus.jsonl', LINES)
    const summary = await importCatalogueFile(ctx.db, ctx.store, file)
    expect(summary).toMatchObject({ lines: 6, inserted: 3, updated: 0, unchanged: 0 })
    expect(summary.failed.map((failure) => failure.line)).toEqual([2, 4])
    expect(summary.failed[1]!.message).toMatch(/^title:/)
    // Checked for personal data in the background, after whatever a person waits for: one
    // job for the three documents.
    const scans = await ctx.db.query<{ bulk: boolean; documents: number }>(
      `select j.bulk, count(d.id)::int as documents
         from jobs j
         join documents d on d.id::text in (select jsonb_array_elements_text(j.payload->'documentIds'))
        where j.kind = 'scan-privacy'
        group by j.id, j.bulk`,
    )
    expect(scans).toEqual([{ bulk: true, documents: 3 }])
  })

  it('makes records approved, searchable, attributed and themed', async () => {
    expect(await searchTitles('asielverzoek')).toEqual([
      'Asielverzoeken en nareizigers; nationaliteit',
    ])
    const [row] = await ctx.db.query<{
      description: string
      theme_names: string[]
      license: string
      woo_category: string | null
    }>(
      `select description, theme_names, license, woo_category from documents
        where external_key = 'cbs-1'`,
    )
    expect(row!.description).toMatch(/Bron: CBS$/)
    // CC BY 4.0, as its URI on the EU licence list; a statistical table is no Woo category.
    expect(row!.license).toBe(`${EU_LICENCE_LIST}CC_BY_4_0`)
    expect(row!.woo_category).toBeNull()
    expect(row!.theme_names).toEqual(['Asiel en integratie'])
    const [given] = await ctx.db.query<{ theme_names: string[]; source_url: string }>(
      `select theme_names, source_url from documents where external_key = 'cbs-4'`,
    )
    expect(given!.theme_names).toEqual(['Veiligheid'])
    // Stored as a valid IRI, for the DCAT catalogue.
    expect(given!.source_url).toBe(
      'https://opendata.cbs.nl/statline/#/CBS/nl/dataset/%7B83648NED%7D/table?ts=1%7C2',
    )
  })

  it('is idempotent: importing again changes nothing, a changed record is updated', async () => {
    const file = await writeFile('catalogus.jsonl', LINES)
    const again = await importCatalogueFile(ctx.db, ctx.store, file)
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 })
    const changed = await writeFile('gewijzigd.jsonl', [
      record('cbs-2', 'Woningvoorraad naar eigendom en bouwjaar'),
    ])
    expect(await importCatalogueFile(ctx.db, ctx.store, changed)).toMatchObject({ updated: 1 })
    const [count] = await ctx.db.query<{ n: number }>('select count(*)::int as n from documents')
    expect(count!.n).toBe(3)
    expect(await searchTitles('bouwjaar')).toEqual(['Woningvoorraad naar eigendom en bouwjaar'])
  })

  it('takes a key twice in one batch as an insert and then an update, links and themes replaced', async () => {
    const item = (title: string, theme: string, link: string): CatalogueItem => ({
      key: 'cbs-5',
      title,
      description: 'Beschrijving',
      contentTypeName: 'Dataset',
      sourceFriendlyName: 'Centraal Bureau voor de Statistiek (CBS)',
      themes: [theme],
      license: 'CC-BY-4.0',
      wooCategory: null,
      date: '2016-01-25',
      sourceUrl: null,
      files: [],
      links: [
        { title: link, url: `https://data.example.org/5/${link}`, format: null, mediaType: null },
      ],
    })
    const outcomes = await ctx.db.transaction((tx) =>
      upsertCatalogueItems(tx, ctx.store, [
        item('Verhuizingen binnen de gemeente', 'Wonen', 'csv'),
        item('Verhuizingen binnen en naar de gemeente', 'Verkeer', 'odata'),
      ]),
    )
    expect(outcomes).toEqual(['inserted', 'updated'])
    const [row] = await ctx.db.query<{ title: string; theme_names: string[]; links: string[] }>(
      `select title, theme_names,
              array(select url from document_links l where l.document_id = d.id) as links
         from documents d where external_key = 'cbs-5'`,
    )
    expect(row).toEqual({
      title: 'Verhuizingen binnen en naar de gemeente',
      theme_names: ['Verkeer'],
      links: ['https://data.example.org/5/odata'],
    })
  })
})

describe('npm run import', () => {
  it('prints a progress bar and a summary, and exits 1 when lines were refused', async () => {
    const file = await writeFile('cli.jsonl', LINES)
    const dataDir = await copyMigratedDatabase(path.join(dir, 'cli-data'))
    const result = await command('import', [file], dataDir)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('100%')
    expect(result.stderr).toContain('regel 2: geen geldige JSON')
    expect(result.stdout).toContain(
      'Klaar: 6 regels, 3 nieuw, 0 bijgewerkt, 0 ongewijzigd, 2 afgekeurd.',
    )
  })
})

import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestDb } from '../../../test/db.ts'
import type { Db } from '../../db/client.ts'
import { ensureNamed } from '../vocabulary/service.ts'
import { applyRun } from './apply.ts'
import { mapRecords } from './map.ts'
import type { HarvestedRecord } from './record.ts'
import { insertHarvestSource } from './testing.ts'
import { loadThemeVocabulary } from './vocabulary.ts'

const RECORDS = 2_000

let db: Db
let source: { id: string; sourceName: string; trusted: boolean }

const record = (n: number, title = `Dataset nummer ${n}`): HarvestedRecord => ({
  identifier: `set-${n}`,
  title,
  description: `Over meetreeks ${n} van de gemeente.`,
  keywords: ['Natuur'],
  themeIris: [],
  groups: [],
  licence: 'cc-by',
  modified: '2025-01-01',
  issued: null,
  landingPage: `https://data.example.org/dataset/${n}`,
  distributions: [
    {
      title: 'CSV',
      url: `https://data.example.org/${n}.csv`,
      format: 'CSV',
      mediaType: null,
      size: n,
    },
  ],
})

async function apply(records: HarvestedRecord[]) {
  return db.transaction(async (tx) =>
    applyRun(tx, source, mapRecords(records, await loadThemeVocabulary(tx), source.sourceName)),
  )
}

beforeAll(async () => {
  db = await createTestDb()
  await ensureNamed(db, 'themes', 'Natuur')
  source = {
    id: await insertHarvestSource(db, { name: 'Groot portaal' }),
    sourceName: 'Groot portaal',
    trusted: true,
  }
})

afterAll(async () => {
  await db?.close()
})

it(`applies a source of ${RECORDS} records in seconds, and a second run only what changed`, async () => {
  const records = Array.from({ length: RECORDS }, (_, n) => record(n))
  const started = Date.now()
  expect(await apply(records)).toEqual({
    created: RECORDS,
    updated: 0,
    withdrawn: 0,
    unchanged: 0,
  })
  records[7] = record(7, 'Een andere titel')
  expect(await apply(records.slice(1))).toEqual({
    created: 0,
    updated: 1,
    withdrawn: 1,
    unchanged: RECORDS - 2,
  })
  expect(Date.now() - started).toBeLessThan(45_000)
  const [counts] = await db.query<Record<string, number>>(
    `select count(*) filter (where deleted_at is null)::int as live,
            (select count(*)::int from document_links) as links,
            (select count(*)::int from document_themes) as themes
       from documents`,
  )
  expect(counts).toEqual({ live: RECORDS - 1, links: RECORDS, themes: RECORDS })
})

import { API_PREFIX, apiPaths, type UploadResult } from '@dataportaal/contract'
import { runPrivacyScans } from '../../src/features/privacy/testing.ts'
import { fakeLoader, runWithLoader } from '../../src/features/tables/testing.ts'
import { postUpload } from '../../src/features/uploads/testing.ts'
import { fileOf, uploadForm, VALID_FIELDS } from '../../src/features/uploads/testing-files.ts'
import {
  ADMIN,
  ADMIN_GROUP,
  EMPLOYEE,
  OTHER_EMPLOYEE,
  type TestContext,
  type TestIdentity,
} from '../app.ts'
import { addSynonyms, createDocument } from '../factories.ts'
import type { Pools } from './from-schema.ts'

/** Approves the uploads: four eyes keep ADMIN from approving their own upload. */
const SECOND_ADMIN: TestIdentity = {
  oid: 'oid-tweede-beheerder',
  name: 'Tineke Tweede',
  email: 'tweede@voorbeeldstad.nl',
  groups: [ADMIN_GROUP],
}

/**
 * A small catalogue for the fuzz test: published, open, refused and deleted documents,
 * themes, labels, synonyms, and uploaded files that exist in the store, so that generated
 * ids and names sometimes find something.
 */
export async function seedCatalogue(ctx: TestContext): Promise<Pools> {
  await createDocument(ctx.db, {
    title: 'Verkeerstellingen fietsers 2024',
    description: 'Aantal fietsers per telpunt.',
    themes: ['Verkeer', 'Wonen'],
    labels: ['intern'],
    owner: EMPLOYEE,
    ratings: [{ by: ADMIN, rating: 4 }],
  })
  await createDocument(ctx.db, { title: 'Woningvoorraad', status: 'openstaand', owner: EMPLOYEE })
  await createDocument(ctx.db, {
    title: 'Afvalcijfers',
    status: 'afgekeurd',
    owner: OTHER_EMPLOYEE,
  })
  await createDocument(ctx.db, { title: 'Oud rapport', deleted: true, themes: ['Afval'] })
  await addSynonyms(ctx.db, 'fiets', ['rijwiel', 'tweewieler'])

  for (const [who, title] of [
    [EMPLOYEE, 'Afvalinzameling per wijk 2024'],
    [ADMIN, 'Parkeerplaatsen in het centrum'],
  ] as const) {
    const form = uploadForm({ ...VALID_FIELDS, title }, [
      fileOf('wijk;kilo\nNoord;12\n', 'afval.csv'),
    ])
    const response = await postUpload(ctx, who, form)
    if (response.statusCode !== 201) throw new Error(`Seed upload failed: ${response.body}`)
    const { contentUID } = response.json<UploadResult>()
    // The personal-data check, which the approval waits for.
    await runPrivacyScans(ctx)
    const approve = await ctx.app.inject({
      url: `${API_PREFIX.authenticated}${apiPaths.approve(contentUID)}`,
      headers: { authorization: `Bearer ${await ctx.tokenFor(SECOND_ADMIN)}` },
    })
    if (approve.statusCode !== 200) throw new Error(`Seed approval failed: ${approve.body}`)
  }

  // The CSVs' tables, loaded (a stand-in loader: the fuzz test is about the API), so that
  // …/table and …/rows sometimes find one.
  await runWithLoader(ctx, fakeLoader())

  const ids = await ctx.db.query<{ id: string }>(
    `select id::text from documents union all select id::text from document_files`,
  )
  const names = await ctx.db.query<{ name: string }>(
    `select name from themes union select name from labels
     union select name from content_types union select name from sources`,
  )
  return {
    ids: ids.map((row) => row.id),
    names: [
      ...names.map((row) => row.name),
      'fiets',
      'rijwiel',
      'Verkeerstellingen',
      'wijk',
      '-kilo',
    ],
  }
}

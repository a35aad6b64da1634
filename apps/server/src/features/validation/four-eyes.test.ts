import {
  apiPaths,
  type Problem,
  type ValidationList,
  type ValidationResult,
} from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN,
  createTestContext,
  EMPLOYEE,
  type TestContext,
  type TestIdentity,
} from '../../../test/app.ts'
import { postUpload, runJobs } from '../uploads/testing.ts'
import { fileOf, uploadForm, VALID_FIELDS } from '../uploads/testing-files.ts'
import { ensureNamed } from '../vocabulary/service.ts'
import { SELF_VALIDATION_REFUSED } from '../documents/index.ts'

/** Four eyes (decisions.md, Validation), on documents saved through the real upload form. */
const OTHER_ADMIN: TestIdentity = {
  oid: 'oid-tweede-beheerder',
  name: 'Tineke Tweede',
  email: 'tweede@voorbeeldstad.nl',
  groups: ADMIN.groups ?? [],
}

const REASON = { statusCategory: 'Onvolledig', statusDescription: 'De bron ontbreekt.' }

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext()
  await ensureNamed(ctx.db, 'themes', 'Afval')
})
afterAll(() => ctx.close())

/** Approve or disapprove as `as`, in `context`: the status, the result and the problem. */
async function decideAs(
  decision: 'approve' | 'disapprove',
  id: string,
  as: TestIdentity = ADMIN,
  context: TestContext = ctx,
) {
  const path = decision === 'approve' ? apiPaths.approve(id) : apiPaths.disapprove(id)
  const { status, response } = await context.call('GET', path, as, {
    query: decision === 'disapprove' ? REASON : {},
  })
  return {
    status,
    response,
    body: response.json<ValidationResult>(),
    problem: response.json<Problem>(),
  }
}
const approve = (id: string, as?: TestIdentity) => decideAs('approve', id, as)
const disapprove = (id: string, as?: TestIdentity) => decideAs('disapprove', id, as)

const auditRows = (id: string) =>
  ctx.db.query(
    `select 1 from audit_log where document_id = $1 and action like 'document_%approved'`,
    [id],
  )

/**
 * A document saved through the upload form by `who`: new, or an edit of `contentUID`; then
 * the background jobs run (the personal-data check, which an approval waits for).
 */
async function saveThroughForm(
  context: TestContext,
  who: TestIdentity,
  title: string,
  contentUID?: string,
): Promise<string> {
  const fields = { ...VALID_FIELDS, title, ...(contentUID ? { contentUID } : {}) }
  const response = await postUpload(
    context,
    who,
    uploadForm(fields, [fileOf(`wijk;kilo\n${title};12\n`, 'afval.csv')]),
  )
  expect(response.statusCode, response.body).toBe(contentUID ? 200 : 201)
  await runJobs(context)
  return response.json<{ contentUID: string }>().contentUID
}

const documentStatus = async (id: string) =>
  (await ctx.db.query<{ status: string }>('select status from documents where id = $1', [id]))[0]
    ?.status

describe('four eyes: an admin does not validate what they uploaded or last edited', () => {
  it('refuses approving and disapproving an own upload with 403 and says why; another admin may', async () => {
    const id = await saveThroughForm(ctx, ADMIN, 'Eigen upload van de beheerder')
    for (const attempt of [await approve(id), await disapprove(id)]) {
      expect(attempt.status).toBe(403)
      expect(attempt.response.headers['content-type']).toContain('application/problem+json')
      expect(attempt.problem).toMatchObject({
        title: 'Geen toegang',
        detail: SELF_VALIDATION_REFUSED,
      })
    }
    expect(await documentStatus(id)).toBe('openstaand')
    expect(await auditRows(id)).toEqual([])

    const byColleague = await approve(id, OTHER_ADMIN)
    expect(byColleague.status).toBe(200)
    expect(byColleague.body).toMatchObject({ status: 'goedgekeurd', validatedBy: OTHER_ADMIN.name })
  })

  it('refuses the admin who edited an employee’s document last, until someone else edits it', async () => {
    const id = await saveThroughForm(ctx, EMPLOYEE, 'Afvalcijfers van een medewerker')
    await saveThroughForm(ctx, ADMIN, 'Afvalcijfers, door de beheerder verbeterd', id)
    expect((await approve(id)).problem.detail).toBe(SELF_VALIDATION_REFUSED)
    expect((await disapprove(id)).status).toBe(403)
    expect(await documentStatus(id)).toBe('openstaand')

    // The owner's edit makes the employee the last editor: the admin's edit is reviewed by the owner's.
    await saveThroughForm(ctx, EMPLOYEE, 'Afvalcijfers, weer door de medewerker', id)
    const { status, body } = await disapprove(id)
    expect(status).toBe(200)
    expect(body).toMatchObject({ status: 'afgekeurd', validatedBy: ADMIN.name })
  })

  it('marks such documents in the validation list with the reason, and no others', async () => {
    const uploaded = await saveThroughForm(ctx, ADMIN, 'Lijst: eigen upload')
    const edited = await saveThroughForm(ctx, EMPLOYEE, 'Lijst: bewerkt door beheerder')
    await saveThroughForm(ctx, ADMIN, 'Lijst: bewerkt door beheerder', edited)
    const others = await saveThroughForm(ctx, EMPLOYEE, 'Lijst: van een medewerker')
    const blocked = async (as: TestIdentity) => {
      const { body } = await ctx.call<ValidationList>('GET', apiPaths.validationList, as, {
        query: { pageSize: '50' },
      })
      const results = body.Results
      return Object.fromEntries(
        [uploaded, edited, others].map((id) => [
          id,
          results.find((item) => item.contentUID === id)?.selfValidationBlocked,
        ]),
      )
    }
    expect(await blocked(ADMIN)).toEqual({
      [uploaded]: 'uploaded',
      [edited]: 'lastEdited',
      [others]: null,
    })
    expect(await blocked(OTHER_ADMIN)).toEqual({ [uploaded]: null, [edited]: null, [others]: null })
  })

  it('lets an admin validate their own work when ALLOW_SELF_VALIDATION=true (a city with one admin)', async () => {
    const single = await createTestContext({ env: { ALLOW_SELF_VALIDATION: 'true' } })
    try {
      await ensureNamed(single.db, 'themes', 'Afval')
      const uploaded = await saveThroughForm(single, ADMIN, 'Enige beheerder: eigen upload')
      const edited = await saveThroughForm(single, EMPLOYEE, 'Enige beheerder: bewerkt')
      await saveThroughForm(single, ADMIN, 'Enige beheerder: bewerkt', edited)

      const list = await single.call<ValidationList>('GET', apiPaths.validationList, ADMIN)
      expect(list.body.Results.map((item) => item.selfValidationBlocked)).toEqual([null, null])
      const approved = await decideAs('approve', uploaded, ADMIN, single)
      expect(approved.status).toBe(200)
      expect(approved.body.status).toBe('goedgekeurd')
      const disapproved = await decideAs('disapprove', edited, ADMIN, single)
      expect(disapproved.status).toBe(200)
      expect(disapproved.body.status).toBe('afgekeurd')
    } finally {
      await single.close()
    }
  })
})

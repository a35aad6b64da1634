import {
  apiPaths,
  type DocumentList,
  type Problem,
  type ValidationList,
} from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN,
  useTestContext,
  EMPLOYEE,
  OTHER_EMPLOYEE,
  type TestIdentity,
} from '../../../test/app.ts'
import { createDocument, type DocumentSpec } from '../../../test/factories.ts'

const ids: Record<string, string> = {}

/** Documents made one day apart in this order, so "newest first" is well defined. */
const DOCUMENTS: Array<[string, DocumentSpec]> = [
  ['ownApproved', { title: 'Eigen goedgekeurd', owner: EMPLOYEE, labels: ['Intern'] }],
  ['ownPending', { title: 'Eigen openstaand', status: 'openstaand', owner: EMPLOYEE }],
  ['ownRejected', { title: 'Eigen afgekeurd', status: 'afgekeurd', owner: EMPLOYEE }],
  [
    'ownDeleted',
    { title: 'Eigen verwijderd', status: 'openstaand', owner: EMPLOYEE, deleted: true },
  ],
  [
    'otherPending',
    {
      title: 'Collega openstaand',
      description: 'Tellingen per kruispunt, per uur.',
      status: 'openstaand',
      owner: OTHER_EMPLOYEE,
      file: {
        fileName: 'tellingen.csv',
        mediaType: 'text/csv',
        sha256: 'b'.repeat(64),
        size: 2048,
      },
    },
  ],
  ['imported', { title: 'Geïmporteerd goedgekeurd' }],
]

const ctx = useTestContext()

beforeAll(async () => {
  for (const [index, [key, spec]] of DOCUMENTS.entries()) {
    ids[key] = await createDocument(ctx.db, spec)
    await ctx.db.query(
      `update documents set modified_at = timestamptz '2025-01-01' + $2 * interval '1 day' where id = $1`,
      [ids[key], index],
    )
  }
})

const list = <T = DocumentList>(
  path: string,
  as: TestIdentity | null,
  query: Record<string, string> = {},
) => ctx.call<T & Problem>('GET', path, as, { query })

const titles = (body: DocumentList) => body.Results.map((result) => result.title)

describe('GET /documents/user', () => {
  it("lists the caller's own documents in every status, newest first, never deleted ones", async () => {
    const { status, body } = await list(apiPaths.userDocuments, EMPLOYEE)
    expect(status).toBe(200)
    expect(titles(body)).toEqual(['Eigen afgekeurd', 'Eigen openstaand', 'Eigen goedgekeurd'])
    expect(body.Total).toBe(3)
  })

  it('shows the owner the reason of a disapproval, with status, owner and dates', async () => {
    const { body } = await list(apiPaths.userDocuments, EMPLOYEE, { status: 'afgekeurd' })
    expect(body.Results).toEqual([
      expect.objectContaining({
        contentUID: ids.ownRejected,
        status: 'afgekeurd',
        statusCategory: 'Onvolledig',
        statusDescription: 'Er ontbreekt een toelichting.',
        owner: { id: EMPLOYEE.oid, name: EMPLOYEE.name },
        modified: '2025-01-03T00:00:00.000Z',
        contentUserUse: { favorited: false, rating: null },
      }),
    ])
  })

  it('filters by status: the open validation count of an employee is Total of openstaand', async () => {
    const { body } = await list(apiPaths.userDocuments, EMPLOYEE, {
      status: 'openstaand',
      pageSize: '1',
    })
    expect(body.Total).toBe(1)
    expect(titles(body)).toEqual(['Eigen openstaand'])
  })

  it("never shows another employee's documents", async () => {
    const { body } = await list(apiPaths.userDocuments, OTHER_EMPLOYEE)
    expect(titles(body)).toEqual(['Collega openstaand'])
    const admin = await list(apiPaths.userDocuments, ADMIN)
    expect(admin.body).toEqual({ Results: [], Total: 0 })
  })

  it('pages with a 1-based offset and pageSize; past the end is an empty page', async () => {
    const second = await list(apiPaths.userDocuments, EMPLOYEE, { offset: '2', pageSize: '2' })
    expect(titles(second.body)).toEqual(['Eigen goedgekeurd'])
    expect(second.body.Total).toBe(3)
    const beyond = await list(apiPaths.userDocuments, EMPLOYEE, { offset: '9', pageSize: '2' })
    expect(beyond.body).toEqual({ Results: [], Total: 3 })
  })

  it('refuses invalid paging and an unknown status with 422', async () => {
    const invalid: Array<Record<string, string>> = [
      { pageSize: '51' },
      { offset: '0' },
      { status: 'weg' },
      { foo: '1' },
    ]
    for (const query of invalid) {
      expect((await list(apiPaths.userDocuments, EMPLOYEE, query)).status).toBe(422)
    }
  })

  it('needs a token', async () => {
    expect((await list(apiPaths.userDocuments, null)).status).toBe(401)
  })
})

describe('GET /documents/validate', () => {
  it('refuses an employee with 403 problem details, and a visitor with 401', async () => {
    const employee = await list(apiPaths.validationList, EMPLOYEE)
    expect(employee.status).toBe(403)
    expect(employee.body).toMatchObject({ title: 'Geen toegang', status: 403 })
    // The role is checked before the input.
    expect((await list(apiPaths.validationList, EMPLOYEE, { status: 'weg' })).status).toBe(403)
    expect((await list(apiPaths.validationList, null)).status).toBe(401)
  })

  it('lists every open document for an admin, newest first, with owner', async () => {
    const { status, body } = await list(apiPaths.validationList, ADMIN)
    expect(status).toBe(200)
    expect(titles(body)).toEqual(['Collega openstaand', 'Eigen openstaand'])
    expect(body.Total).toBe(2)
    expect(body.Results[0]!.owner).toEqual({ id: OTHER_EMPLOYEE.oid, name: OTHER_EMPLOYEE.name })
    const count = await list(apiPaths.validationList, ADMIN, {
      status: 'openstaand',
      pageSize: '1',
    })
    expect(count.body.Total).toBe(2)
    expect(count.body.Results).toHaveLength(1)
  })

  it('gives each document its description and files, so a validator needs no other call', async () => {
    const { body } = await list<ValidationList>(apiPaths.validationList, ADMIN)
    const [colleagues, own] = body.Results
    expect(colleagues!.description).toBe('Tellingen per kruispunt, per uur.')
    expect(colleagues!.files).toEqual([
      expect.objectContaining({
        fileName: 'tellingen.csv',
        mediaType: 'text/csv',
        size: 2048,
        url: expect.stringMatching(new RegExp(`^/documents/${ids.otherPending}/files/`)),
      }),
    ])
    expect(own!.description).toBe('')
    expect(own!.files).toEqual([])
  })

  it('lists by status: disapproved with their reasons, approved ones', async () => {
    const rejected = await list(apiPaths.validationList, ADMIN, { status: 'afgekeurd' })
    expect(rejected.body.Results).toEqual([
      expect.objectContaining({ title: 'Eigen afgekeurd', statusCategory: 'Onvolledig' }),
    ])
    const approved = await list(apiPaths.validationList, ADMIN, { status: 'goedgekeurd' })
    expect(titles(approved.body)).toEqual(['Geïmporteerd goedgekeurd', 'Eigen goedgekeurd'])
    expect(approved.body.Results[1]!.labels).toEqual(['Intern'])
  })

  it('pages like every list', async () => {
    const { body } = await list(apiPaths.validationList, ADMIN, { offset: '2', pageSize: '1' })
    expect(titles(body)).toEqual(['Eigen openstaand'])
    expect(body.Total).toBe(2)
  })
})

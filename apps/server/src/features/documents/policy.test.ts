import type { DocumentStatus } from '@dataportaal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC_VIEWER, type Employee, type Viewer } from '../../auth/viewer.ts'
import type { Db } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import { ForbiddenError } from '../../shared/errors.ts'
import { createDocument, ensureEmployee } from '../../../test/factories.ts'
import { createTestDb } from '../../../test/db.ts'
import { ADMIN, EMPLOYEE, OTHER_EMPLOYEE, type TestIdentity } from '../../../test/app.ts'
import { SELF_VALIDATION_REFUSED } from './four-eyes.ts'
import {
  abilitiesOf,
  authorize,
  authorizeDecision,
  can,
  type DocumentAction,
  type DocumentFacts,
  type ViewerAction,
} from './policy.ts'
import { visibleTo } from './visibility.ts'

const employee = (identity: TestIdentity, isAdmin: boolean): Employee => ({
  kind: 'employee',
  id: identity.oid,
  name: identity.name,
  email: identity.email,
  isAdmin,
})

const OWNER = employee(EMPLOYEE, false)
const COLLEAGUE = employee(OTHER_EMPLOYEE, false)
const ADMIN_VIEWER = employee(ADMIN, true)

/**
 * Who asks, and whose document it is: the owner's own document, someone else's (the
 * owner's, for the colleague and the admin) and an admin's own upload.
 */
const VIEWERS = ['visitor', 'owner', 'colleague', 'admin', 'adminOwner'] as const
type ViewerCase = (typeof VIEWERS)[number]

const CASES: Record<ViewerCase, { viewer: Viewer; ownerId: string }> = {
  visitor: { viewer: PUBLIC_VIEWER, ownerId: OWNER.id },
  owner: { viewer: OWNER, ownerId: OWNER.id },
  colleague: { viewer: COLLEAGUE, ownerId: OWNER.id },
  admin: { viewer: ADMIN_VIEWER, ownerId: OWNER.id },
  adminOwner: { viewer: ADMIN_VIEWER, ownerId: ADMIN_VIEWER.id },
}

const STATUSES: DocumentStatus[] = ['openstaand', 'goedgekeurd', 'afgekeurd']

const Y = true
const N = false
type Row = [
  visitor: boolean,
  owner: boolean,
  colleague: boolean,
  admin: boolean,
  adminOwner: boolean,
]

/** The whole policy, written out: per action and status, allowed for each viewer above. */
const DOCUMENT_TABLE: Array<[DocumentAction, DocumentStatus, Row]> = [
  ['read', 'openstaand', [N, Y, N, Y, Y]],
  ['read', 'goedgekeurd', [Y, Y, Y, Y, Y]],
  ['read', 'afgekeurd', [N, Y, N, Y, Y]],
  ['edit', 'openstaand', [N, Y, N, Y, Y]],
  ['edit', 'goedgekeurd', [N, Y, N, Y, Y]],
  ['edit', 'afgekeurd', [N, Y, N, Y, Y]],
  ['delete', 'openstaand', [N, Y, N, Y, Y]],
  ['delete', 'goedgekeurd', [N, Y, N, Y, Y]],
  ['delete', 'afgekeurd', [N, Y, N, Y, Y]],
  ['readStatusReason', 'openstaand', [N, Y, N, Y, Y]],
  ['readStatusReason', 'goedgekeurd', [N, Y, N, Y, Y]],
  ['readStatusReason', 'afgekeurd', [N, Y, N, Y, Y]],
  ['readPrivacy', 'openstaand', [N, Y, N, Y, Y]],
  ['readPrivacy', 'goedgekeurd', [N, Y, N, Y, Y]],
  ['readPrivacy', 'afgekeurd', [N, Y, N, Y, Y]],
  ['notePrivacy', 'openstaand', [N, Y, N, N, Y]],
  ['notePrivacy', 'goedgekeurd', [N, Y, N, N, Y]],
  ['notePrivacy', 'afgekeurd', [N, Y, N, N, Y]],
]

/** The rules that do not depend on the document. */
const VIEWER_TABLE: Array<[ViewerAction, Row]> = [
  ['validate', [N, N, N, Y, Y]],
  ['rereadFiles', [N, N, N, Y, Y]],
  ['seeOwnerId', [N, Y, Y, Y, Y]],
]

describe('the document policy', () => {
  describe.each(DOCUMENT_TABLE)('%s of a document that is %s', (action, status, row) => {
    it.each(VIEWERS.map((name, index) => [name, row[index]] as const))(
      '%s: %s',
      (name, allowed) => {
        const { viewer, ownerId } = CASES[name]
        const document: DocumentFacts = { ownerId, status }
        expect(can(viewer, action, document)).toBe(allowed)
        if (allowed) expect(() => authorize(viewer, action, document)).not.toThrow()
        else expect(() => authorize(viewer, action, document)).toThrow(ForbiddenError)
      },
    )
  })

  describe.each(VIEWER_TABLE)('%s', (action, row) => {
    it.each(VIEWERS.map((name, index) => [name, row[index]] as const))(
      '%s: %s',
      (name, allowed) => {
        const { viewer } = CASES[name]
        expect(can(viewer, action)).toBe(allowed)
        if (allowed) expect(() => authorize(viewer, action)).not.toThrow()
        else expect(() => authorize(viewer, action)).toThrow(ForbiddenError)
      },
    )
  })

  it('gives a document without an owner (an import) to admins only, unless approved', () => {
    for (const status of STATUSES) {
      const document: DocumentFacts = { ownerId: null, status }
      for (const action of ['edit', 'delete', 'readStatusReason'] as const) {
        expect([PUBLIC_VIEWER, OWNER, ADMIN_VIEWER].map((v) => can(v, action, document))).toEqual([
          N,
          N,
          Y,
        ])
      }
      const approved = status === 'goedgekeurd'
      expect([PUBLIC_VIEWER, OWNER, ADMIN_VIEWER].map((v) => can(v, 'read', document))).toEqual([
        approved,
        approved,
        Y,
      ])
    }
  })

  it('says who may, in Dutch, when it refuses an edit or a delete', () => {
    const document: DocumentFacts = { ownerId: OWNER.id, status: 'goedgekeurd' }
    expect(() => authorize(COLLEAGUE, 'edit', document)).toThrow(
      'Alleen de eigenaar van dit document of een beheerder mag het wijzigen.',
    )
    expect(() => authorize(COLLEAGUE, 'delete', document)).toThrow(
      'Alleen de eigenaar van dit document of een beheerder mag het verwijderen.',
    )
  })

  it('gives the document page the abilities of the same rules', () => {
    const document: DocumentFacts = { ownerId: OWNER.id, status: 'afgekeurd' }
    const none = { edit: N, delete: N, readStatusReason: N, validate: N }
    expect(abilitiesOf(PUBLIC_VIEWER, document)).toEqual(none)
    expect(abilitiesOf(COLLEAGUE, document)).toEqual(none)
    expect(abilitiesOf(OWNER, document)).toEqual({
      ...none,
      edit: Y,
      delete: Y,
      readStatusReason: Y,
    })
    expect(abilitiesOf(ADMIN_VIEWER, document)).toEqual({
      edit: Y,
      delete: Y,
      readStatusReason: Y,
      validate: Y,
    })
  })

  it('refuses an admin their own work by four eyes, with its own message, unless allowed', () => {
    const admin = { ...ADMIN_VIEWER, isAdmin: true as const }
    const strict = { allowSelfValidation: false }
    const decide =
      (ownerId: string | null, modifiedBy: string | null, rule = strict) =>
      () =>
        authorizeDecision(admin, { ownerId, modifiedBy }, rule)
    expect(decide(OWNER.id, OWNER.id)).not.toThrow()
    expect(decide(admin.id, OWNER.id)).toThrow(SELF_VALIDATION_REFUSED)
    expect(decide(OWNER.id, admin.id)).toThrow(ForbiddenError)
    expect(decide(admin.id, admin.id, { allowSelfValidation: true })).not.toThrow()
  })
})

/** `read` and the SQL of `visibleTo` are one rule in two forms: they must agree. */
describe('read and visibleTo', () => {
  let db: Db
  beforeAll(async () => {
    db = await createTestDb()
    for (const identity of [EMPLOYEE, OTHER_EMPLOYEE, ADMIN]) await ensureEmployee(db, identity)
  })
  afterAll(() => db.close())

  it.each(STATUSES)('agree on a %s document for every viewer', async (status) => {
    for (const name of VIEWERS) {
      const { viewer, ownerId } = CASES[name]
      const owner = [EMPLOYEE, ADMIN].find((identity) => identity.oid === ownerId)
      const id = await createDocument(db, { title: `${status} ${name}`, status, owner })
      const params = new Params()
      const [row] = await db.query<{ visible: boolean }>(
        `select exists (select 1 from documents d
                         where d.id = ${params.add(id)}::uuid and ${visibleTo(viewer, params)}) as visible`,
        params.values,
      )
      expect(row?.visible, name).toBe(can(viewer, 'read', { ownerId, status }))
    }
  })
})

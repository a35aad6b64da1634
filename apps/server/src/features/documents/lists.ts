import type { OwnDocumentsQuery, ValidationList, ValidationQuery } from '@dataportaal/contract'
import type { Admin, Employee } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import { pageOfDocuments } from './document-page.ts'
import type { DocumentAdditions } from './additions.ts'
import { FILES_JSON, presentFiles, type FileRows } from './files.ts'
import { selfValidationBlock, type FourEyesRule } from './four-eyes.ts'
import { visibleTo } from './visibility.ts'

/** Last modified first: what changed most recently is what its owner or a validator looks for. */
const LAST_MODIFIED = 'd.modified_at desc, d.id'

/** The caller's own documents, in every status or in one (their open count: `openstaand`). */
export function listOwnDocuments(db: Queryable, viewer: Employee, query: OwnDocumentsQuery) {
  return pageOfDocuments(db, viewer, query, {
    where: (params) => {
      const conditions = [visibleTo(viewer, params), `d.owner_id = ${params.add(viewer.id)}`]
      if (query.status) conditions.push(`d.status = ${params.add(query.status)}`)
      return conditions.join(' and ')
    },
    orderBy: LAST_MODIFIED,
  })
}

/**
 * Every document in one status, for validation by an admin, each with its description and
 * files: what a validator judges it by, in one answer for the whole page. Each also says
 * whether the four-eyes rule keeps this admin from deciding it, so the screen can say why
 * instead of offering buttons the server would refuse.
 */
export async function listForValidation(
  db: Queryable,
  viewer: Admin,
  query: ValidationQuery,
  rule: FourEyesRule,
  additions?: DocumentAdditions,
): Promise<ValidationList> {
  const page = await pageOfDocuments(db, viewer, query, {
    where: (params) =>
      [visibleTo(viewer, params), `d.status = ${params.add(query.status)}`].join(' and '),
    orderBy: LAST_MODIFIED,
  })
  const ids = page.Results.map((document) => document.contentUID)
  const rows = ids.length
    ? await db.query<{
        id: string
        description: string
        files: FileRows
        owner_id: string | null
        modified_by: string | null
      }>(
        `select d.id::text as id, d.description, ${FILES_JSON} as files, d.owner_id, d.modified_by
           from documents d where d.id = any($1::uuid[])`,
        [ids],
      )
    : []
  const byId = new Map(rows.map((row) => [row.id, row]))
  const added = await additions?.validation(viewer, ids)
  return {
    Total: page.Total,
    Results: page.Results.map((document) => {
      const row = byId.get(document.contentUID)
      return {
        ...document,
        description: row?.description ?? '',
        // Validators are admins: they see which files are not searchable by content, and why.
        files: presentFiles(document.contentUID, row?.files ?? [], true),
        selfValidationBlocked: selfValidationBlock(
          viewer,
          { ownerId: row?.owner_id ?? null, modifiedBy: row?.modified_by ?? null },
          rule,
        ),
        ...added?.get(document.contentUID),
      }
    }),
  }
}

import type { DocumentList, OwnDocumentsQuery, ValidationQuery } from '@dataportaal/contract'
import type { Employee, Viewer } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import { HttpProblem } from '../../http/problem.ts'
import { canValidate, hasOwnDocuments } from './permissions.ts'
import { presentListItem, type DocumentListRow } from './presenter.ts'
import { visibleTo } from './visibility.ts'

interface Page {
  offset: number
  pageSize: number
}

/** One page of the documents matching `where` (on `d`), last modified first, and how many match. */
async function listDocuments(
  db: Queryable,
  viewer: Employee,
  page: Page,
  where: (params: Params) => string,
): Promise<DocumentList> {
  const countParams = new Params()
  const [count] = await db.query<{ total: number }>(
    `select count(*)::int as total from documents d where ${where(countParams)}`,
    countParams.values,
  )
  const params = new Params()
  const condition = where(params)
  const me = params.add(viewer.id)
  const rows = await db.query<DocumentListRow>(
    `select d.id::text as id, d.title, ct.name as content_type, s.name as source,
            d.theme_names, d.label_names, d.status, d.status_category, d.status_description,
            d.rating_avg::float8 as rating_avg, d.rating_count, d.owner_id, e.display_name as owner_name,
            to_char(d.document_date, 'YYYY-MM-DD') as date, d.created_at, d.modified_at, d.published_at,
            exists (select 1 from favorites f where f.document_id = d.id and f.employee_id = ${me}) as favorited,
            (select r.rating::int from ratings r where r.document_id = d.id and r.employee_id = ${me}) as my_rating,
            array(select distinct f.media_type from document_files f where f.document_id = d.id
                   order by 1) as media_types
       from documents d
       join content_types ct on ct.id = d.content_type_id
       join sources s on s.id = d.source_id
       left join employees e on e.id = d.owner_id
      where ${condition}
      order by d.modified_at desc, d.id
      limit ${params.add(page.pageSize)} offset ${params.add((page.offset - 1) * page.pageSize)}`,
    params.values,
  )
  return { Results: rows.map((row) => presentListItem(row, viewer)), Total: count?.total ?? 0 }
}

/** The caller's own documents, in every status or in one (their open count: `openstaand`). */
export function listOwnDocuments(db: Queryable, viewer: Viewer, query: OwnDocumentsQuery) {
  if (!hasOwnDocuments(viewer)) throw new HttpProblem(403, 'Alleen medewerkers hebben documenten.')
  return listDocuments(db, viewer, query, (params) => {
    const conditions = [visibleTo(viewer, params), `d.owner_id = ${params.add(viewer.id)}`]
    if (query.status) conditions.push(`d.status = ${params.add(query.status)}`)
    return conditions.join(' and ')
  })
}

/** Every document in one status, for validation by an admin. */
export function listForValidation(db: Queryable, viewer: Viewer, query: ValidationQuery) {
  if (!canValidate(viewer)) throw new HttpProblem(403, 'Alleen beheerders valideren documenten.')
  return listDocuments(db, viewer, query, (params) =>
    [visibleTo(viewer, params), `d.status = ${params.add(query.status)}`].join(' and '),
  )
}

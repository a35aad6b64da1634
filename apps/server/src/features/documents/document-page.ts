import type { DocumentList } from '@dataportaal/contract'
import type { Employee } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import { presentListItem, type DocumentListRow } from './presenter.ts'

export interface Page {
  offset: number
  pageSize: number
}

/** Which documents (`d`) a list holds and in what order; `join` and `where` add their own parameters. */
export interface DocumentSelection {
  join?: (params: Params) => string
  where: (params: Params) => string
  orderBy: string
}

/**
 * One page of document summaries in an order of the caller's choosing (last modified,
 * newest favourite, newest published), and how many there are: the own documents, the
 * validation lists, favourites and the theme lists all come from here.
 */
export async function pageOfDocuments(
  db: Queryable,
  viewer: Employee,
  page: Page,
  selection: DocumentSelection,
): Promise<DocumentList> {
  const countParams = new Params()
  const [count] = await db.query<{ total: number }>(
    `select count(*)::int as total from documents d ${selection.join?.(countParams) ?? ''}
      where ${selection.where(countParams)}`,
    countParams.values,
  )
  const total = count?.total ?? 0
  if (total === 0) return { Results: [], Total: 0 }
  const params = new Params()
  const me = params.add(viewer.id)
  const join = selection.join?.(params) ?? ''
  const where = selection.where(params)
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
       ${join}
      where ${where}
      order by ${selection.orderBy}
      limit ${params.add(page.pageSize)} offset ${params.add((page.offset - 1) * page.pageSize)}`,
    params.values,
  )
  return { Results: rows.map((row) => presentListItem(row, viewer)), Total: total }
}

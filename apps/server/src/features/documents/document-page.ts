import type { DocumentList } from '@dataportaal/contract'
import type { Viewer } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import { DOCUMENT_JOINS, documentColumns } from './columns.ts'
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
  viewer: Viewer,
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
  const columns = documentColumns(params, viewer)
  const join = selection.join?.(params) ?? ''
  const where = selection.where(params)
  const rows = await db.query<DocumentListRow>(
    `select ${columns}
       from documents d ${DOCUMENT_JOINS} ${join}
      where ${where}
      order by ${selection.orderBy}
      limit ${params.add(page.pageSize)} offset ${params.add((page.offset - 1) * page.pageSize)}`,
    params.values,
  )
  return { Results: rows.map((row) => presentListItem(row, viewer)), Total: total }
}

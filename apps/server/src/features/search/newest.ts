import type { Viewer } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import { DOCUMENT_JOINS, documentColumns, type DocumentListRow } from '../documents/index.ts'
import type { SearchFilters } from './engine.ts'
import { whereClause } from './sql/filters.ts'
import { toTextMatch } from './text-match.ts'

export interface PublishedDocumentRow extends DocumentListRow {
  description: string
}

/**
 * The newest published documents a search finds: what a feed of that search shows. The
 * same text matching (thesaurus, typo correction) and filters as the search, ordered by
 * the moment of publication rather than the document's date, and not logged: a feed
 * reader polling every hour is not a person searching.
 */
export async function newestPublished(
  db: Queryable,
  viewer: Viewer,
  filters: SearchFilters,
  limit: number,
): Promise<PublishedDocumentRow[]> {
  const match = await toTextMatch(db, filters.query)
  if (match.kind === 'none') return []
  const params = new Params()
  const columns = documentColumns(params, viewer)
  const where = whereClause(viewer, filters, match, params)
  return db.query<PublishedDocumentRow>(
    `select ${columns}, d.description
       from search_entries se join documents d on d.id = se.document_id ${DOCUMENT_JOINS}
      where ${where} and d.status = 'goedgekeurd' and d.published_at is not null
      order by d.published_at desc, d.id
      limit ${params.add(limit)}`,
    params.values,
  )
}

/**
 * Which of `documentIds` a search finds among the published documents: the same matching
 * as the search page, for e-mail subscriptions to a search or theme (features/subscriptions).
 */
export async function publishedMatching(
  db: Queryable,
  viewer: Viewer,
  filters: SearchFilters,
  documentIds: readonly string[],
): Promise<string[]> {
  if (documentIds.length === 0) return []
  const match = await toTextMatch(db, filters.query)
  if (match.kind === 'none') return []
  const params = new Params()
  const where = whereClause(viewer, filters, match, params)
  const rows = await db.query<{ id: string }>(
    `select d.id::text as id
       from search_entries se join documents d on d.id = se.document_id ${DOCUMENT_JOINS}
      where ${where} and d.status = 'goedgekeurd' and d.published_at is not null
        and d.id = any(${params.add(documentIds)}::uuid[])`,
    params.values,
  )
  return rows.map((row) => row.id)
}

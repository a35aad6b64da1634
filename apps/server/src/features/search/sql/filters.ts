import { NO_VALUE_BUCKET } from '@dataportaal/contract'
import { isEmployee, type Viewer } from '../../../auth/viewer.ts'
import type { Queryable } from '../../../db/client.ts'
import { Params } from '../../../db/params.ts'
import { entryVisibleTo } from '../../documents/index.ts'
import { NO_THEME_VALUES, type SearchFilters } from '../engine.ts'
import { matchedTsquery, type TextMatch } from '../text-match.ts'

/** `= any(names)`, where the 'no value' bucket name selects documents without any. */
function arrayFilter(column: string, values: string[], noneNames: Set<string>, params: Params) {
  const names = values.filter((value) => !noneNames.has(value))
  const parts = names.length ? [`${column} && ${params.add(names)}::text[]`] : []
  if (values.some((value) => noneNames.has(value))) parts.push(`${column} = '{}'`)
  return `(${parts.join(' or ')})`
}

/**
 * The condition on a search entry `se` (migration 0016) of a search: visible to the viewer,
 * matching the text and filters. Facet filters name values; entries hold ids of kinds and
 * theme sets, so a filter selects the ids whose kind or set has those values. The feeds
 * and subscriptions select with it too (`newest.ts`).
 */
export function whereClause(
  viewer: Viewer,
  input: SearchFilters,
  match: TextMatch,
  params: Params,
) {
  const where = [entryVisibleTo(viewer, params)]
  if (match.kind === 'text') {
    where.push(`se.search_vector @@ ${matchedTsquery(params.add(match.prefixQuery))}`)
  }
  const kinds: string[] = []
  if (input.categoryType?.length) {
    kinds.push(
      `k.content_type_id in (select id from content_types where name = any(${params.add(input.categoryType)}::text[]))`,
    )
  }
  if (input.source?.length) {
    kinds.push(
      `k.source_id in (select id from sources where name = any(${params.add(input.source)}::text[]))`,
    )
  }
  if (input.wooCategory?.length) {
    kinds.push(`k.woo_category = any(${params.add(input.wooCategory)}::text[])`)
  }
  if (kinds.length) {
    where.push(`se.kind_id in (select k.id from search_kinds k where ${kinds.join(' and ')})`)
  }
  if (input.tags?.length) {
    const sets = arrayFilter('t.names', input.tags, NO_THEME_VALUES, params)
    where.push(`se.theme_set_id in (select t.id from search_theme_sets t where ${sets})`)
  }
  if (input.labels?.length && isEmployee(viewer)) {
    const none = new Set<string>([NO_VALUE_BUCKET.labels])
    where.push(arrayFilter('se.label_names', input.labels, none, params))
  }
  if (input.minRating) where.push(`se.rating_avg >= ${params.add(input.minRating)}`)
  if (input.dateFrom) where.push(`se.document_date >= ${params.add(input.dateFrom)}::date`)
  if (input.dateTo) where.push(`se.document_date <= ${params.add(input.dateTo)}::date`)
  return where.join('\n and ')
}

/** How many documents a text match finds with the search's filters (for a suggestion). */
export async function countMatches(
  db: Queryable,
  viewer: Viewer,
  input: SearchFilters,
  match: TextMatch,
) {
  if (match.kind === 'none') return 0
  const params = new Params()
  const where = whereClause(viewer, input, match, params)
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from search_entries se where ${where}`,
    params.values,
  )
  return row!.n
}

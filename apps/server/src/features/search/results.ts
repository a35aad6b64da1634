import type { SearchQuery } from '@dataportaal/contract'
import type { Viewer } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import {
  DOCUMENT_JOINS,
  documentColumns,
  visibleTo,
  type DocumentListRow,
} from '../documents/index.ts'
import type { ResultPage } from './engine.ts'
import {
  HEADLINE_OPTIONS_SQL,
  MARK_END,
  MARK_START,
  markRowCompoundParts,
  withoutMarkers,
} from './highlight.ts'
import { relevanceRank } from './relevance.ts'
import { orderBy, pageLimit } from './sql/order.ts'
import { matchedTsquery, type TextMatch } from './text-match.ts'

export interface ResultRow extends DocumentListRow {
  description: string
  title_marked: string | null
  snippet_marked: string | null
}

/** How much file text a snippet may come from; headlines over whole files are too slow. */
const SNIPPET_SOURCE_CHARS = 20_000

/**
 * The query choosing the page's documents, with columns `id` (uuid) and `ord` (their order),
 * run inside the statement that reads them. Candidates are ordered as SQL orders a search
 * (`orderBy`, the real rank), and the page taken from them.
 */
function pageQuery(input: SearchQuery, match: TextMatch, page: ResultPage, params: Params): string {
  if (page.kind === 'page') {
    return `select p.id, p.ord from unnest(${params.add(page.ids)}::uuid[]) with ordinality as p(id, ord)`
  }
  const ranked = match.kind === 'text' && input.sort === 'relevance'
  const rank = ranked ? relevanceRank(match, params) : '0::real'
  const order = orderBy(input, ranked)
  return `select m.id, row_number() over (order by ${order}) as ord
       from (select se.document_id as id, se.document_date, se.rating_avg, se.rating_count,
                    ${rank} as rank
               from search_entries se
              where se.document_id = any(${params.add(page.ids)}::uuid[]) and se.public) m
      order by ${order}
      ${pageLimit(input, params)}`
}

/**
 * The page's documents in page order, with highlights computed for these few only. The
 * visibility rule holds here too: a document changed since the statement that found it
 * (sent back to validation, deleted) is left out, never shown with its new text.
 */
export async function loadResultRows(
  db: Queryable,
  viewer: Viewer,
  input: SearchQuery,
  match: TextMatch,
  page: ResultPage,
): Promise<ResultRow[]> {
  if (page.kind === 'page' && page.ids.length === 0) return []
  const params = new Params()
  const pick = pageQuery(input, match, page, params)
  let highlights = 'null as title_marked, null as snippet_marked'
  if (match.kind === 'text') {
    const query = matchedTsquery(params.add(match.prefixQuery))
    const titleOptions = `'HighlightAll=true, StartSel=${MARK_START}, StopSel=${MARK_END}'`
    const snippetSource = withoutMarkers(
      `d.description || ' ' || left(d.file_text, ${SNIPPET_SOURCE_CHARS})`,
    )
    highlights = `ts_headline('dutch', ${withoutMarkers('d.title')}, ${query}, ${titleOptions}) as title_marked,
      ts_headline('dutch', ${snippetSource}, ${query}, ${HEADLINE_OPTIONS_SQL}) as snippet_marked`
  }
  const rows = await db.query<ResultRow>(
    `select ${documentColumns(params, viewer)}, d.description, ${highlights}
       from (${pick}) p join documents d on d.id = p.id ${DOCUMENT_JOINS}
      where ${visibleTo(viewer, params)}
      order by p.ord`,
    params.values,
  )
  return match.kind === 'text' ? markRowCompoundParts(rows, match.tokens) : rows
}

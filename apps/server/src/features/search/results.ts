import type { SearchResult } from '@dataportaal/contract'
import type { Viewer } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import { escapeHtml } from '../../shared/html.ts'
import {
  DOCUMENT_JOINS,
  documentColumns,
  formatName,
  presentSummary,
  visibleTo,
  type DocumentListRow,
} from '../documents/index.ts'
import {
  HEADLINE_OPTIONS_SQL,
  MARK_END,
  MARK_START,
  excerpt,
  markedToHtml,
  markRowCompoundParts,
  withoutMarkers,
} from './highlight.ts'
import { matchedTsquery, type TextMatch } from './text-match.ts'

export interface ResultRow extends DocumentListRow {
  description: string
  title_marked: string | null
  snippet_marked: string | null
}

/** How much file text a snippet may come from; headlines over whole files are too slow. */
const SNIPPET_SOURCE_CHARS = 20_000

/**
 * The documents of a page, in order: their ids, or a query choosing them, with columns `id`
 * (uuid) and `ord` (their order), run inside the statement that reads them.
 */
export type PagePick = readonly string[] | ((params: Params) => string)

/**
 * The page's documents in page order, with highlights computed for these few only. The
 * visibility rule holds here too: a document changed since the statement that found it
 * (sent back to validation, deleted) is left out, never shown with its new text.
 */
export async function loadResultRows(
  db: Queryable,
  viewer: Viewer,
  page: PagePick,
  match: TextMatch,
): Promise<ResultRow[]> {
  if (typeof page !== 'function' && page.length === 0) return []
  const params = new Params()
  const pick =
    typeof page === 'function'
      ? page(params)
      : `select p.id, p.ord from unnest(${params.add(page)}::uuid[]) with ordinality as p(id, ord)`
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

export function presentResult(row: ResultRow, viewer: Viewer, match: TextMatch): SearchResult {
  const snippet =
    match.kind === 'text' && row.snippet_marked?.includes(MARK_START)
      ? markedToHtml(row.snippet_marked)
      : excerpt(row.description)
  return {
    ...presentSummary(row, viewer),
    titleHighlight: row.title_marked ? markedToHtml(row.title_marked) : escapeHtml(row.title),
    snippet,
    fileFormats: row.media_types.map(formatName),
  }
}

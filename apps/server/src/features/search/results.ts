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
import type { TextMatch } from './text-match.ts'

export interface ResultRow extends DocumentListRow {
  description: string
  title_marked: string | null
  snippet_marked: string | null
}

/** How much file text a snippet may come from; headlines over whole files are too slow. */
const SNIPPET_SOURCE_CHARS = 20_000

/** The page's documents in page order, with highlights computed for these few only. */
export async function loadResultRows(
  db: Queryable,
  viewer: Viewer,
  ids: string[],
  match: TextMatch,
): Promise<ResultRow[]> {
  if (ids.length === 0) return []
  const params = new Params()
  const idsParam = params.add(ids)
  let highlights = 'null as title_marked, null as snippet_marked'
  if (match.kind === 'text') {
    const query = `to_tsquery('dutch', ${params.add(match.prefixQuery)})`
    const titleOptions = `'HighlightAll=true, StartSel=${MARK_START}, StopSel=${MARK_END}'`
    const snippetSource = withoutMarkers(
      `d.description || ' ' || left(d.file_text, ${SNIPPET_SOURCE_CHARS})`,
    )
    highlights = `ts_headline('dutch', ${withoutMarkers('d.title')}, ${query}, ${titleOptions}) as title_marked,
      ts_headline('dutch', ${snippetSource}, ${query}, ${HEADLINE_OPTIONS_SQL}) as snippet_marked`
  }
  const rows = await db.query<ResultRow>(
    `select ${documentColumns(params, viewer)}, d.description, ${highlights}
       from documents d ${DOCUMENT_JOINS}
      where d.id = any(${idsParam}::uuid[])`,
    params.values,
  )
  const marked = match.kind === 'text' ? await markRowCompoundParts(rows, match.tokens) : rows
  const byId = new Map(marked.map((row) => [row.id, row]))
  return ids.flatMap((id) => byId.get(id) ?? [])
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

import type { SearchResult } from '@dataportaal/contract'
import { isEmployee, type Viewer } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import { formatName } from '../documents/formats.ts'
import { presentSummary, type DocumentSummaryRow } from '../documents/presenter.ts'
import {
  HEADLINE_OPTIONS_SQL,
  MARK_END,
  MARK_START,
  escapeHtml,
  excerpt,
  markedToHtml,
  withoutMarkers,
} from './highlight.ts'
import type { TextMatch } from './text-match.ts'

export interface ResultRow extends DocumentSummaryRow, Record<string, unknown> {
  description: string
  media_types: string[]
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
  let personal = 'null::boolean as favorited, null::int as my_rating'
  if (isEmployee(viewer)) {
    const me = params.add(viewer.id)
    personal = `exists (select 1 from favorites f where f.document_id = d.id and f.employee_id = ${me}) as favorited,
      (select r.rating::int from ratings r where r.document_id = d.id and r.employee_id = ${me}) as my_rating`
  }
  const rows = await db.query<ResultRow>(
    `select d.id::text as id, d.title, d.description, d.status, ct.name as content_type,
            s.name as source, d.theme_names, d.label_names, d.rating_avg::float8 as rating_avg,
            d.rating_count, to_char(d.document_date, 'YYYY-MM-DD') as date, d.published_at,
            array(select distinct f.media_type from document_files f where f.document_id = d.id
                   order by 1) as media_types,
            ${highlights}, ${personal}
       from documents d
       join content_types ct on ct.id = d.content_type_id
       join sources s on s.id = d.source_id
      where d.id = any(${idsParam}::uuid[])`,
    params.values,
  )
  const byId = new Map(rows.map((row) => [row.id, row]))
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

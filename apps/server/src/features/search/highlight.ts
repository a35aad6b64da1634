import { escapeHtml } from '../../shared/html.ts'

/**
 * Highlighting without trusting document text: PostgreSQL marks matches with two
 * private-use characters, the whole text is HTML-escaped, and only then do the
 * markers become `<mark>` elements. Markers already in a document are removed first.
 */
export const MARK_START = '\uE000'
export const MARK_END = '\uE001'

export const HEADLINE_OPTIONS_SQL = `'StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=25, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "'`

/** SQL expression that strips the markers from a text column before ts_headline sees it. */
export const withoutMarkers = (expression: string) =>
  `translate(${expression}, '${MARK_START}${MARK_END}', '')`

export function markedToHtml(marked: string): string {
  return escapeHtml(marked)
    .replaceAll(MARK_START, '<mark>')
    .replaceAll(MARK_END, '</mark>')
    .replace(/<mark>(\s*)<\/mark>/g, '$1')
}

/** A plain excerpt when there is nothing to highlight. */
export function excerpt(text: string, maxLength = 240): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= maxLength) return escapeHtml(clean)
  const cut = clean.slice(0, maxLength)
  const lastSpace = cut.lastIndexOf(' ')
  return `${escapeHtml(cut.slice(0, lastSpace > maxLength / 2 ? lastSpace : maxLength))} …`
}

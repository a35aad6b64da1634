import { Fragment } from 'react'

export interface HighlightPart {
  text: string
  marked: boolean
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
}

/** Undoes the server's HTML escaping, so React can escape the text again itself. */
function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : entity
    }
    return ENTITIES[name.toLowerCase()] ?? entity
  })
}

/**
 * Splits the server's highlighted text (HTML-escaped, where only `<mark>` and `</mark>` are
 * markup) into plain and marked parts. Nothing of it is ever parsed as HTML.
 */
export function parseHighlight(html: string): HighlightPart[] {
  const parts: HighlightPart[] = []
  let marked = false
  for (const piece of html.split(/(<mark>|<\/mark>)/)) {
    if (piece === '<mark>') marked = true
    else if (piece === '</mark>') marked = false
    else if (piece) parts.push({ text: decodeEntities(piece), marked })
  }
  return parts
}

export function Highlighted({ html }: { html: string }) {
  return parseHighlight(html).map((part, index) =>
    part.marked ? (
      <mark key={index}>{part.text}</mark>
    ) : (
      <Fragment key={index}>{part.text}</Fragment>
    ),
  )
}

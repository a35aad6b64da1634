/** Upper bound of the text kept per file: enough for search, small enough for one table row. */
export const MAX_EXTRACTED_CHARS = 500_000

// Control characters (PostgreSQL text cannot hold NUL at all) become spaces before collapsing.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

/** Collapses all whitespace to single spaces and cuts at the cap without splitting a surrogate pair. */
export function normalizeText(text: string, maxChars = MAX_EXTRACTED_CHARS): string {
  let result = text.replace(CONTROL_CHARS, ' ').replace(/\s+/g, ' ').trim()
  if (result.length > maxChars) {
    result = result.slice(0, maxChars)
    const last = result.charCodeAt(result.length - 1)
    if (last >= 0xd800 && last <= 0xdbff) result = result.slice(0, -1)
    result = result.trimEnd()
  }
  return result
}

/**
 * Where a reader puts the text it reads, piece by piece. `full` tells it to stop early; `page`
 * that a new page starts (PDF), for those who want to know where the text stood.
 */
export interface TextSink {
  add(text: string): void
  readonly full: boolean
  page?(pageNumber: number): void
}

/**
 * Gathers text pieces and reports when enough has been collected, so extractors can stop
 * reading a huge file early. It keeps twice the cap because collapsing whitespace shrinks text.
 */
export class TextCollector implements TextSink {
  private readonly parts: string[] = []
  private length = 0
  private readonly limit: number

  constructor(private readonly maxChars = MAX_EXTRACTED_CHARS) {
    this.limit = maxChars * 2
  }

  get full(): boolean {
    return this.length >= this.limit
  }

  add(text: string): void {
    if (this.full || text.length === 0) return
    this.parts.push(text)
    this.length += text.length
  }

  toString(): string {
    return normalizeText(this.parts.join(''), this.maxChars)
  }
}

import type { WordPos } from './postings.ts'

/** One lexeme of a `tsvector` with its positions as `WordPos` (none: stored without). */
export interface TsvectorEntry {
  lexeme: string
  positions: number[]
}

const QUOTE = 0x27 // '
const BACKSLASH = 0x5c
const COLON = 0x3a
const COMMA = 0x2c
const SPACE = 0x20
const DIGIT_0 = 0x30
const DIGIT_9 = 0x39

/** The weight a letter after a position stands for (`WordPos` top bits); D is also unwritten. */
function weightOfLetter(code: number): number {
  switch (code | 0x20) {
    case 0x61: // a
      return 3
    case 0x62: // b
      return 2
    case 0x63: // c
      return 1
    case 0x64: // d
      return 0
    default:
      return -1
  }
}

function syntaxError(text: string, at: number): Error {
  return new Error(`Not a tsvector as PostgreSQL prints it, at ${at}: ${text.slice(0, 200)}`)
}

/**
 * Parses PostgreSQL's text output of a `tsvector`, e.g. `'gemeent':3C,17 'it''s':1A 'nopos'`.
 * Lexemes come back in the order PostgreSQL printed them (its sorted order); positions as
 * `WordPos` (weight << 14 | position), none for a lexeme stored without positions.
 *
 * Start-up parses every document's vector, so the common lexeme (no quote or backslash in
 * it) is taken with one `slice` instead of being built up character by character.
 */
export function parseTsvector(text: string): TsvectorEntry[] {
  const entries: TsvectorEntry[] = []
  const end = text.length
  let at = 0
  while (at < end) {
    const code = text.charCodeAt(at)
    if (code === SPACE) {
      at++
      continue
    }
    if (code !== QUOTE) throw syntaxError(text, at)
    const lexemeEnd = closingQuote(text, at + 1)
    if (lexemeEnd < 0) throw syntaxError(text, at)
    const lexeme = unquote(text, at + 1, lexemeEnd)
    at = lexemeEnd + 1
    const positions: WordPos[] = []
    if (at < end && text.charCodeAt(at) === COLON) at = readPositions(text, at + 1, positions)
    entries.push({ lexeme, positions })
  }
  return entries
}

/** Where the quoted text starting at `from` ends (its closing quote), or -1. */
function closingQuote(text: string, from: number): number {
  let at = from
  while (at < text.length) {
    const code = text.charCodeAt(at)
    if (code === BACKSLASH) at += 2
    else if (code === QUOTE) {
      if (text.charCodeAt(at + 1) === QUOTE) at += 2
      else return at
    } else at++
  }
  return -1
}

/**
 * The text between the quotes with PostgreSQL's escapes undone: `''` for a quote, a
 * backslash before any character for that character.
 */
function unquote(text: string, from: number, to: number): string {
  const raw = text.slice(from, to)
  if (raw.indexOf("'") < 0 && raw.indexOf('\\') < 0) return raw
  return raw.replace(/''|\\(.)/gsu, (escape, escaped: string | undefined) => escaped ?? "'")
}

/** Reads `1A,2,17C` from `from` into `positions`; returns where it stopped. */
function readPositions(text: string, from: number, positions: WordPos[]): number {
  let at = from
  for (;;) {
    let position = 0
    const start = at
    for (let code = text.charCodeAt(at); code >= DIGIT_0 && code <= DIGIT_9;) {
      position = position * 10 + (code - DIGIT_0)
      code = text.charCodeAt(++at)
    }
    if (at === start) throw syntaxError(text, at)
    let weight = 0
    if (at < text.length) {
      const letter = weightOfLetter(text.charCodeAt(at))
      if (letter >= 0) {
        weight = letter
        at++
      }
    }
    positions.push((weight << 14) | position)
    if (at < text.length && text.charCodeAt(at) === COMMA) at++
    else return at
  }
}

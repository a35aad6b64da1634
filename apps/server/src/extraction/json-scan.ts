import { createReadStream } from 'node:fs'

/** What a scan of a JSON file tells about it, without ever holding the file in memory. */
export interface JsonScan {
  /**
   * Strict JSON (RFC 8259, as JSON.parse reads it) in strict UTF-8, nested at most
   * `JSON_MAX_DEPTH` deep.
   */
  valid: boolean
  /**
   * The string value of `type` of a top-level object (the last one, as JSON.parse keeps);
   * a long value is cut after `MAX_CAPTURE` characters, enough to compare with type names.
   */
  topLevelType: string | null
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r'])
/** What follows a backslash in a JSON string, and what it stands for (not `\u`). */
export const JSON_ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
}
const HEX = /^[0-9a-fA-F]$/
const DIGIT = /^[0-9]$/
const LITERALS = ['true', 'false', 'null']
/** Enough of a `type` value to compare with the GeoJSON type names. */
const MAX_CAPTURE = 64
/**
 * Deeper nesting is refused as invalid. GeoJSON needs about 8 levels; the cap keeps the
 * scan in constant memory however many brackets a file opens.
 */
export const JSON_MAX_DEPTH = 512

class InvalidJson extends Error {}

/** Where the scanner is between tokens. */
type Expect = 'value' | 'valueOrClose' | 'key' | 'keyOrClose' | 'colon' | 'commaOrClose' | 'end'

/**
 * The open brackets, one bit each (set for `{`), at most `JSON_MAX_DEPTH` of them: a
 * fixed few dozen bytes, where an array would grow with every bracket a file opens.
 */
class BracketStack {
  private readonly bits = new Uint8Array(Math.ceil(JSON_MAX_DEPTH / 8))
  depth = 0

  push(bracket: '{' | '[') {
    if (this.depth === JSON_MAX_DEPTH) throw new InvalidJson()
    const byte = this.depth >> 3
    const mask = 1 << (this.depth & 7)
    this.bits[byte] = bracket === '{' ? this.bits[byte]! | mask : this.bits[byte]! & ~mask
    this.depth++
  }

  pop() {
    this.depth--
  }

  /** The innermost open bracket, or undefined at the top level. */
  top(): '{' | '[' | undefined {
    if (this.depth === 0) return undefined
    const at = this.depth - 1
    return this.bits[at >> 3]! & (1 << (at & 7)) ? '{' : '['
  }
}

/**
 * A character-by-character JSON checker in constant memory: it keeps the nesting as a
 * bounded bit stack and, at the top level of an object, at most `MAX_CAPTURE` characters
 * of the current key and of the `type` value. String values are checked, never kept.
 */
class JsonScanner {
  private expect: Expect = 'value'
  private readonly stack = new BracketStack()
  // The token being read, if any.
  private token: 'string' | 'number' | 'literal' | null = null
  private escape: 'no' | 'yes' | 'hex' = 'no'
  private hex = ''
  private numberState = ''
  private literal = ''
  private stringIsKey = false
  private capture: string | null = null
  private topKey: string | null = null
  topLevelType: string | null = null

  feed(text: string) {
    for (const char of text) this.char(char)
  }

  finish() {
    if (this.token === 'number') this.endNumber()
    if (this.token !== null || this.expect !== 'end') throw new InvalidJson()
  }

  private char(c: string) {
    if (this.token === 'string') return this.stringChar(c)
    if (this.token === 'number') {
      if (this.numberChar(c)) return
      this.endNumber()
    }
    if (this.token === 'literal') return this.literalChar(c)
    if (WHITESPACE.has(c)) return
    switch (this.expect) {
      case 'value':
      case 'valueOrClose':
        if (this.expect === 'valueOrClose' && c === ']') return this.close('[')
        return this.startValue(c)
      case 'keyOrClose':
      case 'key':
        if (this.expect === 'keyOrClose' && c === '}') return this.close('{')
        if (c !== '"') throw new InvalidJson()
        return this.startString(true)
      case 'colon':
        if (c !== ':') throw new InvalidJson()
        this.expect = 'value'
        return
      case 'commaOrClose': {
        const top = this.stack.top()
        if (c === ',') {
          this.expect = top === '{' ? 'key' : 'value'
          return
        }
        if ((c === '}' && top === '{') || (c === ']' && top === '[')) return this.close(top)
        throw new InvalidJson()
      }
      case 'end':
        throw new InvalidJson()
    }
  }

  private get inTopObject() {
    return this.stack.depth === 1 && this.stack.top() === '{'
  }

  private startValue(c: string) {
    // `type` given as anything but a string is no GeoJSON type (strings set it when done).
    if (this.inTopObject && this.topKey === 'type' && c !== '"') this.topLevelType = null
    if (c === '{' || c === '[') {
      this.stack.push(c)
      this.expect = c === '{' ? 'keyOrClose' : 'valueOrClose'
    } else if (c === '"') this.startString(false)
    else if (c === '-' || DIGIT.test(c)) {
      this.token = 'number'
      this.numberState = ''
      if (!this.numberChar(c)) throw new InvalidJson()
    } else if (LITERALS.some((word) => word.startsWith(c))) {
      this.token = 'literal'
      this.literal = c
    } else throw new InvalidJson()
  }

  /** A value ended: what may follow depends on the container it is in. */
  private valueDone() {
    this.expect = this.stack.depth === 0 ? 'end' : 'commaOrClose'
  }

  private close(bracket: '{' | '[') {
    this.stack.pop()
    if (bracket === '{' && this.stack.depth === 0) this.topKey = null
    this.valueDone()
  }

  private startString(isKey: boolean) {
    this.token = 'string'
    this.stringIsKey = isKey
    this.escape = 'no'
    this.capture = this.inTopObject && (isKey || this.topKey === 'type') ? '' : null
  }

  private stringChar(c: string) {
    if (this.escape === 'hex') {
      if (!HEX.test(c)) throw new InvalidJson()
      this.hex += c
      if (this.hex.length === 4) {
        this.escape = 'no'
        this.captureChar(String.fromCharCode(parseInt(this.hex, 16)))
      }
      return
    }
    if (this.escape === 'yes') {
      const unescaped = JSON_ESCAPES[c]
      if (c === 'u') {
        this.escape = 'hex'
        this.hex = ''
      } else if (unescaped !== undefined) {
        this.escape = 'no'
        this.captureChar(unescaped)
      } else throw new InvalidJson()
      return
    }
    if (c === '\\') {
      this.escape = 'yes'
      return
    }
    if (c === '"') return this.endString()
    if (c.charCodeAt(0) < 0x20) throw new InvalidJson()
    this.captureChar(c)
  }

  private captureChar(c: string) {
    if (this.capture !== null && this.capture.length <= MAX_CAPTURE) this.capture += c
  }

  private endString() {
    this.token = null
    if (this.stringIsKey) {
      if (this.inTopObject) this.topKey = this.capture
      this.expect = 'colon'
      return
    }
    if (this.inTopObject && this.topKey === 'type') this.topLevelType = this.capture
    this.valueDone()
  }

  /**
   * Advances the number grammar -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? by one
   * character; false when the character is not part of the number.
   */
  private numberChar(c: string): boolean {
    const s = this.numberState
    const digit = DIGIT.test(c)
    let next: string | null = null
    if (s === '') next = c === '-' ? '-' : c === '0' ? '0' : digit ? 'int' : null
    else if (s === '-') next = c === '0' ? '0' : digit ? 'int' : null
    else if (s === '0' || s === 'int') {
      if (s === 'int' && digit) next = 'int'
      else if (c === '.') next = '.'
      else if (c === 'e' || c === 'E') next = 'e'
    } else if (s === '.' || s === 'frac') {
      if (digit) next = 'frac'
      else if (s === 'frac' && (c === 'e' || c === 'E')) next = 'e'
    } else if (s === 'e') next = c === '+' || c === '-' ? 'e+' : digit ? 'exp' : null
    else if (s === 'e+' || s === 'exp') next = digit ? 'exp' : null
    if (next === null) return false
    this.numberState = next
    return true
  }

  private endNumber() {
    if (!['0', 'int', 'frac', 'exp'].includes(this.numberState)) throw new InvalidJson()
    this.token = null
    this.valueDone()
  }

  private literalChar(c: string) {
    const candidate = this.literal + c
    if (LITERALS.includes(candidate)) {
      this.token = null
      this.valueDone()
    } else if (LITERALS.some((word) => word.startsWith(candidate))) this.literal = candidate
    else throw new InvalidJson()
  }
}

/**
 * Checks that a file is JSON, reading it as a stream: memory stays small however large the
 * file. A UTF-8 byte order mark at the start is allowed, as JSON.parse after stripping it.
 */
export async function scanJsonFile(filePath: string): Promise<JsonScan> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })
  const scanner = new JsonScanner()
  let seen = 0
  try {
    for await (const chunk of createReadStream(filePath) as AsyncIterable<Buffer>) {
      if (chunk.includes(0)) throw new InvalidJson()
      seen += chunk.length
      scanner.feed(decoder.decode(chunk, { stream: true }))
    }
    scanner.feed(decoder.decode())
    if (seen === 0) throw new InvalidJson()
    scanner.finish()
    return { valid: true, topLevelType: scanner.topLevelType }
  } catch (error) {
    // Invalid UTF-8 (TextDecoder's TypeError) or invalid JSON; I/O errors go to the caller.
    if (error instanceof InvalidJson || error instanceof TypeError) {
      return { valid: false, topLevelType: null }
    }
    throw error
  }
}

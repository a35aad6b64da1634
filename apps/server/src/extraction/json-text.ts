import { createReadStream } from 'node:fs'
import { JSON_ESCAPES } from './json-scan.ts'
import type { ExtractionLimits } from './limits.ts'
import { TextCollector, type TextSink } from './text.ts'

// A GeoJSON file's geometry holds only coordinates and type names, nothing to search for.
const GEO_SKIPPED_KEYS = new Set(['type', 'geometry', 'coordinates', 'bbox', 'crs'])
// Deeper than any real data; a file nested further (which the upload check refuses anyway)
// keeps the text found up to there.
const MAX_DEPTH = 10_000

/**
 * The string values of a JSON file (not its keys), read as a stream: memory stays flat
 * whatever the size or nesting, where JSON.parse would build the whole tree. The file was
 * checked to be valid JSON at upload, so this reader only tracks what it needs: strings,
 * whether a string is a key, and the value of a skipped key.
 */
export async function extractJson(
  filePath: string,
  limits: ExtractionLimits,
  geo: boolean,
): Promise<string> {
  const text = new TextCollector(limits.maxChars)
  await readJsonText(filePath, limits, geo, text)
  return text.toString()
}

/**
 * Reads the string values of a JSON file into `text`, until the end or until the sink is
 * full. A string is kept up to `limits.maxChars` characters. False when the nesting was too
 * deep to read on.
 */
export async function readJsonText(
  filePath: string,
  limits: ExtractionLimits,
  geo: boolean,
  text: TextSink,
): Promise<boolean> {
  const skipped = geo ? GEO_SKIPPED_KEYS : new Set<string>()
  // One entry per open container: true for an object.
  const containers: boolean[] = []
  let expectKey = false
  let skipDepth = -1 // the depth whose value is being skipped, -1 when none
  let inString = false
  let escape = ''
  let value = ''
  let first = true

  const endString = () => {
    inString = false
    if (expectKey) {
      if (skipDepth < 0 && skipped.has(value)) skipDepth = containers.length
      expectKey = false
    } else if (skipDepth < 0) {
      text.add(` ${value}`)
    }
    value = ''
  }

  for await (const chunk of createReadStream(filePath, { encoding: 'utf8' })) {
    let piece = chunk as string
    if (first) piece = piece.replace(/^\uFEFF/, '')
    first = false
    for (let i = 0; i < piece.length; i++) {
      if (inString) {
        if (escape) {
          escape += piece[i]
          if (escape.length === 2 && escape[1] !== 'u') {
            value += JSON_ESCAPES[escape[1]!] ?? escape[1]
            escape = ''
          } else if (escape.length === 6) {
            value += String.fromCharCode(Number.parseInt(escape.slice(2), 16))
            escape = ''
          }
          continue
        }
        // Jump to the next quote or backslash: most of a string needs no look at each character.
        const quote = piece.indexOf('"', i)
        const backslash = piece.indexOf('\\', i)
        const stop = backslash >= 0 && (quote < 0 || backslash < quote) ? backslash : quote
        const end = stop < 0 ? piece.length : stop
        if (value.length < limits.maxChars) value += piece.slice(i, end)
        i = end
        if (stop < 0) break
        if (piece[stop] === '\\') escape = '\\'
        else endString()
        continue
      }
      const c = piece[i]
      if (c === '"') {
        inString = true
      } else if (c === '{' || c === '[') {
        if (containers.length >= MAX_DEPTH) return false
        containers.push(c === '{')
        expectKey = c === '{'
      } else if (c === '}' || c === ']') {
        containers.pop()
        // The skipped value was this container, or the object that held the key closed.
        if (skipDepth >= containers.length) skipDepth = -1
      } else if (c === ',') {
        if (skipDepth === containers.length) skipDepth = -1
        expectKey = containers[containers.length - 1] === true
      }
    }
    if (text.full) break
  }
  return true
}

import { UPLOAD_LIMITS } from '@dataportaal/contract'

// C0 and C1 control characters, and invisible formatting (bidirectional overrides can make
// 'rapport‮fdp.exe' look like 'rapportexe.pdf'; zero-width characters hide in names).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g
// What no text may hold (see the contract's text rule): surrogates without their partner
// and the noncharacters U+FFFE and U+FFFF.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g
const NONCHARACTER = /[\ufffe\uffff]/g
const FALLBACK = 'bestand'
const MAX_EXTENSION = 16

/** The extension with its dot ('.csv'), or '' when the name has none worth keeping. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  if (dot <= 0) return ''
  const extension = name.slice(dot)
  return extension.length > 1 && extension.length <= MAX_EXTENSION ? extension : ''
}

/** Cuts by code points, so a character outside the BMP is never split in half. */
const cut = (text: string, length: number) => Array.from(text).slice(0, length).join('')

/**
 * The name a file is shown and downloaded by, made from what the browser sent: only the last
 * path segment, without control or invisible characters or noncharacters, without leading
 * dots (no hidden or relative names), whitespace collapsed, at most UPLOAD_LIMITS.fileNameMax
 * characters with the extension kept. It is never used as a path: files are stored by their
 * content's hash. Names are cleaned, never refused (the text rule does not apply to them).
 */
export function displayFileName(original: string): string {
  let name = original
    .replace(LONE_SURROGATE, '')
    .normalize('NFC')
    .replace(/[\t\n\v\f\r]/g, ' ')
    .replace(CONTROL, '')
    .replace(INVISIBLE, '')
    .replace(NONCHARACTER, '')
    .split(/[/\\]/)
    .pop()!
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '')
    .replace(/[\s.]+$/, '')
  if (name.length === 0) return FALLBACK
  const max = UPLOAD_LIMITS.fileNameMax
  if (Array.from(name).length > max) {
    const extension = extensionOf(name)
    const base = cut(name.slice(0, name.length - extension.length), max - extension.length)
    name = `${base.trimEnd()}${extension}`
  }
  return name
}

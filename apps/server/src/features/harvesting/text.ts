/**
 * Cleaning a source's text to what the portal stores. A source's text is not input to be
 * refused like a form's (issue 12's rule): a stray control character in a title should not
 * keep a dataset out, so what the contract refuses is dropped instead.
 */

/** What MULTI_LINE_TEXT refuses (packages/contract/src/text.ts), lone surrogates aside. */
const CONTROLS = '\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F-\\x9F\\uFFFE\\uFFFF'
const ALWAYS_REFUSED = new RegExp(`[${CONTROLS}]`, 'g')
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
/** What SINGLE_LINE_TEXT refuses on top: tabs and line breaks, which become spaces. */
const LINE_BREAKS = /[\t\n\r\u2028\u2029]+/g

const withoutRefused = (text: string) =>
  text.replace(LONE_SURROGATE, '').replace(ALWAYS_REFUSED, '')

/** Cut to `max` UTF-16 units (so at most `max` characters), ending in '…' when cut. */
export function cut(text: string, max: number, ellipsis = '…'): string {
  if (text.length <= max) return text
  let kept = text.slice(0, max - ellipsis.length)
  // Never keep half of a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1)
  return `${kept.trimEnd()}${ellipsis}`
}

/** One line: line breaks as spaces, runs of spaces as one, trimmed. */
export const oneLine = (text: string) =>
  withoutRefused(text.replace(LINE_BREAKS, ' ')).replace(/ {2,}/g, ' ').trim()

/** Several lines: Windows line ends as one, trimmed. */
export const manyLines = (text: string) => withoutRefused(text.replace(/\r\n?/g, '\n')).trim()

import { z } from 'zod'

/**
 * The one rule for text input (issue 12): every string a request carries, in a path, a
 * query, a JSON body or a form field, is built with `singleLineText` or `multiLineText`.
 *
 * Refused everywhere: NUL (PostgreSQL cannot store it) and the other C0 control characters
 * except tab and line breaks, DEL and the C1 controls (U+007F-U+009F), the noncharacters
 * U+FFFE and U+FFFF, and surrogates without their partner (a JSON body can carry
 * "\ud800"; such a string cannot be encoded as UTF-8). One-line text (names, titles,
 * terms, filters) refuses tabs, line breaks and U+2028/U+2029 as well.
 *
 * The rule is a regular expression, so the OpenAPI document shows it as `pattern`. It means
 * the same with and without the `u` flag: a surrogate pair is its second alternative.
 */
const ALWAYS_REFUSED = '\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F-\\x9F\\uD800-\\uDFFF\\uFFFE\\uFFFF'
const LINE_BREAKS = '\\t\\n\\r\\u2028\\u2029'
const SURROGATE_PAIR = '[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]'

/** Text of any number of lines: descriptions, questions, explanations. */
export const MULTI_LINE_TEXT = new RegExp(`^(?:[^${ALWAYS_REFUSED}]|${SURROGATE_PAIR})*$`)
/** Text of one line: names, titles, terms, search filters, path parameters. */
export const SINGLE_LINE_TEXT = new RegExp(
  `^(?:[^${ALWAYS_REFUSED}${LINE_BREAKS}]|${SURROGATE_PAIR})*$`,
)

export const TEXT_MESSAGES = {
  multiLine: 'Deze tekst bevat een stuurteken of een ander teken dat niet kan worden opgeslagen.',
  singleLine: 'Gebruik één regel tekst, zonder tabs, regeleinden of stuurtekens.',
} as const

/** `params` as for `z.string` (the message for a missing value or no string). */
type StringParams = string | z.core.$ZodStringParams

/**
 * A string of one line. Chain `.trim()`, `.min()` and `.max()` after it; `message` replaces
 * the default Dutch refusal where a field has its own wording.
 */
export const singleLineText = (params?: StringParams, message: string = TEXT_MESSAGES.singleLine) =>
  z.string(params).regex(SINGLE_LINE_TEXT, { error: message })

/** A string that may have line breaks and tabs, but no other control characters. */
export const multiLineText = (params?: StringParams, message: string = TEXT_MESSAGES.multiLine) =>
  z.string(params).regex(MULTI_LINE_TEXT, { error: message })

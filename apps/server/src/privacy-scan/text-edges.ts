/** Where a candidate value ends and what stands next to it: shared by the detectors. */

/**
 * The matches of a global pattern, without the copy of the pattern `matchAll` makes on every
 * call (which costs more than the search in a short cell). Not reentrant: the pattern's
 * lastIndex is its state, and each detector's loop runs to its end before the next starts.
 */
export function* matches(pattern: RegExp, text: string): Generator<RegExpExecArray> {
  pattern.lastIndex = 0
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) yield match
}

export const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9'
export const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c)
// The patterns' own boundaries are ASCII (`\w`), which is many times faster than Unicode
// classes; a letter such as `é` right before or after a candidate is checked here.
export const glued = (text: string, start: number, end: number) =>
  isWordChar(text[start - 1]) || isWordChar(text[end])

/** A number glued to what precedes it: a decimal, a code (`ID-`, `2020/`), a longer number. */
export function joinedBefore(text: string, start: number, spaced: boolean): boolean {
  const before = text[start - 1]
  if (before === undefined) return false
  if ('.,-/+€$£#@:'.includes(before)) return before !== ':' || isDigit(text[start - 2])
  return spaced && before === ' ' && isDigit(text[start - 2])
}

/** A number that goes on after it ends: decimals, a range, a percentage, more digit groups. */
export function joinedAfter(text: string, end: number, spaced: boolean): boolean {
  const after = text[end]
  if (after === undefined) return false
  if (after === '%' || after === '‰') return true
  if ('.,-/:'.includes(after)) return isDigit(text[end + 1])
  return spaced && after === ' ' && isDigit(text[end + 1])
}

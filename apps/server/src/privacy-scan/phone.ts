import type { Hit } from './detection.ts'
import { isDigit, isWordChar, joinedAfter } from './text-edges.ts'

/** Dutch phone numbers: national, with +31 or 0031, with the area code in brackets. */

// A candidate starts with +31, 0031, (0 or 0, not glued to a word or a number before it.
const PHONE_START = /(?<![\w+\-./,:])(?:\+31|0031|\(0|0)(?=[\d (.-])/g
const PHONE_SEPARATORS = [' - ', ' / ', ' ', '-', '.', '/'] as const
const DATE_START = /^0?\d[-/. ](?:0?\d|1[0-2])[-/. ](?:19|20)\d\d(?!\d)/

/** The digits at `i`, and where they end. */
function digitsAt(text: string, i: number): string {
  let end = i
  while (isDigit(text[end])) end++
  return text.slice(i, end)
}

function separatorAt(text: string, i: number): string | null {
  for (const separator of PHONE_SEPARATORS) {
    if (text.startsWith(separator, i) && isDigit(text[i + separator.length])) return separator
  }
  return null
}

/**
 * A national significant number (the nine digits after the 0) a person can have: mobile (6),
 * geographic (1–5, 7) and the personal 084/085/087; not 0800/090x service numbers, 088
 * company numbers, 082 or 097 machine numbers.
 */
const personalNumber = (nsn: string) => /^[1-7]/.test(nsn) || /^8[457]/.test(nsn)

/** A Dutch phone number starting at `start`: where it ends, or -1. */
export function readPhone(text: string, start: number): number {
  let i = start
  const groups: string[] = []
  if (text.startsWith('+31', i) || text.startsWith('0031', i)) {
    i += text[i] === '+' ? 3 : 4
    const separator = text[i] === ' ' || text[i] === '-' ? 1 : 0
    i += separator
    if (text.startsWith('(0)', i)) {
      i += 3
      if (text[i] === ' ' || text[i] === '-') i++
    }
    if (text[i] === '0') return -1
  } else if (text.startsWith('(0', i)) {
    const area = digitsAt(text, i + 2)
    if (area.length < 1 || area.length > 3 || text[i + 2 + area.length] !== ')') return -1
    groups.push(area)
    i += 3 + area.length
    if (text[i] === ' ' || text[i] === '-') i++
  } else {
    i++ // the 0 of a national number
  }
  // Between the area code and the subscriber's number another separator may stand.
  const areaSeparators = groups.length === 0 ? 1 : 0
  const separators: string[] = []
  const first = digitsAt(text, i)
  if (first === '') return -1
  groups.push(first)
  i += first.length
  let total = groups.join('').length
  while (total < 9) {
    const separator = separatorAt(text, i)
    if (separator === null) break
    i += separator.length
    const group = digitsAt(text, i)
    groups.push(group)
    separators.push(separator)
    i += group.length
    total += group.length
  }
  if (total !== 9) return -1
  const [area = '', ...subscriber] = groups
  // The area part is 1 to 4 digits, or the whole number unbroken; the subscriber's groups are
  // 2 digits or more, parted by one kind of separator (a date with a time mixes them).
  if (subscriber.length > 0 && area.length > 4) return -1
  if (subscriber.some((group) => group.length < 2)) return -1
  if (new Set(separators.slice(areaSeparators)).size > 1) return -1
  if (!personalNumber(groups.join(''))) return -1
  if (isWordChar(text[i]) || joinedAfter(text, i, false)) return -1
  if (DATE_START.test(text.slice(start, i))) return -1
  return i
}

// The groups of four of an IBAN-shaped code (one that failed its check) are no phone number.
const IBAN_GROUPS_BEFORE = /(?<![\p{L}\p{N}])[A-Z]{2}\d{2}(?: [A-Z0-9]{4})+ $/u

export function findPhones(text: string, hits: Hit[]) {
  PHONE_START.lastIndex = 0
  for (let match = PHONE_START.exec(text); match; match = PHONE_START.exec(text)) {
    if (isWordChar(text[match.index - 1])) continue
    const end = readPhone(text, match.index)
    if (end < 0) continue
    if (IBAN_GROUPS_BEFORE.test(text.slice(Math.max(0, match.index - 40), match.index))) continue
    hits.push({ kind: 'telefoon', start: match.index, end })
    PHONE_START.lastIndex = end
  }
}

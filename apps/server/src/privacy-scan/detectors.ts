import type { PrivacyKind } from '@dataportaal/contract'
import { passesElfproef, passesLuhn, passesMod97 } from './checksums.ts'
import { IBAN_LENGTHS } from './iban-lengths.ts'

/**
 * The detectors: where in a text a personal value stands. Each kind is a pattern for its
 * written forms and a check that a number of that shape cannot pass by chance (a checksum, a
 * prefix, the sidecode of a licence plate). Whitespace is expected collapsed to single spaces.
 */

/** A value found: its kind and where it stands in the text (`end` exclusive). */
export interface Hit {
  kind: PrivacyKind
  start: number
  end: number
}

/**
 * What a text holds: the values found, and per checksum kind the numbers of the right shape
 * that failed their checksum. A column or page full of the latter is a column of ordinary
 * numbers, in which one in eleven passes the elfproef by chance (see `findings.ts`).
 */
export interface Detection {
  hits: Hit[]
  misses: { bsn: number; betaalkaart: number }
}

export type ChecksumKind = keyof Detection['misses']

/**
 * The matches of a global pattern, without the copy of the pattern `matchAll` makes on every
 * call (which costs more than the search in a short cell). Not reentrant: the pattern's
 * lastIndex is its state, and each detector's loop runs to its end before the next starts.
 */
function* matches(pattern: RegExp, text: string): Generator<RegExpExecArray> {
  pattern.lastIndex = 0
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) yield match
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9'
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c)
// The patterns' own boundaries are ASCII (`\w`), which is many times faster than Unicode
// classes; a letter such as `é` right before or after a candidate is checked here.
const glued = (text: string, start: number, end: number) =>
  isWordChar(text[start - 1]) || isWordChar(text[end])

/** A number glued to what precedes it: a decimal, a code (`ID-`, `2020/`), a longer number. */
function joinedBefore(text: string, start: number, spaced: boolean): boolean {
  const before = text[start - 1]
  if (before === undefined) return false
  if ('.,-/+€$£#@:'.includes(before)) return before !== ':' || isDigit(text[start - 2])
  return spaced && before === ' ' && isDigit(text[start - 2])
}

/** A number that goes on after it ends: decimals, a range, a percentage, more digit groups. */
function joinedAfter(text: string, end: number, spaced: boolean): boolean {
  const after = text[end]
  if (after === undefined) return false
  if (after === '%' || after === '‰') return true
  if ('.,-/:'.includes(after)) return isDigit(text[end + 1])
  return spaced && after === ' ' && isDigit(text[end + 1])
}

const CURRENCY_BEFORE = /(?:€|\$|£|\beur|\beuro)\s?$/i
const CURRENCY_AFTER = /^\s?(?:€|euro?\b|eur\b)/i
// Organisations' numbers are nine digits with the elfproef too, written next to their label.
const NOT_A_PERSON_BEFORE =
  /\b(?:rsin|fiscaal nummer|fiscaalnummer|btw|kvk|oin)\b[\s:.-]*(?:nummer|nr\.?)?[\s:.]*$/i

// `1234.56.782` is how the BSN is printed on documents; groups of three by space or dash as
// people type it. Groups of three by dots are left out: that is how amounts are written.
const BSN = /(?<!\w)(?:\d{4}\.\d{2}\.\d{3}|\d{3}([ -])\d{3}\1\d{3}|\d{9})(?!\w)/g

function findBsn(text: string, hits: Hit[], misses: Detection['misses']) {
  for (const match of matches(BSN, text)) {
    const start = match.index
    const end = start + match[0].length
    const spaced = match[1] !== undefined
    if (glued(text, start, end)) continue
    if (joinedBefore(text, start, spaced) || joinedAfter(text, end, spaced)) continue
    const before = text.slice(Math.max(0, start - 30), start)
    if (CURRENCY_BEFORE.test(before) || NOT_A_PERSON_BEFORE.test(before)) continue
    if (CURRENCY_AFTER.test(text.slice(end, end + 6))) continue
    if (passesElfproef(match[0].replace(/\D/g, ''))) hits.push({ kind: 'bsn', start, end })
    else misses.bsn++
  }
}

// 16 digits in groups of four (or 13 to 19), Amex and Diners in 4-6-5 and 4-6-4, or unbroken.
const CARD =
  /(?<!\w)(?:\d{4}([ -])\d{4}(?:\1\d{4}){1,3}(?:\1\d{1,3})?|\d{4}([ -])\d{6}\2\d{4,5}|\d{13,19})(?!\w)/g

/** Whether the issuer prefix and length are those of a card scheme (Visa, Mastercard, …). */
export function isCardNumberShape(digits: string): boolean {
  const n = digits.length
  const two = Number(digits.slice(0, 2))
  const four = Number(digits.slice(0, 4))
  switch (digits[0]) {
    case '4': // Visa
      return n === 13 || n === 16 || n === 19
    case '2': // Mastercard 2-series
      return n === 16 && four >= 2221 && four <= 2720
    case '3':
      if (two === 34 || two === 37) return n === 15 // American Express
      if (four >= 3528 && four <= 3589) return n >= 16 // JCB
      // Diners Club
      return (two === 36 || two === 38 || two === 39 || (four >= 3000 && four <= 3059)) && n >= 14
    case '5':
      if (two >= 51 && two <= 55) return n === 16 // Mastercard
      return two === 50 || two >= 56 // Maestro
    case '6': // Maestro, Discover, UnionPay
      return true
    default:
      return false
  }
}

function findCards(text: string, hits: Hit[], misses: Detection['misses']) {
  for (const match of matches(CARD, text)) {
    const start = match.index
    const end = start + match[0].length
    const spaced = match[1] !== undefined || match[2] !== undefined
    if (glued(text, start, end)) continue
    if (joinedBefore(text, start, spaced) || joinedAfter(text, end, spaced)) continue
    const digits = match[0].replace(/\D/g, '')
    if (digits.length < 13 || digits.length > 19 || !isCardNumberShape(digits)) continue
    if (passesLuhn(digits)) hits.push({ kind: 'betaalkaart', start, end })
    else misses.betaalkaart++
  }
}

const IBAN_START = /(?<!\w)([A-Z]{2})\d{2}(?=[ ]?[A-Z0-9])/g
const IBAN_CHAR = /[A-Z0-9]/

/** An IBAN of its country's length, unbroken or in groups of four, from `start`; its end or -1. */
function readIban(text: string, start: number, length: number): number {
  let i = start + 4
  let read = 4
  let spaced: boolean | null = null
  while (read < length) {
    if (read % 4 === 0) {
      const space = text[i] === ' '
      if (spaced === null) spaced = space
      else if (space !== spaced) return -1
      if (space) i++
    }
    if (!IBAN_CHAR.test(text[i] ?? '')) return -1
    i++
    read++
  }
  return isWordChar(text[i]) ? -1 : i
}

function findIbans(text: string, hits: Hit[]) {
  for (const match of matches(IBAN_START, text)) {
    const length = IBAN_LENGTHS[match[1] ?? '']
    if (length === undefined || isWordChar(text[match.index - 1])) continue
    const end = readIban(text, match.index, length)
    if (end < 0) continue
    if (passesMod97(text.slice(match.index, end).replaceAll(' ', ''))) {
      hits.push({ kind: 'iban', start: match.index, end })
    }
  }
}

const LOCAL_CHAR = /[\p{L}\p{N}._%+-]/u
const DOMAIN =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+([A-Za-z]{2,24})(?![\p{L}\p{N}_-]|\.[A-Za-z0-9])/u
const MAX_LOCAL = 64

function findEmails(text: string, hits: Hit[]) {
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    let start = at
    while (start > 0 && at - start < MAX_LOCAL && LOCAL_CHAR.test(text[start - 1] ?? '')) start--
    while (text[start] === '.' && start < at) start++
    if (start === at || text[at - 1] === '.') continue
    const domain = DOMAIN.exec(text.slice(at + 1, at + 256))
    if (!domain) continue
    const end = at + 1 + domain[0].length
    hits.push({ kind: 'email', start, end })
    at = end - 1
  }
}

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

function findPhones(text: string, hits: Hit[]) {
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

// PostNL never issues SA, SD and SS.
const POSTCODE = /(?<!\w)[1-9]\d{3} ?(?!SA|SD|SS)[A-Z]{2}(?!\w)/g
// A number, with an addition glued to it (`12a`, `12-B`), a capital after a space (`12 A`) or
// a second number (`12-3`, `12/3`).
const HOUSE_NUMBER = String.raw`\d{1,5}(?:-?[A-Za-z]{1,2}(?![\p{L}\p{N}])| [A-Z](?![\p{L}\p{N}])|[-/]\d{1,4}(?!\d))?`
// `1234 AB 12`: the house number after the postcode.
const NUMBER_AFTER = new RegExp(String.raw`^,? ${HOUSE_NUMBER}(?![\p{L}\p{N}_]|[.,]\d)`, 'u')
// `Straat 12, 1234 AB`: a street's last word and its number before it; a P.O. box is no home.
const NUMBER_BEFORE = new RegExp(
  String.raw`(?<![\p{L}\p{N}_])(\p{L}{2,}\.?) (${HOUSE_NUMBER}),? ?$`,
  'u',
)
const NO_HOME = /^(?:postbus|antwoordnummer|pb)$/i

function findAddresses(text: string, hits: Hit[]) {
  for (const match of matches(POSTCODE, text)) {
    const start = match.index
    const end = start + match[0].length
    if (glued(text, start, end)) continue
    const after = NUMBER_AFTER.exec(text.slice(end, end + 16))
    if (after) {
      hits.push({ kind: 'postcode-huisnummer', start, end: end + after[0].length })
      continue
    }
    // A house number before it stands within the last few characters: most postcodes in a
    // text (`postcode 1234 AB`) need no closer look.
    if (!/\d/.test(text.slice(Math.max(0, start - 12), start))) continue
    const window = text.slice(Math.max(0, start - 40), start)
    const before = NUMBER_BEFORE.exec(window)
    if (before && !NO_HOME.test(before[1] ?? '')) {
      const numberAt = start - window.length + before.index + (before[1]?.length ?? 0) + 1
      hits.push({ kind: 'postcode-huisnummer', start: numberAt, end })
    }
  }
}

// The RDW's sidecodes: L a letter, D a digit.
const SIDECODES = new Set([
  'LL-DD-DD',
  'DD-DD-LL',
  'DD-LL-DD',
  'LL-DD-LL',
  'LL-LL-DD',
  'DD-LL-LL',
  'DD-LLL-D',
  'D-LLL-DD',
  'LL-DDD-L',
  'L-DDD-LL',
  'LLL-DD-L',
  'L-DD-LLL',
  'D-LL-DDD',
  'DDD-LL-D',
])
// No vowels since sidecode 4 and never C, Q or Y (they read as 0 or as a vowel); plates from
// before 1978 with vowels are left out rather than reading every `AB-12-34` as one.
const PLATE_LETTERS = /^[BDFGHJKLMNPRSTVWXZ]+$/
// Found by its middle group (a literal dash is quick to look for), then its outer groups.
const PLATE_MIDDLE = /-([A-Z0-9]{1,3})-/g

const shapeOf = (group: string) =>
  /^\d+$/.test(group)
    ? 'D'.repeat(group.length)
    : /^[A-Z]+$/.test(group)
      ? 'L'.repeat(group.length)
      : null

const isPlateChar = (c: string | undefined) =>
  c !== undefined && ((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))

function findPlates(text: string, hits: Hit[]) {
  for (const match of matches(PLATE_MIDDLE, text)) {
    const firstDash = match.index
    const secondDash = firstDash + match[0].length - 1
    let start = firstDash
    while (start > 0 && firstDash - start < 4 && isPlateChar(text[start - 1])) start--
    let end = secondDash + 1
    while (end < text.length && end - secondDash <= 4 && isPlateChar(text[end])) end++
    if (isWordChar(text[start - 1]) || text[start - 1] === '-' || isWordChar(text[end])) continue
    if (text[end] === '-' && isPlateChar(text[end + 1])) continue
    const groups = [text.slice(start, firstDash), match[1] ?? '', text.slice(secondDash + 1, end)]
    const shapes = groups.map(shapeOf)
    if (shapes.includes(null) || !SIDECODES.has(shapes.join('-'))) continue
    const letters = groups.filter((_, i) => shapes[i]?.startsWith('L')).join('')
    if (!PLATE_LETTERS.test(letters)) continue
    hits.push({ kind: 'kenteken', start, end })
  }
}

// When two hits overlap, the one found first in this order stays: an IBAN's digits are no
// phone number, a phone number's last nine digits no BSN.
const PRIORITY: PrivacyKind[] = [
  'iban',
  'email',
  'betaalkaart',
  'telefoon',
  'bsn',
  'postcode-huisnummer',
  'kenteken',
]
const rank = (kind: PrivacyKind) => PRIORITY.indexOf(kind)

/** Every personal value in `text`, in order, none overlapping another. */
export function detect(text: string): Detection {
  const misses = { bsn: 0, betaalkaart: 0 }
  const found: Hit[] = []
  // Every kind holds a digit or an @: most cells and many lines hold neither.
  if (!/[\d@]/.test(text)) return { hits: found, misses }
  findIbans(text, found)
  findEmails(text, found)
  findCards(text, found, misses)
  findPhones(text, found)
  findBsn(text, found, misses)
  findAddresses(text, found)
  findPlates(text, found)
  if (found.length < 2) return { hits: found, misses }
  found.sort((a, b) => a.start - b.start || rank(a.kind) - rank(b.kind))
  const hits: Hit[] = []
  for (const hit of found) {
    const last = hits[hits.length - 1]
    if (last && hit.start < last.end) {
      if (rank(hit.kind) < rank(last.kind)) hits[hits.length - 1] = hit
      continue
    }
    hits.push(hit)
  }
  return { hits, misses }
}

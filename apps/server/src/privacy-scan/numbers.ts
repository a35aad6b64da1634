import { passesElfproef, passesLuhn, passesMod97 } from './checksums.ts'
import type { Detection, Hit } from './detection.ts'
import { IBAN_LENGTHS } from './iban-lengths.ts'
import { glued, isWordChar, joinedAfter, joinedBefore, matches } from './text-edges.ts'

/** The numbers with a check digit: BSN (elfproef), payment card (Luhn), IBAN (mod-97). */

const CURRENCY_BEFORE = /(?:€|\$|£|\beur|\beuro)\s?$/i
const CURRENCY_AFTER = /^\s?(?:€|euro?\b|eur\b)/i
// Organisations' numbers are nine digits with the elfproef too, written next to their label.
const NOT_A_PERSON_BEFORE =
  /\b(?:rsin|fiscaal nummer|fiscaalnummer|btw|kvk|oin)\b[\s:.-]*(?:nummer|nr\.?)?[\s:.]*$/i

// `1234.56.782` is how the BSN is printed on documents; groups of three by space or dash as
// people type it. Groups of three by dots are left out: that is how amounts are written.
const BSN = /(?<!\w)(?:\d{4}\.\d{2}\.\d{3}|\d{3}([ -])\d{3}\1\d{3}|\d{9})(?!\w)/g

export function findBsn(text: string, hits: Hit[], misses: Detection['misses']) {
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

export function findCards(text: string, hits: Hit[], misses: Detection['misses']) {
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

export function findIbans(text: string, hits: Hit[]) {
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
